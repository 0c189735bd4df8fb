/// What a `qualify` line is about, as the event log, plan files and reports name it:
/// the eight kinds of step a plan can ask, plus `card` (the card calibration, step 0) and
/// `plan` (the run's `finished` line). One closed set, spelled once: plan files, the log's
/// codec and the report all match on these cases, never on their strings.
public enum QualifyKind: String, Sendable, CaseIterable, Codable {
    case line, hold, taps, corners
    case maximumContacts = "maximum-contacts"
    case pinch, drumroll, edges
    /// The card calibration of a run on an output that does not say its size.
    case card
    /// The whole run: its `finished` line.
    case plan

    /// The kinds a plan file may ask for (all but `card` and `plan`).
    public static let steps: [QualifyKind] = allCases.filter { $0 != .card && $0 != .plan }
}
