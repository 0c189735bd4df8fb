/// What a qualify step asks of a person, with where (millimetres on the panel), and which
/// validators judge it (docs/qualify.md). Plans are lists of these, read from JSON in the
/// client's layer.
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

    /// The verdicts of one step's contacts; a step's mapping check is also kept for the
    /// steps judged after it.
    public mutating func judge(_ step: QualifyStep, contacts: [Contact]) -> [Verdict] {
        // Touches the compositor took are no panel's fault, and the step cannot be judged.
        let taken = contacts.filter(\.cancelled).count
        guard taken == 0 else {
            return [Verdict(.takenByTheCompositor, figure: Double(taken), .atMost, 0, unit: "contacts",
                            detail: "the compositor cancelled \(taken) contact\(taken == 1 ? "" : "s") (wl_touch.cancel) for gestures of its own: not the panel's fault; redo the step, or run on a compositor that leaves them")]
        }
        let longest = contacts.max { $0.samples.count < $1.samples.count }
        switch step {
        case .line:
            guard let stroke = longest else { return [missing(.linearity)] }
            let t = thresholds
            return [StrokeValidators.linearity(stroke, maximum: t.linearityMaximum, rms: t.linearityRMS),
                    StrokeValidators.noGap(stroke, ratio: t.gapRatio),
                    StrokeValidators.noReversedMotion(stroke, limit: t.reversedMotion),
                    StrokeValidators.reportRate(contacts, minimum: minimumReportRate),
                    ContactValidators.trackingIDs(contacts, expected: 1)]
        case .hold:
            guard let hold = longest else { return [missing(.stationaryJitter)] }
            return [ContactValidators.stationaryJitter(hold, limit: thresholds.stationaryJitter),
                    ContactValidators.trackingIDs(contacts, expected: 1)]
        case .taps(let target, let count):
            return [ContactValidators.tapAccuracy(contacts, limit: thresholds.tapAccuracy),
                    ContactValidators.tapOffset(contacts, target: target, limit: thresholds.tapOffset),
                    ContactValidators.trackingIDs(contacts, expected: count)]
        case .corners(let asked):
            let taps = contacts.filter { !$0.isGhost }
            let ids = ContactValidators.trackingIDs(contacts, expected: asked.count)
            guard taps.count == asked.count,
                  let check = MappingCheck(asked: asked, reported: taps.map { centroid($0.samples.map(\.point)) }, panel: panel,
                                           limit: thresholds.mapping)
            else {
                let lost: String
                switch outputCount {
                case .some(let n) where n > 1:
                    lost = "; the others never came: the touchscreen is spread over all \(n) outputs or mapped to another (map it to this one: sway's map_to_output, GNOME's and KDE's display settings), so no matrix corrects it"
                case .some(1):
                    lost = "; the others never came: the touchscreen is mapped to no part of this output"
                default:
                    lost = "; the others never came: is the touchscreen mapped to another output, or spread over all of them?"
                }
                let detail = "\(taps.count) of \(asked.count) taps arrived" + (taps.count < asked.count ? lost : "")
                return [Verdict(.mapping, figure: .infinity, .atMost, thresholds.mapping, unit: "mm", detail: detail), ids]
            }
            correction = check.verdict.passed ? nil : check.calibrationMatrix
            return [check.verdict, ids]
        case .maximumContacts:
            return [ContactValidators.maximumContacts(contacts, minimum: thresholds.maximumContacts)]
        case .pinch:
            return [ContactValidators.pinch(contacts, minimum: thresholds.pinch), ContactValidators.trackingIDs(contacts, expected: 2)]
        case .drumroll:
            return [ContactValidators.drumroll(contacts, limit: thresholds.drumroll)]
        case .edges:
            let strokes = contacts.filter { !$0.isGhost }.sorted { $0.began < $1.began }
            let pairs = zip(QualifyStep.edgeOrder, strokes.map { throughCorrection($0) }).map { (edge: $0, stroke: $1) }
            return [StrokeValidators.range(pairs, panel: panel, limit: thresholds.range), ContactValidators.trackingIDs(contacts, expected: 4)]
        }
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

    private func missing(_ validator: QualifyValidator) -> Verdict {
        Verdict(validator, figure: .infinity, .atMost, 0, unit: "", detail: "no contact")
    }
}
