/// One validator's judgement of one step (docs/qualify.md): the figure it measured, the
/// threshold it holds the figure to, and whether it passed. Validators are pure functions
/// over contacts in millimetres and seconds; they never see pixels or files.
public struct Verdict: Equatable, Sendable, CustomStringConvertible {
    /// Codable (the standard library's): the event log's `qualify` lines and the qualify
    /// report's JSON write it as its raw value, and read back only these two.
    public enum Comparison: String, CaseIterable, Codable, Sendable {
        /// Passes when the figure is at most the threshold.
        case atMost = "<="
        /// Passes when the figure is at least the threshold.
        case atLeast = ">="
    }

    /// The validator's name, as the report and the fault table write it ("no gap").
    public let validator: String
    public let figure: Double
    public let comparison: Comparison
    public let threshold: Double
    /// "mm", "Hz", "ratio", "contacts".
    public let unit: String
    /// What else the validator found, for the report ("longest interval 41.7 ms").
    public let detail: String
    /// A second limit the validator also holds (linearity's maximum beside its RMS), met
    /// or not; its figure is in `detail`.
    public let otherLimitsMet: Bool

    public init(_ validator: String, figure: Double, _ comparison: Comparison, _ threshold: Double, unit: String,
                detail: String = "", otherLimitsMet: Bool = true) {
        self.validator = validator
        self.figure = figure
        self.comparison = comparison
        self.threshold = threshold
        self.unit = unit
        self.detail = detail
        self.otherLimitsMet = otherLimitsMet
    }

    public var passed: Bool {
        guard figure.isFinite, otherLimitsMet else { return false }
        return comparison == .atMost ? figure <= threshold : figure >= threshold
    }

    public var description: String {
        "\(validator): \(fixed(figure, decimals: 2)) \(unit) (\(comparison.rawValue) \(fixed(threshold, decimals: 2))) \(passed ? "pass" : "FAIL")"
            + (detail.isEmpty ? "" : ", \(detail)")
    }
}
