/// A qualify plan: a name and its steps, with places as fractions of the screen (0...1
/// across and down) so one plan fits every panel; the client reads plans from JSON
/// (docs/qualify.md, "Plans") and hands them to the core.
public struct QualifyPlan: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        case line(from: Point, to: Point, seconds: Double)
        case hold(at: Point, seconds: Double)
        case taps(at: Point, count: Int)
        /// The four corners `inset` millimetres in, then the centre.
        case corners(inset: Double)
        case maximumContacts
        case pinch
        case drumroll(seconds: Double)
        case edges
    }

    public var name: String
    public var steps: [Step]
    /// The profile's limits: ChromiumOS 2014's unless the plan says otherwise.
    public var thresholds: QualifyThresholds

    public init(name: String, steps: [Step], thresholds: QualifyThresholds = QualifyThresholds()) {
        self.name = name
        self.steps = steps
        self.thresholds = thresholds
    }

    /// The checks a run of the plan gives when every step is judged and the compositor
    /// takes no touch: each step's validators (`QualifyValidator.checks(of:)`).
    public var checks: Int {
        steps(on: Size(width: 1, height: 1)).reduce(0) { $0 + QualifyValidator.checks(of: $1.kind).count }
    }

    /// The steps on a panel of `panel` millimetres.
    public func steps(on panel: Size) -> [QualifyStep] {
        func place(_ p: Point) -> Point { Point(x: p.x * panel.width, y: p.y * panel.height) }
        return steps.map { step in
            switch step {
            case .line(let from, let to, let seconds): .line(from: place(from), to: place(to), seconds: seconds)
            case .hold(let at, let seconds): .hold(at: place(at), seconds: seconds)
            case .taps(let at, let count): .taps(at: place(at), count: count)
            case .corners(let inset):
                .corners([Point(x: inset, y: inset), Point(x: panel.width - inset, y: inset),
                          Point(x: panel.width - inset, y: panel.height - inset), Point(x: inset, y: panel.height - inset),
                          Point(x: panel.width / 2, y: panel.height / 2)])
            case .maximumContacts: .maximumContacts
            case .pinch: .pinch
            case .drumroll(let seconds): .drumroll(seconds: seconds)
            case .edges: .edges
            }
        }
    }
}

extension QualifyStep {
    /// What the person is asked, on screen.
    public var prompt: String {
        switch self {
        case .line(_, _, let seconds): "Draw along the line, from the dot, in about \(Int(seconds.rounded())) seconds"
        case .hold(_, let seconds): "Hold one finger still on the target for \(Int(seconds.rounded())) seconds"
        case .taps(_, let count): "Tap the target \(count) times"
        case .corners: "Tap each target: the four corners, then the centre"
        case .maximumContacts: "Put down as many fingers as you can, then lift them"
        case .pinch: "Pinch: two fingers apart, then together"
        case .drumroll(let seconds): "Drum two fingers on the two targets for \(Int(seconds.rounded())) seconds"
        case .edges: "From the centre, draw slowly off each edge: left, right, top, bottom"
        }
    }

    /// The name the event log gives the step.
    public var kind: QualifyKind {
        switch self {
        case .line: .line
        case .hold: .hold
        case .taps: .taps
        case .corners: .corners
        case .maximumContacts: .maximumContacts
        case .pinch: .pinch
        case .drumroll: .drumroll
        case .edges: .edges
        }
    }

    /// Whether the step's contacts, all lifted, tallied in `contacts`, complete the step.
    /// A step whose touches the compositor cancelled is complete: it can only be judged
    /// as taken.
    public func isComplete(_ contacts: ContactTally) -> Bool {
        if contacts.cancelled { return true }
        switch self {
        case .line, .hold, .maximumContacts: return contacts.real > 0
        case .pinch: return contacts.real >= 2
        case .taps(_, let count): return contacts.count >= count
        case .corners(let points): return contacts.count >= points.count
        case .drumroll(let seconds):
            guard let first = contacts.firstBegan, let last = contacts.latest else { return false }
            return last - first >= 0.9 * seconds  // "about" the time asked
        case .edges: return contacts.real >= QualifyStep.edgeOrder.count
        }
    }
}
