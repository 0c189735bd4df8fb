/// One hardware frame the driver injected (the fingers a touchscreen reports together,
/// then its SYN_REPORT) and what the client received for it: the events that arrived
/// after the previous group was synced and before this one was.
///
/// The harness syncs after each group (the client has handled everything and said so),
/// so an event can only be counted in the group that caused it: a frame that comes late
/// is one that did not come.
public struct InjectedGroup: Sendable {
    public enum Step: Equatable, Sendable {
        /// Coordinates are the surface's own (window-local logical px): where the harness
        /// touched relative to the window's content.
        case down(id: Int32, x: Double, y: Double)
        case motion(id: Int32, x: Double, y: Double)
        case up(id: Int32)
        /// The device cancels every touch (libinput's touch cancel).
        case cancel
        /// The seat loses touch (`false`) or gains it again.
        case touchCapability(Bool)
        /// A pen command as the driver takes it (`tool-in pen 300 300`, ...).
        case pen(String)

        /// The driver's command for it (docs/harness-protocol.md).
        public var command: String {
            switch self {
            case .down(let id, let x, let y): "down \(id) \(Self.number(x)) \(Self.number(y))"
            case .motion(let id, let x, let y): "motion \(id) \(Self.number(x)) \(Self.number(y))"
            case .up(let id): "up \(id)"
            case .cancel: "cancel"
            case .touchCapability(let on): "touch-capability \(on ? "on" : "off")"
            case .pen(let command): command
            }
        }

        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
        }
    }

    public var steps: [Step]
    public var received: [ReceivedEvent]

    public init(steps: [Step], received: [ReceivedEvent] = []) {
        self.steps = steps
        self.received = received
    }

    /// The group as the driver is given it: its steps, then `frame` for touches (a cancel
    /// is its own end, as libinput's is; the seat's capability and a pen have no frame
    /// command: the compositor frames a pen's events itself).
    public var commands: [String] {
        isTouch ? steps.map(\.command) + ["frame"] : steps.map(\.command)
    }

    /// Whether the group moves fingers (a down, motion or up): a hardware frame of touches.
    public var isTouch: Bool {
        steps.contains { step in
            switch step {
            case .down, .motion, .up: true
            default: false
            }
        }
    }

    /// "down 1 300 300, down 2 600 320": how the report names the group.
    public var label: String { steps.map(\.command).joined(separator: ", ") }

    /// The touch events received (not timestamps or capabilities).
    public var touchEvents: [ReceivedEvent] {
        received.filter { $0.object.hasPrefix("wl_touch@") }
    }
}

/// A check's finding: its verdict, a line that says why, and the trace lines at fault (the
/// evidence a developer attaches to a bug report).
public struct Finding: Sendable {
    public var check: ConformanceCheck
    public var verdict: ConformanceVerdict
    public var detail: String
    public var lines: [String]

    public init(_ check: ConformanceCheck, verdict: ConformanceVerdict, detail: String, lines: [String] = []) {
        self.check = check
        self.verdict = verdict
        self.detail = detail
        self.lines = lines
    }
}
