import TouchCore

// One line of touchspots' JSON Lines event log (`LogLine`): the whole contract in one type.
//
// The client writes these (`EventLog`, the fd writer in the client library) and the harness and
// the tests read them back (`LogLine(json:)`), so writer and reader meet at compile time,
// not at run time. A new kind of line is its file in `Lines/`: its case, declared in one
// line (`// @LogLine N: case ... keys: ...`, the case's doc comment above it), its key
// table (`LogLineKey`, which also says what the schema says of each key), and its codec.
// `scripts/generate-event-log-code` writes the enum, its `Kind` and the switches over every
// kind (`kind`, the keys' encoder and decoder, `Kind.keys`, the accessors) into the
// checked-in LogLine+Generated.swift, and `scripts/generate-event-log-schema` the published
// schema, rendered from the tables (`LogLine.schema`). Then its row in docs/event-log.md and
// a sample. A line of one of the core's events is also an arm of `init(_:seat:)` and
// `encode(_:seat:into:)` here, written by hand. `GeneratedFilesTests` fails while the
// generated file is stale, `EventLogContractTests` when a case has no sample or row, and
// `EventLogKeyTableTests` when the published file is not the tables'.
//
// Keys may be added in later versions, never renamed or removed: the reader ignores keys
// it does not know, and refuses an unknown `type` or a missing required key. A key that
// holds nothing is left out, never written as `null`, except where the docs say so
// (`hit.view`, `responder.handledBy`, the latencies and rates not known yet: the tables'
// `nullable` keys).
extension LogLine {
    /// The version of the format, as the schema's `$id` ends (`urn:touchspots:event-log:1`).
    public static let formatVersion = 1

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
        encodeKeys(into: &out)
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
        self = try Self.make(kind, from: o)
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
    /// The kind's keys after `type`, in the order written, with their specs.
    public var keyTable: [(name: String, spec: LogKeySpec)] { keys.table }
}

/// What a `warning` line is about: the core's anomalies under their own names (one
/// behaviour, one name: `AnomalyKind`, which `CompositorQuirk.anomaly` links to the
/// workaround), and the client's own troubles.
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
