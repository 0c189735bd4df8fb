import TouchCore

/// A `frame` line: what one `wl_touch.frame` (or a pen or pointer frame) delivered.
public struct LogFrame: Equatable, Sendable {
    /// The compositor's timestamp, ms.
    public var time: Int
    /// The same moment in nanoseconds (CLOCK_MONOTONIC), where the compositor offers
    /// zwp_input_timestamps_v1 (weston): a qualify run judges report rates on it, and an
    /// offline judge must see the times the live one saw.
    public var timeNs: Int?
    /// Spot views alive after the frame.
    public var spots: Int
    /// Touches first, then hovering pens.
    public var touches: [LogTouch]

    public init(time: Int, timeNs: Int? = nil, spots: Int, touches: [LogTouch]) {
        self.time = time; self.timeNs = timeNs; self.spots = spots; self.touches = touches
    }

    /// The entry of touch `id`, if the frame has one.
    public func touch(_ id: Int) -> LogTouch? { touches.first { $0.id == id } }
    /// "ID PHASE" for each entry, for comparing sequences.
    public var phases: [String] { touches.map { "\($0.id) \($0.phase.rawValue)" } }
}

/// One entry of a frame: a touch, or a pen hovering or leaving.
public struct LogTouch: Equatable, Sendable {
    /// The `phase` key: the core's own phases, a touch's (`TouchPhase`) or a hovering
    /// pen's (`PenHover.Phase`); the log writes their raw values, which never overlap.
    /// Readers match `.began`, `.hover` and the rest, never the strings.
    public enum Phase: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        case touch(TouchPhase)
        case pen(PenHover.Phase)

        public static let began = Phase.touch(.began)
        public static let moved = Phase.touch(.moved)
        public static let ended = Phase.touch(.ended)
        public static let cancelled = Phase.touch(.cancelled)
        public static let hover = Phase.pen(.hover)
        public static let out = Phase.pen(.out)

        public init?(rawValue: String) {
            if let phase = TouchPhase(rawValue: rawValue) { self = .touch(phase) }
            else if let phase = PenHover.Phase(rawValue: rawValue) { self = .pen(phase) }
            else { return nil }
        }

        public var rawValue: String {
            switch self {
            case .touch(let phase): phase.rawValue
            case .pen(let phase): phase.rawValue
            }
        }

        /// The log's word, so that an interpolated phase reads as the log does.
        public var description: String { rawValue }

        /// A finger's (or pen tip's) phase, nil for a hovering pen.
        public var touchPhase: TouchPhase? {
            if case .touch(let phase) = self { phase } else { nil }
        }
    }

    public var id: Int
    /// A touch's phase, or a hovering pen's.
    public var phase: Phase
    public var x: Double
    public var y: Double
    /// `.pointer` for the mouse's fingers, `.pen` or `.eraser` for a tablet tool; absent
    /// (nil, never `.touchscreen`) for the touchscreen.
    public var source: TouchSource?
    /// A pen's axes, when the compositor sent them: pressure and distance 0...1, tilt
    /// [x, y] in degrees, buttons as Linux BTN_* codes.
    public var pressure: Double?
    public var tilt: [Double]?
    public var distance: Double?
    public var buttons: [Int]?
    /// The contact ellipse (wl_touch.shape, surface px) and its orientation (degrees).
    public var major: Double?
    public var minor: Double?
    public var orientation: Double?
    /// Present when several seats can touch.
    public var seat: String?

    public init(id: Int, phase: Phase, x: Double, y: Double, source: TouchSource? = nil,
                pressure: Double? = nil, tilt: [Double]? = nil, distance: Double? = nil, buttons: [Int]? = nil,
                major: Double? = nil, minor: Double? = nil, orientation: Double? = nil, seat: String? = nil) {
        self.id = id; self.phase = phase; self.x = x; self.y = y; self.source = source
        self.pressure = pressure; self.tilt = tilt; self.distance = distance; self.buttons = buttons
        self.major = major; self.minor = minor; self.orientation = orientation; self.seat = seat
    }
}

extension LogFrame {
    /// (`LogLine.encodeFrame` is the per-frame fast path, written straight from the core's
    /// frame and held to these keys' bytes.)
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

extension LogFrame.LineKey: LogLineKey {
    /// The schema's branch for a `frame` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key tables).
    public static let schemaBranch = #"""
    {
      "required": ["time", "spots", "touches"],
      "properties": {
        "time": {"type": "integer", "minimum": 0, "maximum": 4294967295},
        "timeNs": {
          "description": "The same moment in nanoseconds (CLOCK_MONOTONIC), where the compositor offers zwp_input_timestamps_v1 (weston); a qualify run judges on it.",
          "type": "integer",
          "minimum": 0
        },
        "spots": {"type": "integer", "minimum": 0},
        "touches": {
          "type": "array",
          "minItems": 1,
          "items": {
            "type": "object",
            "required": ["id", "phase", "x", "y"],
            "properties": {
              "id": {"$ref": "#/$defs/touchID"},
              "phase": {
                "description": "A finger's or a pen tip's phase; hover (in proximity, tip up) and out (left proximity) for pens only.",
                "anyOf": [{"$ref": "#/$defs/phase"}, {"enum": ["hover", "out"]}]
              },
              "x": {"type": "number"},
              "y": {"type": "number"},
              "source": {"enum": ["pointer", "pen", "eraser"]},
              "seat": {"type": "string"},
              "pressure": {
                "description": "A pen's pressure, 0 to 1 (the protocol's 0 to 65535).",
                "type": "number",
                "minimum": 0,
                "maximum": 1
              },
              "tilt": {
                "description": "A pen's tilt [x, y] in degrees.",
                "type": "array",
                "items": {"type": "number"},
                "minItems": 2,
                "maxItems": 2
              },
              "distance": {
                "description": "A hovering pen's distance, 0 to 1.",
                "type": "number",
                "minimum": 0,
                "maximum": 1
              },
              "buttons": {
                "description": "A pen's buttons held down, as Linux BTN_* codes.",
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
                "minItems": 1
              },
              "major": {
                "description": "The contact ellipse's major axis in surface px (wl_touch.shape).",
                "type": "number"
              },
              "minor": {
                "description": "The contact ellipse's minor axis in surface px (wl_touch.shape).",
                "type": "number"
              },
              "orientation": {
                "description": "The major axis' clockwise angle from the surface's +y axis, degrees (wl_touch.orientation).",
                "type": "number"
              }
            },
            "allOf": [
              {
                "if": {"properties": {"phase": {"enum": ["hover", "out"]}}},
                "then": {"required": ["source"], "properties": {"source": {"enum": ["pen", "eraser"]}}}
              }
            ]
          }
        }
      }
    }
    """#
}
