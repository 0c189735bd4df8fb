/// What a qualify run came to, counted from its steps: the end screen's first line and the
/// report's summary judge it by one rule (`isQualified`), so the screen never says
/// Qualified where the report does not.
public struct QualifyOutcome: Equatable, Sendable {
    /// The plan's steps.
    public var steps: Int
    public var judged: Int
    public var checks: Int
    public var passed: Int

    public init(steps: Int, judged: Int, checks: Int, passed: Int) {
        self.steps = steps; self.judged = judged; self.checks = checks; self.passed = passed
    }

    /// Every step judged and every check passed: a skipped step is a question the panel was
    /// never asked, so a run with one is not qualified however well the rest went.
    public var isQualified: Bool { judged == steps && passed == checks }

    /// The end screen's first line: "Qualified" or "Not qualified", then why. A run that
    /// judged nothing says so rather than "0 of 0 checks passed", which reads like a pass.
    public var headline: String {
        if isQualified { return "Qualified: every step judged, \(passed) of \(checks) checks passed" }
        if judged == 0 { return "Not qualified: no step was judged (\(steps == 1 ? "the step" : "all \(steps) steps") skipped)" }
        let skipped = steps - judged
        return "Not qualified: \(passed) of \(checks) checks passed"
            + (skipped > 0 ? ", \(skipped) of \(steps) step\(steps == 1 ? "" : "s") skipped" : "")
    }
}

extension QualifyKind {
    /// The kind as a heading names it ("Maximum contacts").
    public var title: String {
        switch self {
        case .line: "Line"
        case .hold: "Hold"
        case .taps: "Taps"
        case .corners: "Corners"
        case .maximumContacts: "Maximum contacts"
        case .pinch: "Pinch"
        case .drumroll: "Drumroll"
        case .edges: "Edges"
        case .card: "Card calibration"
        case .plan: "Plan"
        }
    }
}
