import TouchCore

/// The frame and responder lines' fast path straight from the core's events, and the
/// precisions lines hold their figures at. Which line an event becomes is
/// `LogLine.init(_:seat:)`; each record rounds its figures once, as its line holds them
/// (`logged`, beside its key table): pens' axes to five decimals (they arrive in steps of
/// 1/65535), places to hundredths of a pixel, the panel's velocities and rates to tenths
/// and hundredths.
extension LogLine {
    /// A responder line, written straight from the delivery: the client queues these ten
    /// times a frame, and a delivery copies for less than a whole event does
    /// (docs/benchmark.md, "The core's touch path").
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

    static func encodeFrame(_ frame: TouchFrame, spots: Int, seat: String?, into out: inout [UInt8]) {
        JSONBytes.open(.frame, into: &out)
        JSONBytes.key("time", int: Int(frame.time), into: &out)
        if let ns = frame.timeNanoseconds { JSONBytes.key("timeNs", int: Int(truncatingIfNeeded: ns), into: &out) }
        JSONBytes.key("spots", int: spots, into: &out)
        JSONBytes.append(#","touches":["#, to: &out)
        var first = true
        for touch in frame.touches {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            encodeEntry(id: touch.id, phase: touch.phase.rawValue, at: touch.location, into: &out)
            if touch.source != .touchscreen { JSONBytes.key("source", string: touch.source.rawValue, into: &out) }
            if let pen = touch.pen { encodePen(pen, into: &out) }
            if let major = touch.major { JSONBytes.key("major", double: major, into: &out) }
            if let minor = touch.minor { JSONBytes.key("minor", double: minor, into: &out) }
            if let orientation = touch.orientation { JSONBytes.key("orientation", double: orientation, into: &out) }
            if let seat, !touch.source.isPen { JSONBytes.key("seat", string: seat, into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        for hover in frame.hovers {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            encodeEntry(id: hover.id, phase: hover.phase.rawValue, at: hover.location, into: &out)
            JSONBytes.key("source", string: hover.source.rawValue, into: &out)
            encodePen(hover.state, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        JSONBytes.append("]}", to: &out)
    }

    /// `{"id":N,"phase":"P","x":X,"y":Y`, left open for more keys.
    private static func encodeEntry(id: Int32, phase: String, at location: Point, into out: inout [UInt8]) {
        JSONBytes.append(#"{"id":"#, to: &out)
        JSONBytes.encode(Int(id), into: &out)
        JSONBytes.key("phase", string: phase, into: &out)
        JSONBytes.key("x", double: location.x, into: &out)
        JSONBytes.key("y", double: location.y, into: &out)
    }

    private static func encodePen(_ pen: PenState, into out: inout [UInt8]) {
        if let pressure = pen.pressure { JSONBytes.key("pressure", double: fine(pressure), into: &out) }
        if let x = pen.tiltX, let y = pen.tiltY {
            JSONBytes.openKey("tilt", into: &out)
            out.append(UInt8(ascii: "["))
            JSONBytes.encode(fine(x), into: &out)
            out.append(UInt8(ascii: ","))
            JSONBytes.encode(fine(y), into: &out)
            out.append(UInt8(ascii: "]"))
        }
        if let distance = pen.distance { JSONBytes.key("distance", double: fine(distance), into: &out) }
        if !pen.buttons.isEmpty {
            JSONBytes.openKey("buttons", into: &out)
            JSONBytes.array(pen.buttons, into: &out) { JSONBytes.encode(Int($0), into: &$1) }
        }
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
