/// The limits the validators hold a run to (docs/qualify.md, "Profiles"): a plan's own, so
/// that one panel can be judged by ChromiumOS's touch firmware test of 2014 (the
/// defaults) or by the Windows touchscreen requirements (`data/plans/windows.json`). Every
/// `started` line carries them, so an offline judge uses the run's own.
public struct QualifyThresholds: Equatable, Sendable {
    /// Linearity: RMS distance from the fitted line, and the largest.
    public var linearityRMS = 0.5
    public var linearityMaximum = 2.0
    /// No gap: the largest step over the usual one.
    public var gapRatio = 1.8
    /// No reversed motion, mm.
    public var reversedMotion = 1.0
    /// Report rate, Hz: a number, or nil for the output's refresh rate (Windows asks for
    /// at least the display's rate).
    public var reportRate: Double? = 60
    /// The report rate asked where the display's rate is asked for and not known (a
    /// compositor that gives no refresh), and what a `started` line writes then.
    public static let unknownRefreshRate = 60.0
    /// Range: how short of an edge a stroke may end, mm.
    public var range = 0.5
    public var stationaryJitter = 1.0
    public var tapAccuracy = 0.5
    public var tapOffset = 1.0
    public var maximumContacts = 5
    public var drumroll = 2.0
    public var pinch = 15.0
    /// The mapping check's largest distance between an asked point and the fitted map's.
    public var mapping = 2.0

    public init() {}

    /// ChromiumOS's touch firmware test of 2014, and this project's where it has none
    /// (tap offset, mapping): the defaults.
    public static let chromeOS2014 = QualifyThresholds()

    /// The names a plan file gives them, with a getter and a setter each: one table for
    /// the plan reader, the log's writer and its reader, read from the validators that own
    /// them (`QualifyValidator.limits`), in their order.
    public static var keys: [(name: String, value: WritableKeyPath<QualifyThresholds, Double>)] {
        QualifyValidator.allCases.flatMap(\.limits)
    }

    /// The report rate's limit's name: apart from `keys`, since a plan may give it as the
    /// word "refresh" (the display's rate).
    public static let reportRateKey = "report-rate"

    /// `maximumContacts` as a number, for the table above.
    public var maximumContactsValue: Double {
        get { Double(maximumContacts) }
        set { maximumContacts = Int(max(1, min(100, newValue.rounded()))) }
    }
}
