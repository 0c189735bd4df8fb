/// The checks a qualify run holds a step to (docs/qualify.md): a closed set, declared once,
/// so that a verdict, the fault table, the report's marks and a reader of the log all name a
/// validator by its case and a misspelt name does not compile. The raw value is the name the
/// event log's `qualify` lines, the report's JSON and the fault table write ("no gap"),
/// the same text as when it was a string.
///
/// A validator is its case and its `rule`, in this file: the limits it owns (their names
/// and defaults), the kinds of step it judges, the panel faults it must catch, and its
/// judge. Adding one is a case here and its rule (the compiler asks for it), its rows in
/// docs/qualify.md and a test
/// (CONTRIBUTING.md, "A qualify validator"); plans name its limit only where they differ
/// from its default. The cases are declared in the order their limits are written and a
/// step's verdicts are given.
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
    /// Its limit, a rate or the display's ("refresh"), is `QualifyThresholds.reportRate`.
    case reportRate = "report rate"
    case trackingIDs = "tracking ids"
    /// Not the panel's: the compositor cancelled the step's touches for gestures of its own.
    case takenByTheCompositor = "taken by the compositor"

    /// The name, so that text that interpolates a validator (the screen's verdict lines, the
    /// report's table) writes "no gap", as it did when the validator was a string.
    public var description: String { rawValue }

    /// What a validator is beside its name.
    public struct Rule: Sendable {
        /// The limits it holds a figure to, as plan files and `started` lines name them, with
        /// their defaults. Empty for a validator with no numeric limit of its own (tracking
        /// ids, taken by the compositor) or whose limit may be a word (report rate).
        public let limits: [QualifyLimit]
        /// The kinds of step it judges.
        public let steps: Set<QualifyKind>
        /// The panel faults it must catch: each, injected alone by the robot's digitizer on
        /// the quick plan, fails it (docs/qualify.md, "The fault table"). Named here, with
        /// the validator, so that the fault table is derived from the rules (`faultTable`)
        /// and a validator a fault trips is added in this one file, not also in a table
        /// elsewhere. Never `.none`: a perfect panel fails nothing.
        public let catches: Set<PanelFault>
        /// Its verdict on a step of one of those kinds, or nil where it has none to give (a
        /// step the compositor did not take is not "taken").
        public let judge: @Sendable (QualifyEvidence) -> Verdict?

        public init(limits: [QualifyLimit] = [], steps: Set<QualifyKind>, catches: Set<PanelFault> = [],
                    judge: @escaping @Sendable (QualifyEvidence) -> Verdict?) {
            self.limits = limits
            self.steps = steps
            self.catches = catches
            self.judge = judge
        }
    }

    /// Each validator's limits, steps, faults and judge (docs/qualify.md, "Validators and
    /// thresholds", has a row for each). The judges are pure functions of the evidence,
    /// most of them `StrokeValidators`' and `ContactValidators`'.
    public var rule: Rule {
        switch self {
        case .linearity:
            Rule(limits: [.linearityRMS, .linearityMaximum], steps: [.line], catches: [.noise]) { e in
                e.longest.map { StrokeValidators.linearity($0, maximum: e[.linearityMaximum], rms: e[.linearityRMS]) }
            }
        case .noGap:
            Rule(limits: [.gapRatio], steps: [.line], catches: [.droppedSamples, .noise, .stallThenJump]) { e in
                e.longest.map { StrokeValidators.noGap($0, ratio: e[.gapRatio]) }
            }
        case .noReversedMotion:
            Rule(limits: [.reversedMotion], steps: [.line], catches: [.backwardStep]) { e in
                e.longest.map { StrokeValidators.noReversedMotion($0, limit: e[.reversedMotion]) }
            }
        case .range:
            Rule(limits: [.range], steps: [.edges], catches: [.deadBand]) { e in
                StrokeValidators.range(e.edgeStrokes, panel: e.panel, limit: e[.range])
            }
        case .stationaryJitter:
            Rule(limits: [.stationaryJitter], steps: [.hold], catches: [.noise]) { e in
                e.longest.map { ContactValidators.stationaryJitter($0, limit: e[.stationaryJitter]) }
            }
        case .tapAccuracy:
            Rule(limits: [.tapAccuracy], steps: [.taps], catches: [.noise]) { e in
                ContactValidators.tapAccuracy(e.contacts, limit: e[.tapAccuracy])
            }
        case .tapOffset:
            Rule(limits: [.tapOffset], steps: [.taps], catches: [.offset, .rotation, .mirror, .scale]) { e in
                guard case .taps(let target, _) = e.step else { return nil }
                return ContactValidators.tapOffset(e.contacts, target: target, limit: e[.tapOffset])
            }
        case .drumroll:
            Rule(limits: [.drumroll], steps: [.drumroll], catches: [.mergedDrumroll]) { e in
                ContactValidators.drumroll(e.contacts, limit: e[.drumroll])
            }
        case .pinch:
            Rule(limits: [.pinch], steps: [.pinch]) { e in ContactValidators.pinch(e.contacts, minimum: e[.pinch]) }
        case .mapping:
            Rule(limits: [.mapping], steps: [.corners], catches: [.offset, .rotation, .mirror, .scale]) { e in
                guard case .corners(let asked) = e.step else { return nil }
                return e.mappingCheck?.verdict ?? MappingCheck.tapsLost(asked: asked.count, arrived: e.realContacts.count,
                                                                         outputCount: e.outputCount, limit: e[.mapping])
            }
        case .maximumContacts:
            Rule(limits: [.maximumContacts], steps: [.maximumContacts], catches: [.contactLimit]) { e in
                ContactValidators.maximumContacts(e.contacts, minimum: Int(e[.maximumContacts]))
            }
        case .reportRate:
            Rule(steps: [.line], catches: [.lowReportRate]) { e in
                StrokeValidators.reportRate(e.contacts, minimum: e.minimumReportRate)
            }
        case .trackingIDs:
            Rule(steps: [.line, .hold, .taps, .corners, .pinch, .edges], catches: [.split, .ghost]) { e in
                e.step.contactsAsked.map { ContactValidators.trackingIDs(e.contacts, expected: $0) }
            }
        case .takenByTheCompositor:
            // Judged first, on every step: its verdict is the step's only one (`QualifyJudge`).
            Rule(steps: Set(QualifyKind.steps)) { e in
                let taken = e.contacts.filter(\.cancelled).count
                guard taken > 0 else { return nil }
                return Verdict(.takenByTheCompositor, figure: Double(taken), .atMost, 0, unit: "contacts",
                               detail: "the compositor cancelled \(taken) contact\(taken == 1 ? "" : "s") (wl_touch.cancel) for gestures of its own: not the panel's fault; redo the step, or run on a compositor that leaves them")
            }
        }
    }

    /// The validators that give a step of `kind` a verdict, in the order they come, where
    /// the compositor took none of its touches (taken by the compositor speaks only then).
    public static func checks(of kind: QualifyKind) -> [QualifyValidator] {
        allCases.filter { $0 != .takenByTheCompositor && $0.judges(kind) }
    }

    /// The limits this validator holds a figure to (`rule`).
    public var limits: [QualifyLimit] { rule.limits }

    /// The panel faults this validator must catch (`rule`).
    public var catches: Set<PanelFault> { rule.catches }

    /// The validators each panel fault must fail, and only those, on the quick plan's steps
    /// (docs/qualify.md, "The fault table"; `.none` fails none): derived from the rules'
    /// `catches`, so that the table is declared once, by the validators, and a new validator
    /// a fault trips changes it from its own rule. `FaultTableTests` feeds each fault's
    /// contacts to the judge, `KernelRecordingFaultTests` the same contacts through
    /// kernel-shaped recordings, and both hold the validators that fail to this.
    public static let faultTable: [PanelFault: Set<QualifyValidator>] =
        Dictionary(uniqueKeysWithValues: PanelFault.allCases.map { fault in
            (fault, Set(allCases.filter { $0.catches.contains(fault) }))
        })

    /// Whether it judges steps of `kind`.
    public func judges(_ kind: QualifyKind) -> Bool { rule.steps.contains(kind) }

    /// Its verdict on `evidence`, or nil where it has none: a step of a kind it does not
    /// judge gets none.
    public func judge(_ evidence: QualifyEvidence) -> Verdict? {
        let rule = rule
        return rule.steps.contains(evidence.step.kind) ? rule.judge(evidence) : nil
    }
}

/// The validators' limits, with their defaults: ChromiumOS's touch firmware test of 2014's,
/// and this project's where it has none (tap offset, mapping).
extension QualifyLimit {
    /// Linearity: RMS distance from the fitted line, and the largest, mm.
    public static let linearityRMS = QualifyLimit("linearity-rms", default: 0.5)
    public static let linearityMaximum = QualifyLimit("linearity-maximum", default: 2)
    /// No gap: the largest step over the usual one.
    public static let gapRatio = QualifyLimit("gap-ratio", default: 1.8)
    /// No reversed motion, mm.
    public static let reversedMotion = QualifyLimit("reversed-motion", default: 1)
    /// Range: how short of an edge a stroke may end, mm.
    public static let range = QualifyLimit("range", default: 0.5)
    public static let stationaryJitter = QualifyLimit("stationary-jitter", default: 1)
    public static let tapAccuracy = QualifyLimit("tap-accuracy", default: 0.5)
    public static let tapOffset = QualifyLimit("tap-offset", default: 1)
    public static let drumroll = QualifyLimit("drumroll", default: 2)
    public static let pinch = QualifyLimit("pinch", default: 15)
    /// The mapping check's largest distance between an asked point and the fitted map's.
    public static let mapping = QualifyLimit("mapping", default: 2)
    /// The fewest contacts down at once: a count of 1 to 100.
    public static let maximumContacts = QualifyLimit("maximum-contacts", default: 5, wholeNumbers: 1...100)
}
