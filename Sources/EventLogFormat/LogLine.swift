import TouchCore

/// One line of touchspots' JSON Lines event log: the whole contract in one type.
///
/// The client writes these (`EventLog`, the fd writer in the executable) and the harness and
/// the tests read them back (`LogLine(json:)`), so writer and reader meet at compile time,
/// not at run time. A new kind of line is a case here, its branch in
/// docs/event-log.schema.json and its row in docs/event-log.md; `EventLogContractTests`
/// fails when a case has no schema branch or a branch no case.
///
/// Keys may be added in later versions, never renamed or removed: the reader ignores keys
/// it does not know, and refuses an unknown `type` or a missing required key.
public enum LogLine: Equatable, Sendable {
    /// The version of the format, as the schema's `$id` ends (`urn:touchspots:event-log:1`).
    public static let formatVersion = 1

    case scene(name: SceneName)
    case ready(width: Double, height: Double, scale: Double)
    case configure(width: Double, height: Double, fullscreen: Bool, maximized: Bool)
    case seat(name: String?, touch: Bool, pointer: Bool, keyboard: Bool)
    case frame(LogFrame)
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
    /// The client answered the harness's n-th `wl_display.sync` round trip (`--sync-log`).
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

    /// The line's `type`, one per case.
    public enum Kind: String, CaseIterable, Sendable {
        case scene, ready, configure, seat, frame, hit, responder, gesture, label, placard, warning,
             sync, presented, readout, teach, output, qualify, nearmiss
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
        }
    }

    /// The line's `type`, as written.
    public var type: String { kind.rawValue }
}

/// What a `warning` line is about: the core's anomalies under their own names (one
/// behaviour, one name: `AnomalyKind`, which `CompositorQuirk.anomaly` links to the
/// workaround), and the executable's own troubles.
public enum LogWarningKind: Hashable, Sendable, CaseIterable {
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
