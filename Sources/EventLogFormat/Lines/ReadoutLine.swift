import TouchCore

/// The core's own instrument panel, its figures at the precision the line holds them
/// (`ReadoutSnapshot.logged`); a touchscreen finger's `source` is left out.
// @LogLine 14: case readout(ReadoutSnapshot) keys: ReadoutSnapshot.LineKey accessor: readout

// A `readout` line: the core's own instrument panel (key i).

extension ReadoutSnapshot {
    /// The instrument panel, its figures at the precision the line holds them
    /// (`ReadoutSnapshot.logged`).
    public enum LineKey: String, LogKey {
        case touches, maxTouches, framesPerSecond, eventsPerFrame, shapeSeen, fingers
        public var spec: LogKeySpec {
            switch self {
            case .touches, .maxTouches: .required(.integer).minimum(0)
            case .framesPerSecond, .eventsPerFrame: .required(.number).minimum(0)
            case .shapeSeen: .required(.boolean)
            case .fingers: .required(listOf: .object).object(FingerReadout.LineKey.self)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.touches.write(touches, into: &out)
        LineKey.maxTouches.write(maxTouches, into: &out)
        LineKey.framesPerSecond.write(framesPerSecond, into: &out)
        LineKey.eventsPerFrame.write(eventsPerFrame, into: &out)
        LineKey.shapeSeen.write(shapeSeen, into: &out)
        LineKey.fingers.write(list: fingers, of: .object, into: &out) { $0.encode(into: &$1) }
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
            case .id: .required(.integer).ref("touchID")
            case .x, .y, .dx, .dy: .required(.number)
            case .velocity: .nullable(.number).described("px/s, over the finger's last 32 samples").minimum(0)
            case .reportRate: .nullable(.number).described("samples a second, over the finger's last 64").minimum(0)
            case .source: .optional(.closed).values(TouchSource.allCases.filter { $0 != .touchscreen })
            case .pressure: .optional(.number).range(0...1)
            case .major, .minor, .orientation: .optional(.number)
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

extension ReadoutSnapshot.LineKey: LogLineKey {
    public static var schemaDescription: String? {
        "The instrument panel's numbers (key i), at most ten times a second while it is shown."
    }
}
