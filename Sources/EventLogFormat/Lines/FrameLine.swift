import TouchCore

/// The core's own frame, as its line holds it (`TouchFrame.logged`), with the spot
/// views alive after it and the seat it came from when several seats can touch (a
/// line names it on its fingers, so a frame of pens only has none). Boxed: larger than
/// the `presented` line (`LogLineLayoutTests`), and the client writes its frames
/// straight from the event (`encode(_:seat:into:)`), never through a `LogLine`.
// @LogLine 5: indirect case frame(TouchFrame, spots: Int, seat: String?) keys: TouchFrame.LineKey

// A `frame` line: what one `wl_touch.frame` (or a pen or pointer frame) delivered. The
// line is the core's own `TouchFrame` (`LogLine.frame(_:spots:seat:)`), written straight
// from it and read back into one: there is no second record of a frame or a touch.

extension TouchFrame {
    /// A `frame` line's keys. (The encoder, `LogLine.encodeFrame`, is the per-frame fast
    /// path and spells them as literals; `EventLogKeyTableTests` holds what it writes to
    /// this table and the entries' one.)
    public enum LineKey: String, LogKey {
        case time, timeNs, spots, touches
        public var spec: LogKeySpec {
            switch self {
            case .time: .required(.integer).minimum(0).maximum(.integer(Int(UInt32.max)))
            case .timeNs:
                .optional(.integer).described("The same moment in nanoseconds (CLOCK_MONOTONIC), where the compositor "
                    + "offers zwp_input_timestamps_v1 (weston); a qualify run judges on it.").minimum(0)
            case .spots: .required(.integer).minimum(0)
            case .touches: .required(listOf: .object).minItems(1).object(EntryKey.self)
            }
        }
    }

    /// A frame's entry (`Entry`): a touch, or a pen hovering or leaving.
    public enum EntryKey: String, LogKey {
        case id, phase, x, y, source, pressure, tilt, distance, buttons, major, minor, orientation, seat
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer).ref("touchID")
            case .phase:
                .required(.closed).described("A finger's or a pen tip's phase; hover (in proximity, tip up) and out "
                    + "(left proximity) for pens only.").with("anyOf", [.ref("phase"), .values(PenHover.Phase.allCases)])
            case .x, .y: .required(.number)
            case .source: .optional(.closed).values(TouchSource.allCases.filter { $0 != .touchscreen })
            case .pressure: .optional(.number).described("A pen's pressure, 0 to 1 (the protocol's 0 to 65535).").range(0...1)
            case .distance: .optional(.number).described("A hovering pen's distance, 0 to 1.").range(0...1)
            case .major: .optional(.number).described("The contact ellipse's major axis in surface px (wl_touch.shape).")
            case .minor: .optional(.number).described("The contact ellipse's minor axis in surface px (wl_touch.shape).")
            case .orientation:
                .optional(.number).described("The major axis' clockwise angle from the surface's +y axis, degrees "
                    + "(wl_touch.orientation).")
            case .tilt: .optional(listOf: .number).described("A pen's tilt [x, y] in degrees.").length(2)
            case .buttons:
                .optional(listOf: .integer).described("A pen's buttons held down, as Linux BTN_* codes.")
                    .items(["type": "integer", "minimum": 0]).minItems(1)
            case .seat: .optional(.string)
            }
        }
    }

    /// The frame as its line holds it, so that a frame built by the core and the same
    /// frame read back from its line are equal:
    /// - pens' axes to five decimals (`fine`), as written;
    /// - what a line does not carry takes the value a reader gets: each touch's finger is
    ///   its compositor id (a reader that follows fingers across reused ids numbers them
    ///   itself, as `OfflineJudge` does), its previous location its location, its times
    ///   the frame's, its tap count 1; no active touches; device 0.
    public var logged: TouchFrame {
        var frame = TouchFrame(time: time, touches: [], activeTouches: [], hovers: hovers.map { hover in
            var hover = hover
            hover.state = hover.state.logged
            return hover
        })
        let ns = timeNanoseconds
        frame.touches = touches.map { touch in
            var logged = Touch(id: touch.id, finger: FingerID(Int(touch.id)), phase: touch.phase, location: touch.location,
                               time: time, major: touch.major, minor: touch.minor, orientation: touch.orientation)
            logged.timeNanoseconds = ns
            logged.source = touch.source
            // A line carries a pen's axes, not whether a finger had an empty set of them.
            let pen = (touch.pen ?? PenState()).logged
            logged.pen = touch.source.isPen || pen != PenState() ? pen : nil
            return logged
        }
        return frame
    }
}

extension PenState {
    /// The axes as a line holds them: to five decimals, a tilt only with both of its angles.
    var logged: PenState {
        let tilt = tiltX.flatMap { x in tiltY.map { (fine(x), fine($0)) } }
        return PenState(pressure: pressure.map(fine), tiltX: tilt?.0, tiltY: tilt?.1,
                        distance: distance.map(fine), buttons: buttons)
    }
}

extension LogLine {
    /// A frame line, written straight from the core's frame: the client writes one per
    /// touch frame, and this allocates nothing (docs/design/performance.md, "The event
    /// log's encoding").
    static func encodeFrame(_ frame: TouchFrame, spots: Int, seat: String?, into out: inout [UInt8]) {
        JSONBytes.open(.frame, into: &out)
        encodeFrameKeys(frame, spots: spots, seat: seat, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A frame line's keys, as `TouchFrame.LineKey` names and orders them.
    static func encodeFrameKeys(_ frame: TouchFrame, spots: Int, seat: String?, into out: inout [UInt8]) {
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
        out.append(UInt8(ascii: "]"))
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

    /// Reads a frame line into the core's frame, as `TouchFrame.logged` describes it. A
    /// frame's seat is the first its touches name (the writer names one per frame). A frame
    /// of hovering pens only keeps no `timeNs` (a `TouchFrame` has it from its touches; the
    /// writer never writes one there).
    static func makeFrame(from o: LogFields) throws(LogLineError) -> LogLine {
        typealias Key = TouchFrame.LineKey
        guard let time = UInt32(exactly: try o.int(Key.time)) else { throw LogLineError("'time' is out of range") }
        var ns: UInt64?
        if let value = try o.optionalInt(Key.timeNs) {
            guard let exact = UInt64(exactly: value) else { throw LogLineError("'timeNs' is out of range") }
            ns = exact
        }
        let spots = try o.int(Key.spots)
        var frame = TouchFrame(time: time, touches: [], activeTouches: [])
        var seat: String?
        for entry in try o.objects(Key.touches, { (e: LogFields) throws(LogLineError) in e }) {
            try Self.readEntry(entry, time: time, ns: ns, into: &frame, seat: &seat)
        }
        return .frame(frame, spots: spots, seat: seat)
    }

    private static func readEntry(_ o: LogFields, time: UInt32, ns: UInt64?, into frame: inout TouchFrame,
                                  seat: inout String?) throws(LogLineError) {
        typealias Key = TouchFrame.EntryKey
        // The compositor's Int32, as hits and deliveries hold it.
        let id = try o.int32(Key.id)
        let phase: TouchFrame.Entry.Phase = try o.closed(Key.phase)
        let location = Point(x: try o.double(Key.x), y: try o.double(Key.y))
        let source: TouchSource? = try o.optionalClosed(Key.source)
        var pen = PenState(pressure: try o.optionalDouble(Key.pressure), distance: try o.optionalDouble(Key.distance))
        if let tilt = try o.optionalDoubles(Key.tilt, count: 2) { (pen.tiltX, pen.tiltY) = (tilt[0], tilt[1]) }
        for code in try o.optionalInts(Key.buttons) ?? [] {
            guard let code = UInt32(exactly: code) else { throw LogLineError("'buttons' holds a code out of range") }
            guard pen.buttons.append(code) else { throw LogLineError("'buttons' holds more than \(PenButtons.capacity)") }
        }
        let hasPen = pen != PenState()
        switch phase {
        case .touch(let touchPhase):
            var touch = Touch(id: id, finger: FingerID(Int(id)), phase: touchPhase, location: location, time: time,
                              major: try o.optionalDouble(Key.major), minor: try o.optionalDouble(Key.minor),
                              orientation: try o.optionalDouble(Key.orientation))
            touch.timeNanoseconds = ns
            touch.source = source ?? .touchscreen
            touch.pen = hasPen || touch.source.isPen ? pen : nil
            if seat == nil, !touch.source.isPen { seat = try o.optionalString(Key.seat) }
            frame.touches.append(touch)
        case .pen(let hoverPhase):
            guard let source, source.isPen else { throw LogLineError("a pen's '\(hoverPhase)' entry has no 'source' pen or eraser") }
            frame.hovers.append(PenHover(id: id, source: source, phase: hoverPhase, location: location, state: pen))
        }
    }
}

extension TouchFrame.LineKey: LogLineKey {}

extension TouchFrame.EntryKey {
    /// A hovering or leaving pen names its tool.
    public static var schemaRules: [LogSchema.Pair] {
        let hovering = LogSchema.values(PenHover.Phase.allCases)
        return [.init("allOf", [["if": ["properties": ["phase": hovering]],
                                 "then": requiring([.source], overriding: [(.source, .values([TouchSource.pen, .eraser]))])]])]
    }
}
