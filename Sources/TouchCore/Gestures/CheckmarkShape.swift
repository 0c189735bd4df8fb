/// The checkmark, judged on a whole one-finger stroke when the finger lifts.
///
/// CheckPlease's rule (any turn of 50-135 degrees after 10 px) was written for a
/// simulator's clean lines. People land with a small hook, their digitizer steps by a few
/// pixels, and nearly every shape they draw (a V, a caret, a rectangle, a triangle, a
/// bracket) has a turn of that size somewhere. So the decision uses the stroke's shape
/// (docs/gestures.md, "Checkmark"):
/// 1. the path is resampled at even steps and smoothed, so jitter and digitizer steps do
///    not make corners;
/// 2. a landing and a lifting hook are cut off: the rest is tried with 0, 6, 12 and 18 %
///    of the stroke's length (at most 40 px) cut from each end, and is a check if any cut
///    is (a hook goes out and comes back, so how much to cut depends on the hook);
/// 3. the corner is the point farthest from the line joining the two ends;
/// 4. a check is two nearly straight legs meeting there: every point within `bow` of its
///    leg's length (at least 3 px) of that leg, so strokes with more corners, loops and
///    curves fail while a hand's bowed second leg passes;
/// 5. the first leg goes down, the second up, both to the same side (or one of them
///    nearly straight), and the two together go sideways at least `sideways` of the second;
/// 6. the second leg is `leastLegRatio` to `largestLegRatio` times as long as the first,
///    with and without the cuts (a symmetric V is not a check), the first at least
///    `checkmarkMinimumLength`, the second at least three times that;
/// 7. the turn between the legs is within `checkmarkMinimumAngle...checkmarkMaximumAngle`;
/// 8. the ends are apart (at least `apart` of the second leg): closed shapes are not checks;
/// 9. it is not a V: the first leg may be at most `vSlope` degrees below the horizontal
///    at a legs' ratio of `vRatio`, `vSlopePerRatio` more for each further 1.0 of ratio.
/// The limits of rules 4-6, 8 and 9 are `CheckmarkLimits`, chosen by a tuner on people's
/// strokes by how they do on a person left out (five people of the $1 logs, Wobbrock,
/// Wilson and Li, UIST 2007; docs/design/gestures.md, "Checkmark against V", "Held out").
enum CheckmarkShape {
    /// Whether `path` (the stroke's points in order, as recorded) is a checkmark.
    static func matches(_ path: [Point], settings: GestureSettings) -> Bool {
        judge(path, settings: settings) == nil
    }

    /// nil for a checkmark; else the rule the stroke came nearest to passing failed (the
    /// cut of its ends that got through the most rules), for the near-miss line.
    static func judge(_ path: [Point], settings: GestureSettings) -> CheckmarkMiss? {
        guard let (points, length) = prepared(path, settings: settings) else {
            var length = 0.0
            for i in 1..<max(1, path.count) { length += path[i - 1].distance(to: path[i]) }
            return CheckmarkMiss(rule: .length, value: path.count >= 3 ? length : 0, limit: 3 * settings.checkmarkMinimumLength)
        }
        // 2. Hooks off both ends, as much as each needs: the first cut that passes ends it.
        var nearest: CheckmarkMiss?
        var passed = false
        forEachCut(of: points, length: length) { cut in
            let miss = cut.map { judge($0, settings: settings, limits: settings.checkmarkLimits) }
                ?? CheckmarkMiss(rule: .length, value: 0, limit: 3 * settings.checkmarkMinimumLength)
            guard let miss else { passed = true; return false }
            if nearest.map({ miss.rule.rawValue > $0.rule.rawValue || (miss.rule == $0.rule && miss.shortfall < $0.shortfall) }) ?? true {
                nearest = miss
            }
            return true
        }
        return passed ? nil : nearest
    }

    /// The fractions of the stroke's length (at most 40 px) tried off each end.
    static let cutFractions = [0, 0.06, 0.12, 0.18]

    /// Steps 1 and 3: the stroke resampled and smoothed, and its length; nil when it is
    /// shorter than the rule's least length (with that miss).
    static func prepared(_ path: [Point], settings: GestureSettings) -> (points: [Point], length: Double)? {
        guard path.count >= 3 else { return nil }
        var length = 0.0
        for i in 1..<path.count { length += path[i - 1].distance(to: path[i]) }
        guard length >= 3 * settings.checkmarkMinimumLength, length > 0 else { return nil }
        // Even steps (at most 64 of them), then two passes of a 3-point average.
        let step = max(length / 64, min(settings.checkmarkSegmentLength / 2, length / 16))
        var points = resample(path, step: step)
        smooth(&points)
        smooth(&points)
        return (points, length)
    }

    /// Each cut's measures in turn (`cutFractions` off the start, then off the end), nil
    /// for a cut with no corner or a leg of no length, until `body` returns false. A
    /// closure, not an array: it runs at every lift, and stops at the first cut that passes.
    static func forEachCut(of points: [Point], length: Double, _ body: (Measures?) -> Bool) {
        for fraction in cutFractions {
            let first = index(in: points, afterArcLength: min(fraction * length, 40))
            for endFraction in cutFractions {
                let lastCut = indexFromEnd(in: points, afterArcLength: min(endFraction * length, 40))
                guard body(measure(points, from: first, to: points.count - 1 - lastCut)) else { return }
            }
        }
    }

    /// Every cut's measures of a whole stroke, for the tuner: nil when the stroke is too
    /// short for any (rule 6's least length, `settings`).
    public static func measures(of path: [Point], settings: GestureSettings) -> [Measures?]? {
        prepared(path, settings: settings).map { prepared in
            var cuts: [Measures?] = []
            forEachCut(of: prepared.points, length: prepared.length) { cuts.append($0); return true }
            return cuts
        }
    }

    /// Whether any of a stroke's cuts (`measures(of:settings:)`) passes under `limits`.
    public static func passes(_ cuts: [Measures], settings: GestureSettings, limits: CheckmarkLimits) -> Bool {
        cuts.contains { judge($0, settings: settings, limits: limits) == nil }
    }

    /// The turn, in degrees, whose cosine is `cosine`.
    static func arcCosineDegrees(_ cosine: Double) -> Double {
        let c = min(1, max(-1, cosine))
        return arcTangent((1 - c * c).squareRoot(), c) * 180 / Double.pi
    }

    /// Points every `step` along the path, at most `limit` of them (the callers' steps
    /// make some dozens).
    ///
    /// Ends on any finite input: where a step is below the coordinates' precision (a
    /// stroke file's `10000000000000000,0 10000000000000002,0` has steps of 0.06 between
    /// doubles 2 apart), a new point is its previous one and the path makes no progress;
    /// it then moves on to the next point instead of adding the same one forever.
    static func resample(_ path: [Point], step: Double, limit: Int = 1024) -> [Point] {
        var result = [path[0]]
        result.reserveCapacity(80)
        guard step > 0, step.isFinite else { return result }
        var previous = path[0]
        var carried = 0.0
        for next in path.dropFirst() {
            var segment = previous.distance(to: next)
            var from = previous
            while carried + segment >= step, segment > 0, result.count < limit {
                let t = (step - carried) / segment
                let point = Point(x: from.x + (next.x - from.x) * t, y: from.y + (next.y - from.y) * t)
                let remaining = point.distance(to: next)
                guard remaining < segment else { break }  // below the coordinates' precision
                result.append(point)
                segment = remaining
                from = point
                carried = 0
            }
            carried += segment
            previous = next
        }
        if let last = path.last, result.last.map({ $0.distance(to: last) > step / 2 }) ?? true {
            result.append(last)
        }
        return result
    }

    static func smooth(_ points: inout [Point]) {
        guard points.count >= 3 else { return }
        var previous = points[0]
        for i in 1..<(points.count - 1) {
            let current = points[i]
            points[i] = Point(x: (previous.x + current.x + points[i + 1].x) / 3,
                              y: (previous.y + current.y + points[i + 1].y) / 3)
            previous = current
        }
    }

    /// The first index at least `arcLength` along the points.
    static func index<C: Collection>(in points: C, afterArcLength arcLength: Double) -> Int where C.Element == Point {
        var travelled = 0.0
        var previous: Point?
        for (i, point) in points.enumerated() {
            if let previous { travelled += previous.distance(to: point) }
            if travelled >= arcLength { return i }
            previous = point
        }
        return max(0, points.count - 1)
    }

    /// The number of points from the end that make up at least `arcLength` of the path.
    static func indexFromEnd(in points: [Point], afterArcLength arcLength: Double) -> Int {
        index(in: points.reversed(), afterArcLength: arcLength)
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared))
        return p.distance(to: Point(x: a.x + dx * t, y: a.y + dy * t))
    }
}
