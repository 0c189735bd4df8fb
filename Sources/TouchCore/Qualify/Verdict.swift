/// One validator's judgement of one step (docs/qualify.md): the figure it measured, the
/// threshold it holds the figure to, and whether it passed. Validators are pure functions
/// over contacts in millimetres and seconds; they never see pixels or files.
///
/// One type from the validator to the page: the event log's `qualify` lines write it
/// (`EventLogFormat`), and the qualify report's JSON, HTML and JUnit read it back; its
/// Codable (the standard library's) is the report's form of it, `figure` left out where
/// nothing was measured.
public struct Verdict: Equatable, Sendable, CustomStringConvertible {
    /// Codable (the standard library's): the event log's `qualify` lines and the qualify
    /// report's JSON write it as its raw value, and read back only these two.
    public enum Comparison: String, CaseIterable, Codable, Sendable {
        /// Passes when the figure is at most the threshold.
        case atMost = "<="
        /// Passes when the figure is at least the threshold.
        case atLeast = ">="
    }

    /// The validator; its raw value is the name the log, the report and the fault table
    /// write ("no gap").
    public let validator: QualifyValidator
    /// What was measured; infinite where nothing could be (no contact, too few reports):
    /// the log writes that as null, the report leaves the key out (`measured`).
    public let figure: Double
    public let comparison: Comparison
    public let threshold: Double
    /// "mm", "Hz", "ratio", "contacts".
    public let unit: String
    /// What else the validator found, for the report ("longest interval 41.7 ms").
    public let detail: String
    /// Whether the step passed this check. Stored, not derived from the figure: a second
    /// limit the validator also holds (linearity's maximum beside its RMS) can fail it, and
    /// a reader of the log gets the verdict the run gave, not one worked out again.
    public let passed: Bool

    /// A validator's verdict: it passes when the figure is finite, on the right side of
    /// the threshold, and `otherLimitsMet` (a second limit the validator also holds, its
    /// figure in `detail`).
    public init(_ validator: QualifyValidator, figure: Double, _ comparison: Comparison, _ threshold: Double, unit: String,
                detail: String = "", otherLimitsMet: Bool = true) {
        let within = comparison == .atMost ? figure <= threshold : figure >= threshold
        self.init(validator: validator, figure: figure, comparison: comparison, threshold: threshold, unit: unit,
                  passed: figure.isFinite && otherLimitsMet && within, detail: detail)
    }

    /// A verdict as written (a log's line, a report's JSON): `passed` as the run gave it.
    /// A figure that is not finite is unmeasured and kept as infinity, so that two
    /// unmeasured verdicts compare equal.
    public init(validator: QualifyValidator, figure: Double, comparison: Comparison, threshold: Double, unit: String, passed: Bool,
                detail: String) {
        self.validator = validator
        self.figure = figure.isFinite ? figure : .infinity
        self.comparison = comparison
        self.threshold = threshold
        self.unit = unit
        self.passed = passed
        self.detail = detail
    }

    /// The figure, nil where nothing was measured.
    public var measured: Double? { figure.isFinite ? figure : nil }

    public var description: String {
        "\(validator.rawValue): \(fixed(figure, decimals: 2)) \(unit) (\(comparison.rawValue) \(fixed(threshold, decimals: 2))) \(passed ? "pass" : "FAIL")"
            + (detail.isEmpty ? "" : ", \(detail)")
    }
}

extension Verdict: Codable {
    private enum CodingKeys: String, CodingKey { case validator, figure, comparison, threshold, unit, passed, detail }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(validator: try c.decode(QualifyValidator.self, forKey: .validator),
                  figure: try c.decodeIfPresent(Double.self, forKey: .figure) ?? .infinity,
                  comparison: try c.decode(Comparison.self, forKey: .comparison),
                  threshold: try c.decode(Double.self, forKey: .threshold), unit: try c.decode(String.self, forKey: .unit),
                  passed: try c.decode(Bool.self, forKey: .passed), detail: try c.decode(String.self, forKey: .detail))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(validator, forKey: .validator)
        try c.encodeIfPresent(measured, forKey: .figure)
        try c.encode(comparison, forKey: .comparison)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(unit, forKey: .unit)
        try c.encode(passed, forKey: .passed)
        try c.encode(detail, forKey: .detail)
    }
}
