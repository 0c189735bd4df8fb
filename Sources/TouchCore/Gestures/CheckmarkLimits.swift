/// The checkmark rule's shape limits (CheckmarkShape, rules 4-9), apart from the three a
/// user sets with `--gesture` (the turn's two angles and the least length).
///
/// They are chosen, not guessed: `CheckmarkTuner` (Tests/TouchCoreTests) picks each one on
/// people's strokes by how the rule does on a person it did not see (leave one person out
/// of the five of the $1 logs, Wobbrock, Wilson and Li, UIST 2007), and the shipped values
/// are what it picks on all five; `CheckmarkTunerTests` fails when they are not
/// (docs/design/gestures.md, "Held out"). Every limit is a proportion of the stroke or an angle,
/// so it holds whatever the stroke's size.
public struct CheckmarkLimits: Equatable, Sendable {
    /// Rule 6: the least ratio of the second leg to the first (a symmetric V has about 1).
    public var leastLegRatio: Double
    /// Rule 6: the largest ratio of the second leg to the first.
    public var largestLegRatio: Double
    /// Rule 5: how far the two legs together go sideways, over the second leg, at least.
    public var sideways: Double
    /// Rule 9: the first leg may be `vSlope` degrees below the horizontal at a legs' ratio
    /// of `vRatio`, `vSlopePerRatio` degrees more for each further 1.0 of ratio.
    public var vSlope: Double
    public var vRatio: Double
    public var vSlopePerRatio: Double
    /// Rule 8: the ends at least this far apart, over the second leg.
    public var apart: Double
    /// Rule 4: the most a point may lie off its leg, over the leg's length (at least 3 px).
    public var bow: Double

    public init(leastLegRatio: Double, largestLegRatio: Double, sideways: Double,
                vSlope: Double, vRatio: Double, vSlopePerRatio: Double, apart: Double, bow: Double) {
        self.leastLegRatio = leastLegRatio
        self.largestLegRatio = largestLegRatio
        self.sideways = sideways
        self.vSlope = vSlope
        self.vRatio = vRatio
        self.vSlopePerRatio = vSlopePerRatio
        self.apart = apart
        self.bow = bow
    }

    /// The limits touchspots ships: the tuner's choice on all five people (2026-12-06).
    /// Against the limits chosen by hand before (least ratio 1.3, largest 8, sideways 0.25,
    /// V line 55 degrees at 1.6 and 40 a unit, apart 0.5, bow 0.25): a lower least ratio
    /// and a V line that rises faster with the ratio (a check with a longer second leg may
    /// start steeper), more bow allowed, more sideways needed.
    public static let shipped = CheckmarkLimits(leastLegRatio: 1.2, largestLegRatio: 9, sideways: 0.3, vSlope: 54, vRatio: 1.6,
                                                vSlopePerRatio: 52.5, apart: 0.425, bow: 0.4)
}

extension CheckmarkShape {
    /// What rules 3-9 measure of one cut of a stroke (`measure`): everything the limits are
    /// compared with, so that a stroke is measured once and judged under any limits (the
    /// tuner judges 2,400 strokes under thousands of them).
    public struct Measures: Equatable, Sendable {
        /// The legs' lengths, px, from the cut ends to the corner.
        public var firstLeg, secondLeg: Double
        /// The second leg over the first, the lesser of the cut's and the uncut ends'.
        public var legRatio: Double
        /// The second leg over the first, from the cut ends.
        public var cutLegRatio: Double
        /// Rule 5's directions: down then up, both to the same side (or one nearly straight).
        public var downThenUp, sameSide: Bool
        public var sideways: Double
        /// The turn between the legs, degrees.
        public var turn: Double
        /// The first leg's angle below the horizontal, degrees, the steeper of cut and uncut.
        public var firstAngle: Double
        /// The ends' distance over the second leg.
        public var apart: Double
        /// The farthest a point lies off its leg, over the leg's length; 0 when every point
        /// is within 3 px.
        public var bow: Double
    }

    /// Rules 3-9's measures of `points[first...end]` (the whole resampled stroke is
    /// `points`): nil when the cut has no corner or a leg of no length.
    static func measure(_ points: [Point], from first: Int, to end: Int) -> Measures? {
        guard end - first >= 2 else { return nil }
        let a = points[first], b = points[end]

        // 3. The corner.
        var corner = first + 1
        var farthest = -1.0
        for i in (first + 1)..<end {
            let d = distance(points[i], toSegment: a, b)
            if d > farthest { farthest = d; corner = i }
        }
        let c = points[corner]
        let leg1 = (dx: c.x - a.x, dy: c.y - a.y), leg2 = (dx: b.x - c.x, dy: b.y - c.y)
        let length1 = a.distance(to: c), length2 = c.distance(to: b)
        guard length1 > 0, length2 > 0 else { return nil }
        // The proportion also holds from the uncut ends, so a cut never turns a symmetric V
        // into a check.
        let uncut1 = points[0].distance(to: c), uncut2 = c.distance(to: points[points.count - 1])
        let legRatio = min(length2 / length1, uncut2 / max(uncut1, .leastNonzeroMagnitude))

        // 5. Directions (y grows downward).
        let nearlyVertical = abs(leg1.dx) < 0.25 * length1
        let sameSide = nearlyVertical || (leg1.dx < 0) == (leg2.dx < 0) || abs(leg2.dx) < 0.25 * length2
        let cosine = (leg1.dx * leg2.dx + leg1.dy * leg2.dy) / (length1 * length2)

        // 9. Measured from the uncut ends too, the steeper way: cutting a small stroke's
        // landing hook must not flatten a V's first leg into a check's.
        let uncutLeg1 = (dx: c.x - points[0].x, dy: c.y - points[0].y)
        let firstAngle = max(arcTangent(leg1.dy, abs(leg1.dx)), arcTangent(uncutLeg1.dy, abs(uncutLeg1.dx))) * 180 / Double.pi

        // 4. How far the legs bow: a point within 3 px of its leg never counts.
        var bow = 0.0
        for i in first...corner {
            let d = distance(points[i], toSegment: a, c)
            if d > 3 { bow = max(bow, d / length1) }
        }
        for i in corner...end {
            let d = distance(points[i], toSegment: c, b)
            if d > 3 { bow = max(bow, d / length2) }
        }
        return Measures(firstLeg: length1, secondLeg: length2, legRatio: legRatio, cutLegRatio: length2 / length1,
                        downThenUp: leg1.dy > 0 && leg2.dy < 0, sameSide: sameSide,
                        sideways: abs(leg1.dx + leg2.dx) / length2, turn: arcCosineDegrees(cosine),
                        firstAngle: firstAngle, apart: a.distance(to: b) / length2, bow: bow)
    }

    /// Rules 4-9 on one cut's measures: nil when they pass, else the first that fails, in
    /// the order a near miss ranks them (`CheckmarkMiss.Rule`).
    static func judge(_ m: Measures, settings: GestureSettings, limits: CheckmarkLimits) -> CheckmarkMiss? {
        // 6. Proportions and size.
        guard m.firstLeg >= settings.checkmarkMinimumLength else {
            return CheckmarkMiss(rule: .firstLeg, value: m.firstLeg, limit: settings.checkmarkMinimumLength)
        }
        guard m.secondLeg >= 3 * settings.checkmarkMinimumLength else {
            return CheckmarkMiss(rule: .secondLeg, value: m.secondLeg, limit: 3 * settings.checkmarkMinimumLength)
        }
        guard m.legRatio >= limits.leastLegRatio else {
            return CheckmarkMiss(rule: .legRatio, value: m.legRatio, limit: limits.leastLegRatio)
        }
        guard m.cutLegRatio <= limits.largestLegRatio else {
            return CheckmarkMiss(rule: .legRatioAbove, value: m.cutLegRatio, limit: limits.largestLegRatio)
        }
        // 5. Directions.
        guard m.downThenUp else { return CheckmarkMiss(rule: .direction, value: 0, limit: 0) }
        guard m.sideways >= limits.sideways else { return CheckmarkMiss(rule: .sideways, value: m.sideways, limit: limits.sideways) }
        guard m.sameSide else { return CheckmarkMiss(rule: .direction, value: 0, limit: 0) }
        // 7. The turn.
        guard m.turn >= settings.checkmarkMinimumAngle else {
            return CheckmarkMiss(rule: .turn, value: m.turn, limit: settings.checkmarkMinimumAngle)
        }
        guard m.turn <= settings.checkmarkMaximumAngle else {
            return CheckmarkMiss(rule: .turnAbove, value: m.turn, limit: settings.checkmarkMaximumAngle)
        }
        // 9. Not a V: the steeper the first leg, the longer the second must be.
        let steepest = limits.vSlope + limits.vSlopePerRatio * (m.legRatio - limits.vRatio)
        guard m.firstAngle <= steepest else { return CheckmarkMiss(rule: .notV, value: m.firstAngle, limit: steepest) }
        // 8. Not closed.
        guard m.apart >= limits.apart else { return CheckmarkMiss(rule: .closed, value: m.apart, limit: limits.apart) }
        // 4. Two straight legs.
        guard m.bow <= limits.bow else { return CheckmarkMiss(rule: .straight, value: m.bow, limit: limits.bow) }
        return nil
    }
}
