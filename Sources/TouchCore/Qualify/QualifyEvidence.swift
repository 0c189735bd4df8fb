/// What a validator judges (`QualifyValidator.judge`): one step, its contacts in
/// millimetres, the panel, the profile's limits, and what the steps before it found. Built
/// by `QualifyJudge` for each step; the readings several validators share (the stroke
/// judged, the edges' strokes, the mapping check) are worked out here once, by one rule.
public struct QualifyEvidence: Sendable {
    /// The step asked.
    public let step: QualifyStep
    /// Its contacts, as the panel reported them.
    public let contacts: [Contact]
    /// The panel's size in millimetres.
    public let panel: Size
    /// The limits (a plan's profile).
    public let thresholds: QualifyThresholds
    /// The report rate a contact must reach: the profile's, or the output's refresh.
    public let minimumReportRate: Double
    /// How many outputs the compositor has, where known.
    public let outputCount: Int?
    /// The correction of the mapping an earlier corners step found wrong, if any.
    public let correction: [Double]?

    public init(step: QualifyStep, contacts: [Contact], panel: Size, thresholds: QualifyThresholds = QualifyThresholds(),
                minimumReportRate: Double = 60, outputCount: Int? = nil, correction: [Double]? = nil) {
        self.step = step
        self.contacts = contacts
        self.panel = panel
        self.thresholds = thresholds
        self.minimumReportRate = minimumReportRate
        self.outputCount = outputCount
        self.correction = correction
    }

    /// The limit `limit` under the profile.
    public subscript(limit: QualifyLimit) -> Double { thresholds[limit] }

    /// The stroke or hold a one-finger step is judged on: the contact of the most reports
    /// (the report's marks choose it by the same rule).
    public var longest: Contact? { contacts.max { $0.samples.count < $1.samples.count } }

    /// The contacts that are not ghosts (`Contact.isGhost`), in the order they began.
    public var realContacts: [Contact] { contacts.filter { !$0.isGhost }.sorted { $0.began < $1.began } }

    /// An edges step's strokes, each with the edge it was asked to cross
    /// (`QualifyStep.edgeOrder`), in the order they began, each seen through the mapping's
    /// correction where a corners step found it wrong.
    public var edgeStrokes: [(edge: StrokeValidators.Edge, stroke: Contact)] {
        zip(QualifyStep.edgeOrder, realContacts.map(throughCorrection)).map { (edge: $0, stroke: $1) }
    }

    /// A corners step's mapping check: nil for another step, or where not every tap asked
    /// arrived or they do not fit a map.
    public var mappingCheck: MappingCheck? {
        guard case .corners(let asked) = step else { return nil }
        let taps = contacts.filter { !$0.isGhost }
        guard taps.count == asked.count else { return nil }
        return MappingCheck(asked: asked, reported: taps.map { centroid($0.samples.map(\.point)) }, panel: panel,
                            limit: thresholds[.mapping])
    }

    private func throughCorrection(_ contact: Contact) -> Contact {
        guard let m = correction else { return contact }
        var copy = contact
        copy.samples = contact.samples.map { s in
            let n = MappingCheck.apply(m, to: Point(x: s.point.x / panel.width, y: s.point.y / panel.height))
            return ContactSample(time: s.time, point: Point(x: n.x * panel.width, y: n.y * panel.height))
        }
        return copy
    }
}
