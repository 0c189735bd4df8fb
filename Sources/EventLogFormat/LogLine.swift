import TouchCore

/// One line of touchspots' JSON Lines event log: the whole contract in one type.
///
/// The client writes these (`EventLog`, the fd writer in the executable) and the harness and
/// the tests read them back (`LogLine(json:)`), so writer and reader meet at compile time,
/// not at run time. A new kind of line is a case here (with its `Kind`, and its branches of
/// `kind`, `Kind.keys`, `encode(into:)` and `init(json:)`; when it is one of the core's
/// events, of `init(_:seat:)` and `encode(_:seat:into:)` too), its file in `Lines/` (its key
/// table, `LogLineKey`; its codec; its branch of the schema) and its row in
/// docs/event-log.md; the published schema is then regenerated (`LogLine.schema`,
/// scripts/generate-event-log-schema). `EventLogContractTests` fails when a case has no
/// sample or row, and `EventLogKeyTableTests` when a branch and its table, or the
/// published file and the branches, disagree.
///
/// Keys may be added in later versions, never renamed or removed: the reader ignores keys
/// it does not know, and refuses an unknown `type` or a missing required key. A key that
/// holds nothing is left out, never written as `null`, except where the docs say so
/// (`hit.view`, `responder.handledBy`, the latencies and rates not known yet: the tables'
/// `nullable` keys).
public enum LogLine: Equatable, Sendable {
    /// The version of the format, as the schema's `$id` ends (`urn:touchspots:event-log:1`).
    public static let formatVersion = 1

    case scene(name: SceneName)
    case ready(width: Double, height: Double, scale: Double)
    case configure(width: Double, height: Double, fullscreen: Bool, maximized: Bool)
    case seat(name: String?, touch: Bool, pointer: Bool, keyboard: Bool)
    /// The core's own frame, as its line holds it (`TouchFrame.logged`), with the spot
    /// views alive after it and the seat it came from when several seats can touch (a
    /// line names it on its fingers, so a frame of pens only has none). Boxed: larger than
    /// the `presented` line (`LogLineLayoutTests`), and the client writes its frames
    /// straight from the event (`encode(_:seat:into:)`), never through a `LogLine`.
    indirect case frame(TouchFrame, spots: Int, seat: String?)
    /// The core's own hit and delivery: the lines' keys are their fields (`ignored`
    /// written only when true).
    case hit(TouchHit)
    case responder(ResponderDelivery)
    /// The core's own gesture: the line's keys are what its case holds (a template's score
    /// to two decimals, as written).
    case gesture(Gesture)
    case label(text: String, slot: LabelSlot)
    /// The core's own placard state, its centre to hundredths of a pixel as written.
    case placard(PlacardState)
    case warning(message: String, kind: LogWarningKind)
    /// The client handled and drew everything it had read when the n-th SIGUSR1 came (for
    /// harnesses on compositors that cannot ping clients).
    case sync(count: Int)
    case presented(LogPresented)
    /// The core's own instrument panel, its figures at the precision the line holds them
    /// (`ReadoutSnapshot.logged`); a touchscreen finger's `source` is left out.
    case readout(ReadoutSnapshot)
    // Boxed: rare lines, each larger than the per-commit `presented` line, and a line is
    // as large as its largest case (the client queues one per commit; `LogLineLayoutTests`).
    /// The core's own lesson progress, as its line holds it (`LessonProgress.logged`).
    indirect case teach(LessonProgress)
    indirect case output(LogOutput)
    /// The core's own progress of a qualify run, as its line holds it
    /// (`QualifyProgress.logged`): what the offline judge and the harness's robot read.
    indirect case qualify(QualifyProgress)
    /// The core's own near misses, value and limit to thousandths as written
    /// (`NearMiss.logged`); the line's `text` is them in words (`NearMiss.text(of:)`).
    case nearmiss([NearMiss])
    /// The log's first line: what ran, on what, when (`LogRun`).
    indirect case run(LogRun)

    /// The line's `type`, one per case.
    public enum Kind: String, CaseIterable, Sendable {
        case scene, ready, configure, seat, frame, hit, responder, gesture, label, placard, warning,
             sync, presented, readout, teach, output, qualify, nearmiss, run
    }

    public var kind: Kind {
        switch self {
        case .scene: .scene
        case .ready: .ready
        case .configure: .configure
        case .seat: .seat
        case .frame: .frame
        case .hit: .hit
        case .responder: .responder
        case .gesture: .gesture
        case .label: .label
        case .placard: .placard
        case .warning: .warning
        case .sync: .sync
        case .presented: .presented
        case .readout: .readout
        case .teach: .teach
        case .output: .output
        case .qualify: .qualify
        case .nearmiss: .nearmiss
        case .run: .run
        }
    }

    /// The line's `type`, as written.
    public var type: String { kind.rawValue }

    /// The line's UTF-8 bytes, without the newline.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    /// The line as text, without the newline.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends the line's UTF-8 bytes (no newline) to `out`: `type`, then the keys of its
    /// kind's table, in the table's order (docs/event-log.md's).
    public func encode(into out: inout [UInt8]) {
        JSONBytes.open(kind, into: &out)
        switch self {
        case .scene(let name): Self.encodeScene(name, into: &out)
        case .ready(let width, let height, let scale): Self.encodeReady(width: width, height: height, scale: scale, into: &out)
        case .configure(let width, let height, let fullscreen, let maximized):
            Self.encodeConfigure(width: width, height: height, fullscreen: fullscreen, maximized: maximized, into: &out)
        case .seat(let name, let touch, let pointer, let keyboard):
            Self.encodeSeat(name: name, touch: touch, pointer: pointer, keyboard: keyboard, into: &out)
        case .frame(let frame, let spots, let seat): Self.encodeKeys(of: frame, spots: spots, seat: seat, into: &out)
        case .hit(let hit): hit.encode(into: &out)
        case .responder(let delivery): delivery.encode(into: &out)
        case .gesture(let gesture): gesture.encode(into: &out)
        case .label(let text, let slot): Self.encodeLabel(text: text, slot: slot, into: &out)
        case .placard(let placard): placard.encode(into: &out)
        case .warning(let message, let kind): Self.encodeWarning(message: message, kind: kind, into: &out)
        case .sync(let count): Self.encodeSync(count: count, into: &out)
        case .presented(let presented): presented.encode(into: &out)
        case .readout(let readout): readout.encode(into: &out)
        case .teach(let lesson): lesson.encode(into: &out)
        case .output(let output): output.encode(into: &out)
        case .qualify(let progress): progress.encode(into: &out)
        case .nearmiss(let misses): Self.encodeNearMiss(misses, into: &out)
        case .run(let run): run.encode(into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Reads one line (without its newline). Keys the contract does not know are ignored
    /// (later versions may add keys); an unknown `type`, a missing required key or a value
    /// of the wrong type is an error that names the key. A UTF-8 byte-order mark before
    /// the object (a log saved by an editor that adds one) is skipped.
    public init(json line: some Collection<UInt8>) throws(LogLineError) {
        let value: JSONValue
        if line.starts(with: [0xEF, 0xBB, 0xBF]) {
            value = try JSONValue(parsing: line.dropFirst(3))
        } else {
            value = try JSONValue(parsing: line)
        }
        guard case .object(let pairs) = value else { throw LogLineError("a line is not an object") }
        let o = LogFields(pairs: pairs)
        let kind: Kind = try o.closed(TypeKey.type)
        switch kind {
        case .scene: self = try Self.makeScene(from: o)
        case .ready: self = try Self.makeReady(from: o)
        case .configure: self = try Self.makeConfigure(from: o)
        case .seat: self = try Self.makeSeat(from: o)
        case .frame: self = try Self.makeFrame(from: o)
        case .hit: self = .hit(try TouchHit(o))
        case .responder: self = .responder(try ResponderDelivery(o))
        case .gesture: self = .gesture(try Gesture(o))
        case .label: self = try Self.makeLabel(from: o)
        case .placard: self = .placard(try PlacardState(o))
        case .warning: self = try Self.makeWarning(from: o)
        case .sync: self = try Self.makeSync(from: o)
        case .presented: self = .presented(try LogPresented(o))
        case .readout: self = .readout(try ReadoutSnapshot(o))
        case .teach: self = .teach(try LessonProgress(o))
        case .output: self = .output(try LogOutput(o))
        case .qualify: self = .qualify(try QualifyProgress(o))
        case .nearmiss: self = try Self.makeNearMiss(from: o)
        case .run: self = .run(try LogRun(o))
        }
    }

    /// Reads one line of text.
    public init(json line: String) throws(LogLineError) {
        try self.init(json: Array(line.utf8))
    }

    /// The line for one of the session's events; `seat` names a frame's seat when several
    /// seats can touch.
    public init(_ event: TouchSessionEvent, seat: String?) {
        switch event {
        case .scene(let name):
            self = .scene(name: name)
        case .frame(let frame, let spots):
            self = .frame(frame.logged, spots: spots, seat: frame.touches.contains { !$0.source.isPen } ? seat : nil)
        case .hit(let hit):
            self = .hit(hit)
        case .responder(let delivery):
            self = .responder(delivery)
        case .gesture(let gesture):
            self = .gesture(gesture.logged)
        case .label(let slot, let text):
            self = .label(text: text, slot: slot)
        case .placard(let placard):
            self = .placard(placard.logged)
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
    /// the per-frame path allocates nothing (docs/design/performance.md, "The event log's
    /// encoding"). These two fast paths
    /// (`encodeFrame` in `Lines/FrameLine.swift`, the frame line's only encoder, and
    /// `encodeResponder` in `LogLine+CoreEvents.swift`) spell their keys as literals:
    /// written through the key tables' names, the log's encoding took 7 % more instructions
    /// (callgrind, 81.3 k a frame against 75.7 k). `EventLogKeyTableTests` holds the keys
    /// they write to the tables, `EventLogContractTests` pins a frame line's bytes and holds
    /// the responder's to the bytes its table's encoder writes.
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

    /// The key every line has first.
    public enum TypeKey: String, LogKey {
        case type
        public var spec: LogKeySpec { .required(.closed) }
    }
}

extension LogLine.Kind {
    /// The kind's key table, the type that names its keys (`LogLineKey`): its keys and
    /// specs (`keyTable`) and its branch of the schema (`schemaBranch`, `LogLine.schema`).
    public var keys: any LogLineKey.Type {
        switch self {
        case .scene: LogLine.SceneKey.self
        case .ready: LogLine.ReadyKey.self
        case .configure: LogLine.ConfigureKey.self
        case .seat: LogLine.SeatKey.self
        case .frame: TouchFrame.LineKey.self
        case .hit: TouchHit.LineKey.self
        case .responder: ResponderDelivery.LineKey.self
        case .gesture: Gesture.LineKey.self
        case .label: LogLine.LabelKey.self
        case .placard: PlacardState.LineKey.self
        case .warning: LogLine.WarningKey.self
        case .sync: LogLine.SyncKey.self
        case .presented: LogPresented.LineKey.self
        case .readout: ReadoutSnapshot.LineKey.self
        case .teach: LessonProgress.LineKey.self
        case .output: LogOutput.LineKey.self
        case .qualify: QualifyProgress.LineKey.self
        case .nearmiss: LogLine.NearMissKey.self
        case .run: LogRun.LineKey.self
        }
    }

    /// The kind's keys after `type`, in the order written, with their specs.
    public var keyTable: [(name: String, spec: LogKeySpec)] { keys.table }
}

/// What a `warning` line is about: the core's anomalies under their own names (one
/// behaviour, one name: `AnomalyKind`, which `CompositorQuirk.anomaly` links to the
/// workaround), and the executable's own troubles.
public enum LogWarningKind: Hashable, Sendable, CaseIterable, RawRepresentable {
    case anomaly(AnomalyKind)
    /// libdecor could not decorate the window (the compositor has no server-side
    /// decorations and no plugin loaded).
    case decorations
    /// The compositor's scale would need a buffer over the pool's limit.
    case scale
    /// The latency meter saw presentation feedback it could not use.
    case latency
    /// The event log's own reader was too slow and lines were dropped.
    case eventLog
    /// A stroke file was skipped (docs/gestures.md, "Stroke files").
    case template

    public static var allCases: [LogWarningKind] {
        AnomalyKind.allCases.map { .anomaly($0) } + [.decorations, .scale, .latency, .eventLog, .template]
    }

    /// As the log writes it.
    public var rawValue: String {
        switch self {
        case .anomaly(let kind): kind.rawValue
        case .decorations: "decorations"
        case .scale: "scale"
        case .latency: "latency"
        case .eventLog: "event-log"
        case .template: "template"
        }
    }

    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }
}
