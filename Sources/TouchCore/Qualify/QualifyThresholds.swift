/// One numeric limit a validator holds a figure to, declared by the validator that owns it
/// (`QualifyValidator.rule`, docs/qualify.md, "Validators and thresholds"): the name a plan
/// file's profile and a `started` line give it ("gap-ratio") and its default, ChromiumOS's
/// touch firmware test of 2014's or this project's where it has none.
public struct QualifyLimit: Hashable, Sendable, CustomStringConvertible {
    /// The plan files' and the log's name.
    public let name: String
    /// The limit when a profile does not set it.
    public let defaultValue: Double
    /// For a limit that is a count (maximum contacts), the whole numbers it may be: a value
    /// set is rounded and kept within them. nil for a measure.
    public let wholeNumbers: ClosedRange<Int>?

    public init(_ name: String, default defaultValue: Double, wholeNumbers: ClosedRange<Int>? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.wholeNumbers = wholeNumbers
    }

    public var description: String { name }

    /// `value` as this limit holds it.
    func normalized(_ value: Double) -> Double {
        guard let whole = wholeNumbers else { return value }
        return Double(max(whole.lowerBound, min(whole.upperBound, Int(value.rounded()))))
    }
}

/// The limits the validators hold a run to (docs/qualify.md, "Profiles"): a plan's own, so
/// that one panel can be judged by ChromiumOS's touch firmware test of 2014 (the
/// defaults) or by the Windows touchscreen requirements (`data/plans/windows.json`). Every
/// `started` line carries them, so an offline judge uses the run's own.
///
/// It holds every validator's limits (`QualifyValidator.rule`), each its validator's
/// default until set: a profile states only the limits it sets, so a validator added later
/// is judged by its own default under every plan that does not name its limit.
public struct QualifyThresholds: Equatable, Sendable {
    /// Every limit of every validator, by limit.
    private var values: [QualifyLimit: Double]
    /// Report rate, Hz: a number, or nil for the output's refresh rate (Windows asks for
    /// at least the display's rate). Apart from the table (`keys`): a plan may give it as
    /// the word "refresh".
    public var reportRate: Double? = 60
    /// The report rate asked where the display's rate is asked for and not known (a
    /// compositor that gives no refresh), and what a `started` line writes then.
    public static let unknownRefreshRate = 60.0

    /// Every limit at its validator's default.
    public init() {
        values = Dictionary(uniqueKeysWithValues: Self.limits.map { ($0, $0.defaultValue) })
    }

    /// ChromiumOS's touch firmware test of 2014, and this project's where it has none
    /// (tap offset, mapping): the defaults.
    public static let chromeOS2014 = QualifyThresholds()

    /// The limit `limit` is held to here: a count set is rounded into its whole numbers.
    public subscript(limit: QualifyLimit) -> Double {
        get { values[limit] ?? limit.defaultValue }
        set { values[limit] = limit.normalized(newValue) }
    }

    /// Every validator's limits, in the validators' order (`QualifyValidator.allCases`),
    /// each validator's in its own: the order plan errors and `started` lines list them.
    public static let limits: [QualifyLimit] = QualifyValidator.allCases.flatMap(\.rule.limits)

    /// The names a plan file gives them, with a getter and a setter each: one table for
    /// the plan reader, the log's writer and its reader, in `limits`' order.
    public static var keys: [(name: String, value: WritableKeyPath<QualifyThresholds, Double>)] {
        limits.map { ($0.name, \QualifyThresholds.[$0]) }
    }

    /// The report rate's limit's name: apart from `keys`, since a plan may give it as the
    /// word "refresh" (the display's rate).
    public static let reportRateKey = "report-rate"
}
