/// The checks a qualify run holds a step to (docs/qualify.md): a closed set, declared once,
/// so that a verdict, the fault table, the report's marks and a reader of the log all name a
/// validator by its case and a misspelt name does not compile. The raw value is the name the
/// event log's `qualify` lines, the report's JSON and the fault table write ("no gap"),
/// the same text as when it was a string.
///
/// Each validator also owns the names of its limits (`limits`): a plan file's profile and a
/// `started` line name them so ("gap-ratio"), and `QualifyThresholds.keys` is read from here.
/// The cases are declared in the order those limits are written.
public enum QualifyValidator: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    case linearity
    case noGap = "no gap"
    case noReversedMotion = "no reversed motion"
    case range
    case stationaryJitter = "stationary jitter"
    case tapAccuracy = "tap accuracy"
    case tapOffset = "tap offset"
    case drumroll
    case pinch
    case mapping
    case maximumContacts = "maximum contacts"
    /// Its limit, a rate or the display's ("refresh"), is `QualifyThresholds.reportRateKey`.
    case reportRate = "report rate"
    case trackingIDs = "tracking ids"
    /// Not the panel's: the compositor cancelled the step's touches for gestures of its own.
    case takenByTheCompositor = "taken by the compositor"

    /// The name, so that text that interpolates a validator (the screen's verdict lines, the
    /// report's table) writes "no gap", as it did when the validator was a string.
    public var description: String { rawValue }

    /// The limits this validator holds a figure to, as plan files and `started` lines name
    /// them, each with where `QualifyThresholds` keeps it. Empty for a validator with no
    /// numeric limit of its own (tracking ids, taken by the compositor) or whose limit may be
    /// a word (report rate).
    public var limits: [(name: String, value: WritableKeyPath<QualifyThresholds, Double>)] {
        switch self {
        case .linearity: [("linearity-rms", \.linearityRMS), ("linearity-maximum", \.linearityMaximum)]
        case .noGap: [("gap-ratio", \.gapRatio)]
        case .noReversedMotion: [("reversed-motion", \.reversedMotion)]
        case .range: [("range", \.range)]
        case .stationaryJitter: [("stationary-jitter", \.stationaryJitter)]
        case .tapAccuracy: [("tap-accuracy", \.tapAccuracy)]
        case .tapOffset: [("tap-offset", \.tapOffset)]
        case .drumroll: [("drumroll", \.drumroll)]
        case .pinch: [("pinch", \.pinch)]
        case .mapping: [("mapping", \.mapping)]
        case .maximumContacts: [("maximum-contacts", \.maximumContactsValue)]
        case .reportRate, .trackingIDs, .takenByTheCompositor: []
        }
    }
}
