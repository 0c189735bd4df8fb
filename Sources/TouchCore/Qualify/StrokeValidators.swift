/// Judges of one finger's stroke along a guide, which the validators' rules call
/// (`QualifyValidator.rule`; docs/qualify.md gives each threshold's source). Strokes are judged as ChromiumOS's touch firmware test judges a person's: the
/// ends trimmed (a finger lands, hooks and speeds up there), pauses cut.
public enum StrokeValidators {
    /// Linearity on the middle 80 % of the stroke's length: the points' distance from the
    /// straight line closest to them, RMS <= 0.5 mm and at most 2 mm anywhere. The verdict's
    /// figure is the RMS; the maximum is its second limit.
    public static func linearity(_ stroke: Contact, maximum: Double = QualifyLimit.linearityMaximum.defaultValue,
                                 rms: Double = QualifyLimit.linearityRMS.defaultValue) -> Verdict {
        let points = stroke.trimmed(0.1).map(\.point)
        guard let fit = LineFit(points) else {
            return Verdict(.linearity, figure: .infinity, .atMost, rms, unit: "mm", detail: "too few points")
        }
        var worst = 0.0, squares = 0.0
        for p in points {
            let d = abs(fit.across(p))
            worst = max(worst, d)
            squares += d * d
        }
        let root = (squares / Double(points.count)).squareRoot()
        return Verdict(.linearity, figure: root, .atMost, rms, unit: "mm",
                       detail: "max \(fixed(worst, decimals: 2)) mm (<= \(fixed(maximum, decimals: 2)))",
                       otherLimitsMet: worst <= maximum)
    }

    /// The report of the middle 80 % farthest from the line linearity fits, and that
    /// line from the first such report to the last (each projected onto it), for the
    /// report to draw; nil where linearity has too few points.
    public static func farthestFromLine(_ stroke: Contact) -> (point: Point, foot: Point, line: (Point, Point))? {
        let points = stroke.trimmed(0.1).map(\.point)
        guard let fit = LineFit(points), let first = points.first, let last = points.last else { return nil }
        let worst = points.max { abs(fit.across($0)) < abs(fit.across($1)) }!
        return (worst, fit.foot(worst), (fit.foot(first), fit.foot(last)))
    }

    /// No gap, as ChromiumOS's touch firmware test defines it: a scan the panel missed
    /// makes one step between reports long next to the step before it, and the step after
    /// it shorter again. The figure is the largest ratio of a step to the one before it
    /// (both of at least 0.1 mm, the floor of a unit) among the steps of at least 1 mm that
    /// are more than 1.2 times the step after them; at most 1.8. Times play no part: a
    /// firmware that stalls and then jumps at its steady report rate (2.2 then 30 units,
    /// each 9.2 ms apart) is caught, and a finger that speeds up is not, because each of
    /// its steps is shorter than the next.
    public static func noGap(_ stroke: Contact, ratio limit: Double = QualifyLimit.gapRatio.defaultValue) -> Verdict {
        guard stroke.samples.count >= 4 else {
            return Verdict(.noGap, figure: .infinity, .atMost, limit, unit: "ratio", detail: "too few points")
        }
        guard let gap = largestGap(stroke) else {
            return Verdict(.noGap, figure: 0, .atMost, limit, unit: "ratio", detail: "no step of 1 mm or more longer than the next")
        }
        return Verdict(.noGap, figure: gap.ratio, .atMost, limit, unit: "ratio",
                       detail: "\(fixed(gap.length, decimals: 2)) mm after \(fixed(gap.before, decimals: 2)) mm, then \(fixed(gap.after, decimals: 2)) mm")
    }

    /// The step between two reports that no gap judges (its figure is `ratio`), so that
    /// the report marks where in the stroke it is with the judge's own rule.
    public struct Gap: Equatable, Sendable {
        /// The step is from `stroke.samples[index]` to `stroke.samples[index + 1]`.
        public let index: Int
        public let ratio: Double
        /// The step's length, and the steps before and after it, mm.
        public let length, before, after: Double
    }

    /// The largest gap of `stroke` as no gap defines it; nil when it has fewer than four
    /// reports or no step of 1 mm or more longer than the next.
    public static func largestGap(_ stroke: Contact) -> Gap? {
        let samples = stroke.samples
        guard samples.count >= 4 else { return nil }
        var steps: [Double] = []
        for i in samples.indices.dropFirst() { steps.append(samples[i].point.distance(to: samples[i - 1].point)) }
        var worst = 0.0, at: Int?
        for i in steps.indices.dropFirst().dropLast() {
            let before = max(steps[i - 1], gapFloor), after = max(steps[i + 1], gapFloor)
            guard steps[i] >= gapLowerBound, steps[i] / after > 1.2 else { continue }
            let ratio = steps[i] / before
            if ratio > worst { worst = ratio; at = i }
        }
        guard let at else { return nil }
        return Gap(index: at, ratio: worst, length: steps[at], before: steps[at - 1], after: steps[at + 1])
    }

    /// No gap's floor for a step (ChromiumOS's one unit, about 0.1 mm on a touchscreen)
    /// and the shortest step it judges (its ten units).
    static let gapFloor = 0.1
    static let gapLowerBound = 1.0

    /// No reversed motion: how far the stroke went back against its direction of travel,
    /// beyond what its own noise explains: five times the noise of its reports along the
    /// line, estimated from their second differences (which a finger's smoothly changing
    /// speed hardly moves and one step back does not move, being a robust spread: 1.4826
    /// times the median absolute deviation, over the square root of 6). At most 1 mm.
    public static func noReversedMotion(_ stroke: Contact, limit: Double = QualifyLimit.reversedMotion.defaultValue) -> Verdict {
        guard let reversal = reversal(stroke) else {
            return Verdict(.noReversedMotion, figure: .infinity, .atMost, limit, unit: "mm", detail: "too few points")
        }
        let back = reversal.distance, noise = reversal.noise
        return Verdict(.noReversedMotion, figure: max(0, back - 5 * noise), .atMost, limit, unit: "mm",
                       detail: "went back \(fixed(back, decimals: 2)) mm, noise along the line \(fixed(noise, decimals: 2)) mm")
    }

    /// Where a stroke went furthest back, as no reversed motion measures it: from `turn`
    /// (the furthest it had gone) back to `back`, `distance` along its line, with the
    /// noise of its reports along the line; the report marks it with the judge's own rule.
    public struct Reversal: Equatable, Sendable {
        public let turn, back: Point
        public let distance, noise: Double
    }

    /// The reversal of `stroke`'s middle 80 %; nil with fewer than four reports there.
    public static func reversal(_ stroke: Contact) -> Reversal? {
        let points = stroke.trimmed(0.1).map(\.point)
        guard points.count >= 4, let fit = LineFit(points), let first = points.first, let last = points.last else { return nil }
        let sign = fit.along(last) >= fit.along(first) ? 1.0 : -1.0
        let along = points.map { sign * fit.along($0) }
        var furthest = -Double.infinity, furthestAt = 0, back = 0.0, turn = 0, backAt = 0
        for (i, s) in along.enumerated() {
            if s > furthest { furthest = s; furthestAt = i }
            if furthest - s > back { back = furthest - s; turn = furthestAt; backAt = i }
        }
        let bends = along.indices.dropFirst(2).map { along[$0] - 2 * along[$0 - 1] + along[$0 - 2] }
        let usual = median(bends)
        let noise = 1.4826 * median(bends.map { abs($0 - usual) }) / 6.0.squareRoot()
        return Reversal(turn: points[turn], back: points[backAt], distance: back, noise: noise)
    }

    /// Report rate, per contact from its usual (median) interval, judged on the slowest
    /// contact: at least `minimum` Hz (60, or the output's refresh when a profile asks).
    public static func reportRate(_ contacts: [Contact], minimum: Double = 60) -> Verdict {
        var slowest = Double.infinity, longest = 0.0, over = 0, intervals = 0
        for contact in contacts where contact.samples.count >= 3 {
            var own: [Double] = []
            for i in contact.samples.indices.dropFirst() {
                let interval = contact.samples[i].time - contact.samples[i - 1].time
                own.append(interval)
                longest = max(longest, interval)
                if interval > 1 / 60.0 + 1e-9 { over += 1 }
            }
            intervals += own.count
            slowest = min(slowest, 1 / max(median(own), 1e-6))
        }
        guard intervals > 0 else {
            return Verdict(.reportRate, figure: 0, .atLeast, minimum, unit: "Hz", detail: "no contact of three reports")
        }
        return Verdict(.reportRate, figure: slowest, .atLeast, minimum, unit: "Hz",
                       detail: "\(fixed(100 * Double(over) / Double(intervals), decimals: 1)) % of intervals over 16.7 ms, longest \(fixed(longest * 1000, decimals: 1)) ms")
    }

    public enum Edge: String, Sendable, CaseIterable { case left, right, top, bottom }

    /// Range: strokes from the centre off each edge of a `panel` (mm) reach within 0.5 mm
    /// of the edge they cross; the figure is the largest shortfall. `strokes` pairs each
    /// edge with its stroke.
    public static func range(_ strokes: [(edge: Edge, stroke: Contact)], panel: Size, limit: Double = QualifyLimit.range.defaultValue) -> Verdict {
        var worst = 0.0, worstEdge = ""
        for (edge, stroke) in strokes {
            let nearest = reach(of: stroke, toward: edge, panel: panel)?.shortfall ?? .infinity
            if nearest > worst || worstEdge.isEmpty { worst = max(worst, nearest); worstEdge = edge.rawValue }
        }
        return Verdict(.range, figure: worst, .atMost, limit, unit: "mm", detail: "shortest reach at the \(worstEdge) edge")
    }

    /// How near `stroke` came to `edge` of a `panel`: the report nearest it and how far
    /// short of it that report stopped (0 at or past it), the figure range judges; nil for
    /// a stroke of no report.
    public static func reach(of stroke: Contact, toward edge: Edge, panel: Size) -> (nearest: Point, shortfall: Double)? {
        var best: (nearest: Point, shortfall: Double)?
        for sample in stroke.samples {
            let p = sample.point
            let gap = switch edge {
            case .left: p.x
            case .right: panel.width - p.x
            case .top: p.y
            case .bottom: panel.height - p.y
            }
            if best == nil || max(0, gap) < best!.shortfall { best = (p, max(0, gap)) }
        }
        return best
    }
}
