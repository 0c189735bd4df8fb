import TouchCore

// The lines about the window, the seat and the outputs, and the client's own: each kind's
// key table (`LogKey`, docs/event-log.md's order) and its codec beside it.

extension LogLine {
    public enum SceneKey: String, LogKey {
        case name
        public var spec: LogKeySpec { .required(.closed) }
    }

    public enum ReadyKey: String, LogKey {
        case width, height, scale
        public var spec: LogKeySpec { .required(.number) }
    }

    public enum ConfigureKey: String, LogKey {
        case width, height, fullscreen, maximized
        public var spec: LogKeySpec {
            switch self {
            case .width, .height: .required(.number)
            case .fullscreen, .maximized: .required(.boolean)
            }
        }
    }

    public enum SeatKey: String, LogKey {
        case name, touch, pointer, keyboard
        public var spec: LogKeySpec { self == .name ? .optional(.string) : .required(.boolean) }
    }

    public enum WarningKey: String, LogKey {
        case message, kind
        public var spec: LogKeySpec { self == .message ? .required(.string) : .required(.closed) }
    }

    public enum SyncKey: String, LogKey {
        case count
        public var spec: LogKeySpec { .required(.integer) }
    }

    func encodeWindowLine(into out: inout [UInt8]) {
        switch self {
        case .scene(let name):
            SceneKey.name.write(closed: name, into: &out)
        case .ready(let width, let height, let scale):
            ReadyKey.width.write(width, into: &out)
            ReadyKey.height.write(height, into: &out)
            ReadyKey.scale.write(scale, into: &out)
        case .configure(let width, let height, let fullscreen, let maximized):
            ConfigureKey.width.write(width, into: &out)
            ConfigureKey.height.write(height, into: &out)
            ConfigureKey.fullscreen.write(fullscreen, into: &out)
            ConfigureKey.maximized.write(maximized, into: &out)
        case .seat(let name, let touch, let pointer, let keyboard):
            if let name { SeatKey.name.write(name, into: &out) }
            SeatKey.touch.write(touch, into: &out)
            SeatKey.pointer.write(pointer, into: &out)
            SeatKey.keyboard.write(keyboard, into: &out)
        case .warning(let message, let kind):
            WarningKey.message.write(message, into: &out)
            WarningKey.kind.write(closed: kind, into: &out)
        case .sync(let count):
            SyncKey.count.write(count, into: &out)
        case .output(let output): output.encode(into: &out)
        case .presented(let presented): presented.encode(into: &out)
        default: preconditionFailure("\(kind) is not a window line")
        }
    }

    init(windowLine kind: Kind, _ o: LogFields) throws(LogLineError) {
        switch kind {
        case .scene: self = .scene(name: try o.closed(SceneKey.name))
        case .ready:
            self = .ready(width: try o.double(ReadyKey.width), height: try o.double(ReadyKey.height),
                          scale: try o.double(ReadyKey.scale))
        case .configure:
            self = .configure(width: try o.double(ConfigureKey.width), height: try o.double(ConfigureKey.height),
                              fullscreen: try o.bool(ConfigureKey.fullscreen), maximized: try o.bool(ConfigureKey.maximized))
        case .seat:
            self = .seat(name: try o.optionalString(SeatKey.name), touch: try o.bool(SeatKey.touch),
                         pointer: try o.bool(SeatKey.pointer), keyboard: try o.bool(SeatKey.keyboard))
        case .warning: self = .warning(message: try o.string(WarningKey.message), kind: try o.closed(WarningKey.kind))
        case .sync: self = .sync(count: try o.int(SyncKey.count))
        case .output: self = .output(try LogOutput(o))
        case .presented: self = .presented(try LogPresented(o))
        default: preconditionFailure("\(kind) is not a window line")
        }
    }
}

extension LogOutput {
    public enum LineKey: String, LogKey {
        case name, physicalWidth, physicalHeight, width, height, refreshMillihertz, transform, scale
        public var spec: LogKeySpec {
            switch self {
            case .name: .optional(.string)
            case .transform: .required(.closed)
            default: .required(.integer)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        if let name { LineKey.name.write(name, into: &out) }
        LineKey.physicalWidth.write(physicalWidth, into: &out)
        LineKey.physicalHeight.write(physicalHeight, into: &out)
        LineKey.width.write(width, into: &out)
        LineKey.height.write(height, into: &out)
        LineKey.refreshMillihertz.write(refreshMillihertz, into: &out)
        LineKey.transform.write(closed: transform, into: &out)
        LineKey.scale.write(scale, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(name: try o.optionalString(LineKey.name), physicalWidth: try o.int(LineKey.physicalWidth),
                  physicalHeight: try o.int(LineKey.physicalHeight), width: try o.int(LineKey.width),
                  height: try o.int(LineKey.height), refreshMillihertz: try o.int(LineKey.refreshMillihertz),
                  transform: try o.closed(LineKey.transform), scale: try o.int(LineKey.scale))
    }
}

extension LogPresented {
    /// `touchToPresentMs` and `refreshMs` are written (as `null` where not known) unless the
    /// commit was discarded, when `discarded` stands in their place.
    public enum LineKey: String, LogKey {
        case commit, touchToCommitMs, discarded, touchToPresentMs, refreshMs, waitedForFrame, inputToReadMs
        public var spec: LogKeySpec {
            switch self {
            case .commit: .required(.integer)
            case .touchToCommitMs: .required(.number)
            case .discarded, .waitedForFrame: .optional(.boolean)
            case .touchToPresentMs, .refreshMs: .nullable(.number)
            case .inputToReadMs: .optional(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.commit.write(commit, into: &out)
        LineKey.touchToCommitMs.write(touchToCommitMs, into: &out)
        if discarded == true {
            LineKey.discarded.write(true, into: &out)
        } else {
            LineKey.touchToPresentMs.write(orNull: touchToPresentMs, into: &out)
            LineKey.refreshMs.write(orNull: refreshMs, into: &out)
        }
        if let waitedForFrame { LineKey.waitedForFrame.write(waitedForFrame, into: &out) }
        if let inputToReadMs { LineKey.inputToReadMs.write(inputToReadMs, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        let discarded = try o.optionalBool(LineKey.discarded)
        // A discarded commit has no presentation to report: its two keys are left out (and
        // still refused when they hold something else than a number or null).
        let presented = discarded != true
        self.init(commit: try o.int(LineKey.commit), touchToCommitMs: try o.double(LineKey.touchToCommitMs),
                  touchToPresentMs: try o.nullableDouble(LineKey.touchToPresentMs, required: presented),
                  refreshMs: try o.nullableDouble(LineKey.refreshMs, required: presented),
                  discarded: discarded, waitedForFrame: try o.optionalBool(LineKey.waitedForFrame),
                  inputToReadMs: try o.optionalDouble(LineKey.inputToReadMs))
    }
}
