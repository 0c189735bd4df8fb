import TouchCore

/// How the core's events become lines. The rounding is decided here, once: pens' axes to
/// five decimals (they arrive in steps of 1/65535), placards to hundredths of a pixel, the
/// panel's velocities and rates to tenths and hundredths.
extension LogLine {
    /// The line for one of the session's events; `seat` names a frame's seat when several
    /// seats can touch.
    public init(_ event: TouchSessionEvent, seat: String?) {
        switch event {
        case .scene(let name):
            self = .scene(name: name)
        case .frame(let frame, let spots):
            self = .frame(LogFrame(frame, spots: spots, seat: seat))
        case .hit(let hit):
            self = .hit(hit)
        case .responder(let delivery):
            self = .responder(delivery)
        case .gesture(let gesture):
            self = .gesture(gesture.logged)
        case .label(let slot, let text):
            self = .label(text: text, slot: slot)
        case .placard(let placard):
            self = .placard(PlacardState(center: hundredths(placard.center),
                                         text: placard.text, phase: placard.phase))
        case .warning(let message, let kind):
            self = .warning(message: message, kind: .anomaly(kind))
        case .readout(let readout):
            self = .readout(readout.logged)
        case .lesson(let lesson):
            self = .teach(lesson.logged)
        case .qualify(let progress):
            self = .qualify(progress.logged)
        case .nearMiss(let misses):
            self = .nearmiss(misses.map(\.logged))
        }
    }

    /// Appends the line for one of the session's events. Frame lines (one per touch frame)
    /// and responder lines (one per moving finger and frame) are written straight from the
    /// event: going through `LogLine` would allocate a frame's entries once per frame, and
    /// the per-frame path allocates nothing (docs/benchmark.md). These two fast paths spell
    /// their keys as literals, which copy for a third less than the key tables' names
    /// (`LogKey`; the log's encoding, 75.7 k instructions a frame in callgrind against 81.3
    /// k through the tables); `EventLogContractTests.testTheFastPathWritesWhatTheLineWrites`
    /// holds them to the bytes the tables' encoder writes, and `EventLogKeyTableTests` those
    /// to the tables.
    public static func encode(_ event: TouchSessionEvent, seat: String?, into out: inout [UInt8]) {
        switch event {
        case .frame(let frame, let spots):
            encodeFrame(frame, spots: spots, seat: seat, into: &out)
        case .responder(let delivery):
            encodeResponder(delivery, into: &out)
        case .scene, .hit, .gesture, .label, .placard, .warning, .readout, .lesson, .qualify, .nearMiss:
            LogLine(event, seat: seat).encode(into: &out)
        }
    }

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

    private static func encodeFrame(_ frame: TouchFrame, spots: Int, seat: String?, into out: inout [UInt8]) {
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

extension LogFrame {
    public init(_ frame: TouchFrame, spots: Int, seat: String?) {
        var entries: [LogTouch] = []
        entries.reserveCapacity(frame.touches.count + frame.hovers.count)
        for touch in frame.touches {
            var entry = LogTouch(id: Int(touch.id), phase: .touch(touch.phase), x: touch.location.x, y: touch.location.y,
                                 source: touch.source == .touchscreen ? nil : touch.source,
                                 major: touch.major, minor: touch.minor, orientation: touch.orientation,
                                 seat: touch.source.isPen ? nil : seat)
            if let pen = touch.pen { entry.setPen(pen) }
            entries.append(entry)
        }
        for hover in frame.hovers {
            var entry = LogTouch(id: Int(hover.id), phase: .pen(hover.phase), x: hover.location.x,
                                 y: hover.location.y, source: hover.source)
            entry.setPen(hover.state)
            entries.append(entry)
        }
        self.init(time: Int(frame.time), timeNs: frame.timeNanoseconds.map { Int(truncatingIfNeeded: $0) }, spots: spots,
                  touches: entries)
    }
}

extension LogTouch {
    fileprivate mutating func setPen(_ pen: PenState) {
        pressure = pen.pressure.map(fine)
        if let x = pen.tiltX, let y = pen.tiltY { tilt = [fine(x), fine(y)] }
        distance = pen.distance.map(fine)
        buttons = pen.buttons.isEmpty ? nil : pen.buttons.map { Int($0) }
    }
}

extension Gesture {
    /// The gesture as its line holds it: a template's score to two decimals.
    var logged: Gesture {
        if case .template(let name, let score) = self { return .template(name: name, score: hundredths(score)) }
        return self
    }
}

extension NearMiss {
    /// The miss as its line holds it: value and limit to thousandths (rounded once, here).
    var logged: NearMiss {
        NearMiss(recognizer: recognizer, reason: reason, setting: setting, value: thousandths(value), limit: thousandths(limit))
    }
}

extension ReadoutSnapshot {
    /// The panel as its line holds it: events per frame and speeds to tenths, report rates
    /// to hundredths, pressure to 1e-5 (rounded once, here, so that a line read back equals
    /// the one written).
    var logged: ReadoutSnapshot {
        var copy = self
        copy.eventsPerFrame = tenths(eventsPerFrame)
        for i in copy.fingers.indices {
            copy.fingers[i].velocity = fingers[i].velocity.map(tenths)
            copy.fingers[i].reportRate = fingers[i].reportRate.map(hundredths)
            copy.fingers[i].pressure = fingers[i].pressure.map(fine)
        }
        return copy
    }
}

extension LessonProgress {
    /// The lesson as its line holds it: the agreement to three decimals, the Save button's
    /// place to hundredths of a pixel.
    public var logged: LessonProgress {
        var copy = self
        copy.agreement = agreement.map(thousandths)
        copy.saveAt = saveAt.map(hundredths)
        return copy
    }
}

extension QualifyProgress {
    /// The run's progress as its line holds it: figures and thresholds to three decimals,
    /// an unmeasured figure infinite (written null); the Next button's centre to hundredths
    /// of a pixel; the report rate's limit 60 where none was resolved; a panel without a
    /// width none; the scale, the panel, the guide, the buttons and the card exactly, so
    /// that an offline judge of the log measures what the live one measured.
    public var logged: QualifyProgress {
        var copy = self
        copy.verdicts = verdicts.map(\.logged)
        copy.next = next.map(hundredths)
        if panel.width <= 0 { copy.panel = Size(width: 0, height: 0) }
        if var limits = thresholds {
            limits.reportRate = limits.reportRate ?? QualifyThresholds.unknownRefreshRate
            copy.thresholds = limits
        }
        return copy
    }
}

extension Verdict {
    /// The verdict as its line holds it: figure and threshold to three decimals (a figure
    /// too large to scale kept as it is, `rounded(_:per:)`).
    public var logged: Verdict {
        Verdict(validator: validator, figure: figure.isFinite ? thousandths(figure) : figure, comparison: comparison,
                threshold: thousandths(threshold), unit: unit, passed: passed, detail: detail)
    }
}

extension QualifyThresholds {
    /// The limits as a `started` line names them, in its order: the plan files' names
    /// (`keys`), then `report-rate` in Hz (`unknownRefreshRate` where none was resolved).
    public var named: [(name: String, value: Double)] {
        Self.keys.map { ($0.name, self[keyPath: $0.value]) } + [("report-rate", reportRate ?? Self.unknownRefreshRate)]
    }

    /// The limits a `started` line gives: unknown names and values that are not finite
    /// ignored, missing ones the defaults'.
    public init(named limits: [(name: String, value: Double)]) {
        self.init()
        for limit in limits where limit.value.isFinite {
            if limit.name == "report-rate" { reportRate = limit.value; continue }
            if let key = Self.keys.first(where: { $0.name == limit.name }) { self[keyPath: key.value] = limit.value }
        }
    }
}
