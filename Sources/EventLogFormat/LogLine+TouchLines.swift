import TouchCore

// The lines about touches and what the session made of them: each kind's key table
// (`LogKey`, docs/event-log.md's order) and its codec beside it. Frame and responder lines
// also have a fast path straight from the session's events (`LogLine+CoreEvents.swift`),
// written with literal keys and held to these tables' bytes.

extension LogLine {
    public enum LabelKey: String, LogKey {
        case text, slot
        public var spec: LogKeySpec { self == .text ? .required(.string) : .required(.closed) }
    }

    public enum NearMissKey: String, LogKey {
        /// The misses in words, for people: required, and read from the misses.
        case text
        case misses
        public var spec: LogKeySpec { self == .text ? .required(.string) : .required(.list) }
    }

    func encodeTouchLine(into out: inout [UInt8]) {
        switch self {
        case .frame(let frame): frame.encode(into: &out)
        case .hit(let hit): hit.encode(into: &out)
        case .responder(let delivery): delivery.encode(into: &out)
        case .gesture(let gesture): gesture.encode(into: &out)
        case .label(let text, let slot):
            LabelKey.text.write(text, into: &out)
            LabelKey.slot.write(closed: slot, into: &out)
        case .placard(let placard): placard.encode(into: &out)
        case .nearmiss(let misses):
            NearMissKey.text.write(NearMiss.text(of: misses), into: &out)
            NearMissKey.misses.write(list: misses, into: &out) { $0.encode(into: &$1) }
        case .readout(let readout): readout.encode(into: &out)
        default: preconditionFailure("\(kind) is not a touch line")
        }
    }

    init(touchLine kind: Kind, _ o: LogFields) throws(LogLineError) {
        switch kind {
        case .frame: self = .frame(try LogFrame(o))
        case .hit: self = .hit(try TouchHit(o))
        case .responder: self = .responder(try ResponderDelivery(o))
        case .gesture: self = .gesture(try Gesture(o))
        case .label: self = .label(text: try o.string(LabelKey.text), slot: try o.closed(LabelKey.slot))
        case .placard: self = .placard(try PlacardState(o))
        case .nearmiss:
            _ = try o.string(NearMissKey.text)
            self = .nearmiss(try o.objects(NearMissKey.misses, NearMiss.init))
        case .readout: self = .readout(try ReadoutSnapshot(o))
        default: preconditionFailure("\(kind) is not a touch line")
        }
    }
}

extension LogFrame {
    public enum LineKey: String, LogKey {
        case time, timeNs, spots, touches
        public var spec: LogKeySpec {
            switch self {
            case .time, .spots: .required(.integer)
            case .timeNs: .optional(.integer)
            case .touches: .required(.list)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.time.write(time, into: &out)
        if let timeNs { LineKey.timeNs.write(timeNs, into: &out) }
        LineKey.spots.write(spots, into: &out)
        LineKey.touches.write(list: touches, into: &out) { $0.encode(into: &$1) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(time: try o.int(LineKey.time), timeNs: try o.optionalInt(LineKey.timeNs), spots: try o.int(LineKey.spots),
                  touches: try o.objects(LineKey.touches, LogTouch.init))
    }
}

extension LogTouch {
    /// A frame's entry: a touch, or a pen hovering or leaving.
    public enum LineKey: String, LogKey {
        case id, phase, x, y, source, pressure, tilt, distance, buttons, major, minor, orientation, seat
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer)
            case .phase: .required(.closed)
            case .x, .y: .required(.number)
            case .source: .optional(.closed)
            case .pressure, .distance, .major, .minor, .orientation: .optional(.number)
            case .tilt, .buttons: .optional(.list)
            case .seat: .optional(.string)
            }
        }
    }

    /// `{"id":N,"phase":"P","x":X,"y":Y,...}` with the optional keys in the table's order.
    func encode(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        LineKey.id.write(id, into: &out)
        LineKey.phase.write(closed: phase, into: &out)
        LineKey.x.write(x, into: &out)
        LineKey.y.write(y, into: &out)
        if let source { LineKey.source.write(closed: source, into: &out) }
        if let pressure { LineKey.pressure.write(pressure, into: &out) }
        if let tilt { LineKey.tilt.write(numbers: tilt, into: &out) }
        if let distance { LineKey.distance.write(distance, into: &out) }
        if let buttons { LineKey.buttons.write(list: buttons, into: &out) { JSONBytes.encode($0, into: &$1) } }
        if let major { LineKey.major.write(major, into: &out) }
        if let minor { LineKey.minor.write(minor, into: &out) }
        if let orientation { LineKey.orientation.write(orientation, into: &out) }
        if let seat { LineKey.seat.write(seat, into: &out) }
        out.append(UInt8(ascii: "}"))
    }

    init(_ o: LogFields) throws(LogLineError) {
        // The compositor's Int32, as hits and deliveries hold it: an id out of its range is
        // refused here, as theirs is.
        self.init(id: Int(try o.int32(LineKey.id)), phase: try o.closed(LineKey.phase), x: try o.double(LineKey.x), y: try o.double(LineKey.y),
                  source: try o.optionalClosed(LineKey.source), pressure: try o.optionalDouble(LineKey.pressure),
                  tilt: try o.optionalDoubles(LineKey.tilt), distance: try o.optionalDouble(LineKey.distance),
                  buttons: try o.optionalInts(LineKey.buttons), major: try o.optionalDouble(LineKey.major),
                  minor: try o.optionalDouble(LineKey.minor), orientation: try o.optionalDouble(LineKey.orientation),
                  seat: try o.optionalString(LineKey.seat))
    }
}

extension TouchHit {
    /// `ignored` is written only when true, and read back as false when absent.
    public enum LineKey: String, LogKey {
        case id, view, visited, ignored
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer)
            case .view: .nullable(.string)
            case .visited: .required(.list)
            case .ignored: .optional(.boolean)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.id.write(Int(id), into: &out)
        LineKey.view.write(orNull: view, into: &out)
        LineKey.visited.write(strings: visited, into: &out)
        if ignored { LineKey.ignored.write(true, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(id: try o.int32(LineKey.id), view: try o.nullableString(LineKey.view),
                  visited: try o.strings(LineKey.visited), ignored: try o.optionalBool(LineKey.ignored) ?? false)
    }
}

extension ResponderDelivery {
    public enum LineKey: String, LogKey {
        case id, phase, chain, handledBy
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer)
            case .phase: .required(.closed)
            case .chain: .required(.list)
            case .handledBy: .nullable(.string)
            }
        }
    }

    /// The line's keys (`LogLine.encodeResponder` is the per-frame fast path).
    func encode(into out: inout [UInt8]) {
        LineKey.id.write(Int(id), into: &out)
        LineKey.phase.write(closed: phase, into: &out)
        LineKey.chain.write(strings: chain, into: &out)
        LineKey.handledBy.write(orNull: handledBy, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(id: try o.int32(LineKey.id), phase: try o.closed(LineKey.phase),
                  chain: try o.strings(LineKey.chain), handledBy: try o.nullableString(LineKey.handledBy))
    }
}

extension Gesture {
    /// A gesture's `name`, then the keys its case has (docs/event-log.md); the decoder
    /// requires those of the case it reads.
    public enum LineKey: String, LogKey {
        case name, count, edge, direction, fingers, degrees, template, score
        public var spec: LogKeySpec {
            switch self {
            case .name: .required(.closed)
            case .count, .fingers, .degrees: .optional(.integer)
            case .edge, .direction: .optional(.closed)
            case .template: .optional(.string)
            case .score: .optional(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.name.write(closed: kind, into: &out)
        switch self {
        case .tap(let count): LineKey.count.write(count, into: &out)
        case .swipe(let axis, let fingers):
            LineKey.direction.write(closed: axis, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .pinch(let direction): LineKey.direction.write(closed: direction, into: &out)
        case .checkmark: break
        case .longPress(let fingers): LineKey.fingers.write(fingers, into: &out)
        case .rotation(let direction, let degrees):
            LineKey.direction.write(closed: direction, into: &out)
            LineKey.degrees.write(degrees, into: &out)
        case .edgeSwipe(let edge, let fingers):
            LineKey.edge.write(closed: edge, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .template(let name, let score):
            LineKey.template.write(name, into: &out)
            LineKey.score.write(score, into: &out)  // rounded once, in `Gesture.logged`
        }
    }

    init(_ o: LogFields) throws(LogLineError) {
        /// A key its case must have.
        func needed<Value>(_ key: LineKey, _ value: Value?) throws(LogLineError) -> Value {
            guard let value else { throw LogLineError("no '\(key.rawValue)'") }
            return value
        }
        switch try o.closed(LineKey.name) as Kind {
        case .tap: self = .tap(count: try needed(.count, o.optionalInt(LineKey.count)))
        case .swipe:
            self = .swipe(try needed(.direction, o.optionalClosed(LineKey.direction)),
                          fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .pinch: self = .pinch(try needed(.direction, o.optionalClosed(LineKey.direction)))
        case .checkmark: self = .checkmark
        case .longPress: self = .longPress(fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .rotation:
            self = .rotation(try needed(.direction, o.optionalClosed(LineKey.direction)),
                             degrees: try needed(.degrees, o.optionalInt(LineKey.degrees)))
        case .edgeSwipe:
            self = .edgeSwipe(try needed(.edge, o.optionalClosed(LineKey.edge)),
                              fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .template:
            self = .template(name: try needed(.template, o.optionalString(LineKey.template)),
                             score: try needed(.score, o.optionalDouble(LineKey.score)))
        }
    }
}

extension PlacardState {
    /// The placard's centre (`x`, `y`, hundredths of a pixel as written), its text and
    /// its phase as `state`.
    public enum LineKey: String, LogKey {
        case x, y, text, state
        public var spec: LogKeySpec {
            switch self {
            case .x, .y: .required(.number)
            case .text: .required(.string)
            case .state: .required(.closed)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.x.write(center.x, into: &out)
        LineKey.y.write(center.y, into: &out)
        LineKey.text.write(text, into: &out)
        LineKey.state.write(closed: phase, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(center: Point(x: try o.double(LineKey.x), y: try o.double(LineKey.y)), text: try o.string(LineKey.text),
                  phase: try o.closed(LineKey.state))
    }
}

extension NearMiss {
    /// An entry of a `nearmiss` line's `misses`.
    public enum LineKey: String, LogKey {
        case recognizer, reason, setting, value, limit
        public var spec: LogKeySpec {
            switch self {
            case .recognizer, .reason: .required(.string)
            case .setting: .optional(.closed)  // a --gesture key (`GestureSettings.keys`)
            case .value, .limit: .required(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        LineKey.recognizer.write(recognizer, into: &out)
        LineKey.reason.write(reason, into: &out)
        if let setting { LineKey.setting.write(member: setting, into: &out) }
        LineKey.value.write(value, into: &out)
        LineKey.limit.write(limit, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(recognizer: try o.string(LineKey.recognizer), reason: try o.string(LineKey.reason),
                  setting: try o.optionalMember(LineKey.setting), value: try o.double(LineKey.value),
                  limit: try o.double(LineKey.limit))
    }
}

extension ReadoutSnapshot {
    /// The instrument panel, its figures at the precision the line holds them
    /// (`ReadoutSnapshot.logged`).
    public enum LineKey: String, LogKey {
        case touches, maxTouches, framesPerSecond, eventsPerFrame, shapeSeen, fingers
        public var spec: LogKeySpec {
            switch self {
            case .touches, .maxTouches: .required(.integer)
            case .framesPerSecond, .eventsPerFrame: .required(.number)
            case .shapeSeen: .required(.boolean)
            case .fingers: .required(.list)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.touches.write(touches, into: &out)
        LineKey.maxTouches.write(maxTouches, into: &out)
        LineKey.framesPerSecond.write(framesPerSecond, into: &out)
        LineKey.eventsPerFrame.write(eventsPerFrame, into: &out)
        LineKey.shapeSeen.write(shapeSeen, into: &out)
        LineKey.fingers.write(list: fingers, into: &out) { $0.encode(into: &$1) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(touches: try o.int(LineKey.touches), maxTouches: try o.int(LineKey.maxTouches),
                  framesPerSecond: try o.double(LineKey.framesPerSecond),
                  eventsPerFrame: try o.double(LineKey.eventsPerFrame),
                  shapeSeen: try o.bool(LineKey.shapeSeen),
                  fingers: try o.objects(LineKey.fingers, FingerReadout.init))
    }
}

extension FingerReadout {
    /// An entry of a readout's `fingers`; `source` only for what is not a touchscreen
    /// finger, read back as `touchscreen` when absent.
    public enum LineKey: String, LogKey {
        case id, x, y, dx, dy, velocity, reportRate, source, pressure, major, minor, orientation
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer)
            case .x, .y, .dx, .dy: .required(.number)
            case .velocity, .reportRate: .nullable(.number)
            case .source: .optional(.closed)
            case .pressure, .major, .minor, .orientation: .optional(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        LineKey.id.write(Int(id), into: &out)
        LineKey.x.write(location.x, into: &out)
        LineKey.y.write(location.y, into: &out)
        LineKey.dx.write(dx, into: &out)
        LineKey.dy.write(dy, into: &out)
        LineKey.velocity.write(orNull: velocity, into: &out)
        LineKey.reportRate.write(orNull: reportRate, into: &out)
        if source != .touchscreen { LineKey.source.write(closed: source, into: &out) }
        if let pressure { LineKey.pressure.write(pressure, into: &out) }
        if let major { LineKey.major.write(major, into: &out) }
        if let minor { LineKey.minor.write(minor, into: &out) }
        if let orientation { LineKey.orientation.write(orientation, into: &out) }
        out.append(UInt8(ascii: "}"))
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(id: try o.int32(LineKey.id), source: try o.optionalClosed(LineKey.source) ?? .touchscreen,
                  location: Point(x: try o.double(LineKey.x), y: try o.double(LineKey.y)), dx: try o.double(LineKey.dx),
                  dy: try o.double(LineKey.dy), velocity: try o.nullableDouble(LineKey.velocity),
                  reportRate: try o.nullableDouble(LineKey.reportRate),
                  pressure: try o.optionalDouble(LineKey.pressure), major: try o.optionalDouble(LineKey.major),
                  minor: try o.optionalDouble(LineKey.minor), orientation: try o.optionalDouble(LineKey.orientation))
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

extension PlacardState {
    /// The placard as its line holds it: its centre to hundredths of a pixel.
    var logged: PlacardState { PlacardState(center: hundredths(center), text: text, phase: phase) }
}
