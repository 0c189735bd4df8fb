import TouchCore

/// One failed check's place on a step's plot (docs/qualify.md, "The report"): a plot of
/// dots does not show that 4.8 mm of jitter or a 2.4 mm tap offset is a failure, nor where
/// in a line the gap was; the mark draws it, in millimetres on the panel, with its size.
struct ReportMark: Equatable {
    enum Shape: Equatable {
        /// The failure's own extent: the gap's step, the offset, the way back.
        case segment(Point, Point)
        /// A reference it is measured from, drawn thin and dashed: the fitted line, the edge.
        case reference(Point, Point)
        case circle(centre: Point, radius: Double)
        case cross(Point)
        /// A ring of a fixed drawn size about a place too small to find at the plot's
        /// scale (a gap of 3 mm on a line of 180 is some 8 px).
        case ring(Point)
    }

    /// The validator whose failure it marks.
    var validator: QualifyValidator
    var shapes: [Shape]
    /// What is marked and its size ("gap 4.20 mm").
    var label: String
    /// Where the label goes.
    var at: Point

    /// Every point the mark draws, so that the plot's view holds it.
    var points: [Point] {
        shapes.flatMap { shape -> [Point] in
            switch shape {
            case .segment(let a, let b), .reference(let a, let b): [a, b]
            case .circle(let c, let r): [Point(x: c.x - r, y: c.y - r), Point(x: c.x + r, y: c.y + r)]
            case .cross(let p), .ring(let p): [p]
            }
        }
    }
}

/// Where each failed check of a step failed, found from the step's contacts in the report
/// with the core's validators' own geometry (`StrokeValidators.largestGap`,
/// `PointSetGeometry.farthestPair` ...), so that the mark is the place the verdict
/// judged, not a second reading of it. Only failed checks are marked: a red mark is a
/// failure. A check without a place (a count, a latency, a contact that never came) has
/// none; its row in the table says it.
enum ReportMarks {
    /// The most ghost contacts marked one by one (a broken panel's make hundreds).
    static let markedGhosts = 20

    static func marks(_ step: QualifyReport.Step, panel: [Double]) -> [ReportMark] {
        let failed = step.verdicts.filter { !$0.passed }
        guard !failed.isEmpty else { return [] }
        let contacts = step.contacts.enumerated().map { index, reports in
            Contact(id: Int32(truncatingIfNeeded: index), samples: reports.filter { $0.count >= 3 }.map {
                ContactSample(time: $0[0], point: Point(x: $0[1], y: $0[2]))
            })
        }
        // The judge's choice of the stroke or hold it judges (`QualifyJudge.judge`).
        let longest = contacts.max { $0.samples.count < $1.samples.count }
        return failed.flatMap { verdict -> [ReportMark] in
            let name = verdict.validator
            switch name {
            case .noGap: return longest.flatMap { gap($0, name) }.map { [$0] } ?? []
            case .linearity: return longest.flatMap { linearity($0, name) }.map { [$0] } ?? []
            case .noReversedMotion: return longest.flatMap { reversal($0, name) }.map { [$0] } ?? []
            case .reportRate: return longestInterval(contacts, name).map { [$0] } ?? []
            case .stationaryJitter: return longest.flatMap { jitter($0, name) }.map { [$0] } ?? []
            case .tapAccuracy: return spread(contacts, name).map { [$0] } ?? []
            case .tapOffset:
                guard case .taps(let target, _) = step.guide else { return [] }
                return offset(contacts, target: target, name).map { [$0] } ?? []
            case .mapping:
                guard case .corners(let asked) = step.guide else { return [] }
                return mapping(contacts, asked: asked, name).map { [$0] } ?? []
            case .range:
                guard panel.count == 2 else { return [] }
                return range(contacts, panel: Size(width: panel[0], height: panel[1]), limit: verdict.threshold, name)
            case .trackingIDs: return ghosts(contacts, name)
            default: return []
            }
        }
    }

    static func mm(_ value: Double) -> String { TouchCore.fixed(value, decimals: 2) + " mm" }

    static func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    static func gap(_ stroke: Contact, _ name: QualifyValidator) -> ReportMark? {
        guard let gap = StrokeValidators.largestGap(stroke) else { return nil }
        let a = stroke.samples[gap.index].point, b = stroke.samples[gap.index + 1].point
        return ReportMark(validator: name, shapes: [.segment(a, b), .ring(middle(a, b))], label: "gap \(mm(gap.length))",
                          at: middle(a, b))
    }

    static func linearity(_ stroke: Contact, _ name: QualifyValidator) -> ReportMark? {
        guard let worst = StrokeValidators.farthestFromLine(stroke) else { return nil }
        return ReportMark(validator: name, shapes: [.reference(worst.line.0, worst.line.1), .segment(worst.foot, worst.point), .ring(worst.point)],
                          label: "\(mm(worst.point.distance(to: worst.foot))) off the line", at: worst.point)
    }

    static func reversal(_ stroke: Contact, _ name: QualifyValidator) -> ReportMark? {
        guard let r = StrokeValidators.reversal(stroke), r.distance > 0 else { return nil }
        return ReportMark(validator: name, shapes: [.ring(r.turn), .segment(r.turn, r.back)],
                          label: "went back \(mm(r.distance))", at: r.turn)
    }

    /// The longest interval between two reports of one contact, where the reports were
    /// too far apart in time (a rate has no place; its worst interval has).
    static func longestInterval(_ contacts: [Contact], _ name: QualifyValidator) -> ReportMark? {
        var best: (interval: Double, a: Point, b: Point)?
        for contact in contacts {
            for i in contact.samples.indices.dropFirst() {
                let interval = contact.samples[i].time - contact.samples[i - 1].time
                if interval > best?.interval ?? 0 { best = (interval, contact.samples[i - 1].point, contact.samples[i].point) }
            }
        }
        guard let best else { return nil }
        return ReportMark(validator: name, shapes: [.segment(best.a, best.b), .cross(best.b)],
                          label: "\(TouchCore.fixed(best.interval * 1000, decimals: 1)) ms between reports", at: best.b)
    }

    /// The hold's spread: a circle about its mean through its farthest report, and the
    /// two reports farthest apart (the figure) joined.
    static func jitter(_ hold: Contact, _ name: QualifyValidator) -> ReportMark? {
        let points = hold.samples.map(\.point)
        guard let (a, b) = PointSetGeometry.farthestPair(points) else { return nil }
        let mean = PointSetGeometry.centroid(points)
        let radius = points.map { $0.distance(to: mean) }.max() ?? 0
        return ReportMark(validator: name, shapes: [.circle(centre: mean, radius: radius), .segment(a, b)],
                          label: "spread \(mm(a.distance(to: b)))", at: Point(x: mean.x + radius, y: mean.y))
    }

    /// The taps' smallest enclosing circle, whose radius tap accuracy holds to its limit.
    static func spread(_ taps: [Contact], _ name: QualifyValidator) -> ReportMark? {
        guard let circle = PointSetGeometry.enclosingCircle(taps.flatMap { $0.samples.map(\.point) }) else { return nil }
        return ReportMark(validator: name, shapes: [.circle(centre: circle.centre, radius: circle.radius)],
                          label: "radius \(mm(circle.radius))",
                          at: Point(x: circle.centre.x + circle.radius, y: circle.centre.y + circle.radius))
    }

    static func offset(_ taps: [Contact], target: Point, _ name: QualifyValidator) -> ReportMark? {
        guard let centre = ContactValidators.landingsCentroid(taps) else { return nil }
        return ReportMark(validator: name, shapes: [.segment(target, centre), .cross(centre)],
                          label: "offset \(mm(centre.distance(to: target)))", at: middle(target, centre))
    }

    /// The corner tapped farthest from where it was asked (taps in the order asked, as
    /// the mapping check pairs them).
    static func mapping(_ contacts: [Contact], asked: [Point], _ name: QualifyValidator) -> ReportMark? {
        let taps = contacts.filter { !$0.isGhost }
        guard taps.count == asked.count else { return nil }
        let pairs = zip(asked, taps.map { PointSetGeometry.centroid($0.samples.map(\.point)) })
        guard let worst = pairs.max(by: { $0.0.distance(to: $0.1) < $1.0.distance(to: $1.1) }) else { return nil }
        return ReportMark(validator: name, shapes: [.segment(worst.0, worst.1), .cross(worst.1)],
                          label: "\(mm(worst.0.distance(to: worst.1))) from where asked", at: middle(worst.0, worst.1))
    }

    /// Each edge a stroke stopped short of by more than `limit`: the edge, and the way
    /// from the stroke's nearest report to it. The strokes are paired with the edges as
    /// the judge pairs them (in the order they began); a mapping the corners step found
    /// wrong is not corrected here, so a mirrored panel's range may be marked at the
    /// edge its stroke went toward.
    static func range(_ contacts: [Contact], panel: Size, limit: Double, _ name: QualifyValidator) -> [ReportMark] {
        let strokes = contacts.filter { !$0.isGhost }.sorted { $0.began < $1.began }
        return zip(QualifyStep.edgeOrder, strokes).compactMap { edge, stroke in
            guard let reach = StrokeValidators.reach(of: stroke, toward: edge, panel: panel), reach.shortfall > limit else { return nil }
            let p = reach.nearest, w = panel.width, h = panel.height
            let (onEdge, from, to): (Point, Point, Point) = switch edge {
            case .left: (Point(x: 0, y: p.y), Point(x: 0, y: 0), Point(x: 0, y: h))
            case .right: (Point(x: w, y: p.y), Point(x: w, y: 0), Point(x: w, y: h))
            case .top: (Point(x: p.x, y: 0), Point(x: 0, y: 0), Point(x: w, y: 0))
            case .bottom: (Point(x: p.x, y: h), Point(x: 0, y: h), Point(x: w, y: h))
            }
            return ReportMark(validator: name, shapes: [.reference(from, to), .segment(p, onEdge)],
                              label: "\(mm(reach.shortfall)) short of the \(edge.rawValue) edge", at: middle(p, onEdge))
        }
    }

    /// Ghosts (`Contact.isGhost`), each crossed, the first `markedGhosts` of them.
    static func ghosts(_ contacts: [Contact], _ name: QualifyValidator) -> [ReportMark] {
        contacts.filter { $0.isGhost && !$0.samples.isEmpty }.prefix(markedGhosts).map { ghost in
            let p = ghost.samples[0].point
            return ReportMark(validator: name, shapes: [.cross(p)], label: "ghost", at: p)
        }
    }
}
