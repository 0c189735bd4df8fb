import TouchCore

/// The responder line's fast path straight from the core's delivery (the frame line's is
/// `LogLine.encodeFrame`, beside its table), and the precisions lines hold their figures at. Which line an event becomes is
/// `LogLine.init(_:seat:)`; each record rounds its figures once, as its line holds them
/// (`logged`, beside its key table): pens' axes to five decimals (they arrive in steps of
/// 1/65535), places to hundredths of a pixel, the panel's velocities and rates to tenths
/// and hundredths.
extension LogLine {
    /// A responder line, written straight from the delivery: the client queues these ten
    /// times a frame, and a delivery copies for less than a whole event does
    /// (docs/design/performance.md, "The core's touch path").
    public static func encodeResponder(_ delivery: ResponderDelivery, into out: inout [UInt8]) {
        JSONBytes.open(.responder, into: &out)
        encodeKeys(of: delivery, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A responder line's keys, as `ResponderDelivery.LineKey` names and orders them.
    static func encodeKeys(of delivery: ResponderDelivery, into out: inout [UInt8]) {
        JSONBytes.key("id", int: Int(delivery.id), into: &out)
        JSONBytes.key("phase", string: delivery.phase.rawValue, into: &out)
        JSONBytes.key("chain", strings: delivery.chain, into: &out)
        JSONBytes.key("handledBy", orNull: delivery.handledBy, into: &out)
    }
}

// The precisions the lines hold their figures at; every figure a line rounds goes
// through `rounded(_:per:)`.

/// `value` to the nearest 1/`per`, or as it is where that overflows: a figure above about
/// 1.8e305, scaled, would be infinite, which JSON cannot hold.
func rounded(_ value: Double, per: Double) -> Double {
    let scaled = (value * per).rounded() / per
    return scaled.isFinite ? scaled : value
}
func tenths(_ v: Double) -> Double { rounded(v, per: 10) }
func hundredths(_ v: Double) -> Double { rounded(v, per: 100) }
/// A place in window pixels as lines hold it: to the hundredth of a pixel.
func hundredths(_ p: Point) -> Point { Point(x: hundredths(p.x), y: hundredths(p.y)) }
func thousandths(_ v: Double) -> Double { rounded(v, per: 1000) }
/// Five decimals: a pen's pressure and distance arrive in steps of 1/65535, so these keep
/// them exact.
func fine(_ v: Double) -> Double { rounded(v, per: 100_000) }
