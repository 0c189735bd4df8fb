/// What a qualify step asks of a person, with where (millimetres on the panel)
/// (docs/qualify.md); each validator says which kinds of step it judges
/// (`QualifyValidator.rule`). Plans are lists of these, read from JSON in the client's layer.
public enum QualifyStep: Equatable, Sendable {
    /// "Draw along this line in about `seconds` seconds."
    case line(from: Point, to: Point, seconds: Double)
    /// "Hold one finger still on this point for `seconds` seconds."
    case hold(at: Point, seconds: Double)
    /// "Tap the target `count` times."
    case taps(at: Point, count: Int)
    /// "Tap each corner and the centre": the points asked, in order.
    case corners([Point])
    /// "Put down as many fingers as you can."
    case maximumContacts
    /// "Pinch."
    case pinch
    /// "Drum two fingers for `seconds` seconds."
    case drumroll(seconds: Double)
    /// "Draw from the centre off each edge": left, right, top, bottom, in that order.
    case edges

    /// The contacts each stroke of `edges` asks for, in order.
    public static let edgeOrder: [StrokeValidators.Edge] = [.left, .right, .top, .bottom]

    /// How many contacts the step asks for: nil where the person decides (as many fingers
    /// as they can, as many taps as they drum).
    public var contactsAsked: Int? {
        switch self {
        case .line, .hold: 1
        case .taps(_, let count): count
        case .corners(let points): points.count
        case .pinch: 2
        case .edges: Self.edgeOrder.count
        case .maximumContacts, .drumroll: nil
        }
    }
}

/// Judges steps: the validators each step's contacts are held to.
public struct QualifyJudge: Sendable {
    /// The panel's size in millimetres.
    public var panel: Size
    /// The limits (a plan's profile); `reportRate` nil means `refreshRate`.
    public var thresholds = QualifyThresholds()
    /// The output's refresh rate, Hz, where known: the report rate's limit when the
    /// profile asks for the display's rate (60 where unknown).
    public var refreshRate: Double?
    /// The report rate a contact must reach.
    public var minimumReportRate: Double { thresholds.reportRate ?? refreshRate ?? QualifyThresholds.unknownRefreshRate }
    /// How many outputs the compositor has, where known: corner taps that never arrive on a
    /// desktop of several are a touchscreen spread over all of them (sway maps one so until
    /// `map_to_output` says otherwise), or mapped to another.
    public var outputCount: Int?
    /// The mapping the corners step found wrong, if any: later range verdicts are judged
    /// through its correction, so one mis-mapping is named once, by the mapping check.
    public private(set) var correction: [Double]?

    public init(panel: Size, thresholds: QualifyThresholds = QualifyThresholds(), refreshRate: Double? = nil,
                outputCount: Int? = nil) {
        self.panel = panel
        self.thresholds = thresholds
        self.refreshRate = refreshRate
        self.outputCount = outputCount
    }

    /// The verdicts of one step's contacts: each validator that judges the step's kind
    /// (`QualifyValidator.rule`), in the validators' order; a step's mapping check is also
    /// kept for the steps judged after it.
    public mutating func judge(_ step: QualifyStep, contacts: [Contact]) -> [Verdict] {
        let evidence = QualifyEvidence(step: step, contacts: contacts, panel: panel, thresholds: thresholds,
                                       minimumReportRate: minimumReportRate, outputCount: outputCount, correction: correction)
        // Touches the compositor took are no panel's fault, and the step cannot be judged.
        if let taken = QualifyValidator.takenByTheCompositor.judge(evidence) { return [taken] }
        let validators = QualifyValidator.allCases.filter { $0.judges(step.kind) }
        // A line or a hold is one finger's: without it there is nothing to judge, and the
        // step's first validator says so.
        if evidence.longest == nil, step.kind == .line || step.kind == .hold, let first = validators.first {
            return [Verdict(first, figure: .infinity, .atMost, 0, unit: "", detail: "no contact")]
        }
        if let check = evidence.mappingCheck { correction = check.verdict.passed ? nil : check.calibrationMatrix }
        return validators.compactMap { $0.judge(evidence) }
    }
}
