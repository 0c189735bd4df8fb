/// A fault a panel can have, named once for the qualify contract (docs/qualify.md, "The
/// fault table"): the faults are what the validators are there to catch, so each validator's
/// rule names those it must catch (`QualifyValidator.Rule.catches`) and the fault table is
/// derived from the rules (`QualifyValidator.faultTable`). That is why the faults' identity
/// lives here with the validators, pure data, and not with the robot: TouchRobot's
/// `Digitizer` only simulates them, putting each into the contacts it reports, and its
/// `--fault` option reads their names.
///
/// The raw value says the fault to a person, at the size the fault table is judged at;
/// `name` is the word `touchspots-harness qualify --fault NAME[=SIZE]` takes, and
/// `defaultSize` that size (nil: a fault with no size).
public enum PanelFault: String, CaseIterable, Sendable {
    /// A perfect panel: the fault table's first row, which no validator's rule catches.
    case none
    /// Reports lost in the middle of the line (3).
    case droppedSamples = "3 samples dropped"
    /// One report millimetres behind the finger (2), in the middle of the line.
    case backwardStep = "a 2 mm step back"
    /// Gaussian noise on every report, its sigma in millimetres (0.8).
    case noise = "noise 0.8 mm"
    /// Reports a second (30).
    case lowReportRate = "30 Hz"
    /// The mapping moved right, in pixels (20).
    case offset = "20 px offset"
    /// The mapping turned 90 degrees clockwise.
    case rotation = "90-degree rotation"
    /// The mapping mirrored left-right.
    case mirror = "x mirrored"
    /// The mapping too large about the centre (1.1 times).
    case scale = "1.1x scale"
    /// The line's contact lifts and lands again within 10 ms: its id jumps.
    case split = "a split contact"
    /// Contacts for one report (1), in the middle of the line.
    case ghost = "a ghost contact"
    /// Nothing reported within millimetres of the edges (3).
    case deadBand = "3 mm dead band"
    /// At most this many contacts at once (4).
    case contactLimit = "at most 4 contacts"
    /// In the middle of the line the scans stall for three reports (each a tenth of a
    /// step on) and then jump to the finger, all at the steady report rate.
    case stallThenJump = "a stall then a jump"
    /// Fingers drumming in turn merged into one contact, three reports interpolated
    /// between the places (within 50 ms of a lift, a landing over 10 mm away).
    case mergedDrumroll = "drumroll fingers merged"

    /// The word `--fault` takes.
    public var name: String {
        switch self {
        case .none: "none"
        case .droppedSamples: "gap"
        case .backwardStep: "step-back"
        case .noise: "jitter"
        case .lowReportRate: "report-rate"
        case .offset: "offset"
        case .rotation: "rotated"
        case .mirror: "mirrored"
        case .scale: "scaled"
        case .split: "id-jump"
        case .ghost: "ghost"
        case .deadBand: "dead-band"
        case .contactLimit: "contact-limit"
        case .stallThenJump: "stall"
        case .mergedDrumroll: "merged-drumroll"
        }
    }

    /// The size the fault has unless told, and what it counts; nil for a fault with
    /// no size.
    public var defaultSize: (value: Double, unit: String, range: ClosedRange<Double>)? {
        switch self {
        case .droppedSamples: (3, "reports dropped", 1...50)
        case .backwardStep: (2, "mm back", 0.1...50)
        case .noise: (0.8, "mm sigma", 0.01...20)
        case .lowReportRate: (30, "reports a second", 1...1000)
        case .offset: (20, "pixels right", -2000...2000)
        case .scale: (1.1, "times", 0.5...2)
        case .ghost: (1, "ghost contacts", 1...20)
        case .deadBand: (3, "mm at each edge", 0.1...50)
        case .contactLimit: (4, "contacts", 1...20)
        case .none, .rotation, .mirror, .split, .stallThenJump, .mergedDrumroll: nil
        }
    }

    /// What the fault does, for `--help`: the raw value without its default size.
    public var summary: String {
        switch self {
        case .none: "no fault (a perfect panel)"
        case .droppedSamples: "reports lost in the middle of the line"
        case .backwardStep: "one report behind the finger, in the middle of the line"
        case .noise: "gaussian noise on every report"
        case .lowReportRate: "the panel's report rate"
        case .offset: "the mapping moved right"
        case .rotation: "the mapping turned 90 degrees clockwise"
        case .mirror: "the mapping mirrored left-right"
        case .scale: "the mapping too large about the centre"
        case .split: "the line's contact lifts and lands again: its tracking id jumps"
        case .ghost: "a contact of one report, in the middle of the line"
        case .deadBand: "nothing reported near the edges"
        case .contactLimit: "at most this many contacts at once"
        case .stallThenJump: "the line's reports stall, then jump to the finger"
        case .mergedDrumroll: "drumming fingers merged into one contact"
        }
    }
}
