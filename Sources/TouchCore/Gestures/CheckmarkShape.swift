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
/// 4. a check is two nearly straight legs meeting there: every point within 25 % of its
///    leg's length (at least 3 px) of that leg, so strokes with more corners, loops and
///    curves fail while a hand's bowed second leg passes (on the generated set 30 % still
///    admits no other shape: the other rules carry the rejection too);
/// 5. the first leg goes down, the second up, both to the same side (or one of them
///    nearly straight), and the two together go sideways at least 25 % of the second;
/// 6. the second leg is 1.3 to 8 times as long as the first, with and without the cuts
///    (a symmetric V is not a check), the first at least `checkmarkMinimumLength`, the
///    second at least three times that;
/// 7. the turn between the legs is within `checkmarkMinimumAngle...checkmarkMaximumAngle`;
/// 8. the ends are apart (at least half the second leg): closed shapes are not checks;
/// 9. it is not a V: the first leg may be at most 50 degrees below the horizontal at a
///    legs' ratio of 1.8, 25 degrees more for each further 1.0 of ratio (less below 1.8).
///    People's V's that passed 1-8 have a second leg 1.3-1.8 times the first and a first
///    leg 55-75 degrees steep; their checks a longer second leg (1.8-3.3, median 2.4) or a
///    flatter first one (27-62, median 48; the missed ones 14-55, median 33)
///    (docs/gestures.md, "Checkmark against V").
enum CheckmarkShape {
    /// Whether `path` (the stroke's points in order, as recorded) is a checkmark.
    static func matches(_ path: [Point], settings: GestureSettings) -> Bool {
        guard path.count >= 3 else { return false }
        var length = 0.0
        for i in 1..<path.count { length += path[i - 1].distance(to: path[i]) }
        guard length >= 3 * settings.checkmarkMinimumLength, length > 0 else { return false }

        // 1. Even steps (at most 64 of them), then two passes of a 3-point average.
        let step = max(length / 64, min(settings.checkmarkSegmentLength / 2, length / 16))
        var points = resample(path, step: step)
        smooth(&points)
        smooth(&points)

        // 2. Hooks off both ends, as much as each needs.
        let cuts = [0, 0.06, 0.12, 0.18].map { index(in: points, afterArcLength: min($0 * length, 40)) }
        let reversed = Array(points.reversed())
        let endCuts = [0, 0.06, 0.12, 0.18].map { index(in: reversed, afterArcLength: min($0 * length, 40)) }
        for first in cuts {
            for last in endCuts where isCheck(points, from: first, to: points.count - 1 - last, settings: settings) {
                return true
            }
        }
        return false
    }

    /// Steps 3 to 8 on `points[first...end]`.
    static func isCheck(_ points: [Point], from first: Int, to end: Int, settings: GestureSettings) -> Bool {
        guard end - first >= 2 else { return false }
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
        guard length1 > 0, length2 > 0 else { return false }

        // 6. Proportions and size; the proportion also holds from the uncut ends, so a cut
        // never turns a symmetric V into a check.
        let uncut1 = points[0].distance(to: c), uncut2 = c.distance(to: points[points.count - 1])
        guard length1 >= settings.checkmarkMinimumLength, length2 >= 3 * settings.checkmarkMinimumLength,
              length2 >= 1.3 * length1, length2 <= 8 * length1, uncut2 >= 1.3 * uncut1 else { return false }

        // 5. Directions (y grows downward).
        guard leg1.dy > 0, leg2.dy < 0, abs(leg1.dx + leg2.dx) >= 0.25 * length2 else { return false }
        let nearlyVertical = abs(leg1.dx) < 0.25 * length1
        guard nearlyVertical || (leg1.dx < 0) == (leg2.dx < 0) || abs(leg2.dx) < 0.25 * length2 else { return false }

        // 9. Not a V: the steeper the first leg, the longer the second must be. Measured
        // from the uncut ends too, the steeper and shorter way: cutting a small stroke's
        // landing hook must not flatten a V's first leg, nor lengthen its second, into a
        // check's.
        let uncutLeg1 = (dx: c.x - points[0].x, dy: c.y - points[0].y)
        let firstAngle = max(arcTangent(leg1.dy, abs(leg1.dx)), arcTangent(uncutLeg1.dy, abs(uncutLeg1.dx))) * 180 / Double.pi
        let ratio = min(length2 / length1, uncut2 / uncut1)
        guard firstAngle <= 50 + 25 * (ratio - 1.8) else { return false }

        // 7. The turn.
        let cosine = (leg1.dx * leg2.dx + leg1.dy * leg2.dy) / (length1 * length2)
        guard cosine <= cosineOfDegrees(settings.checkmarkMinimumAngle),
              cosine >= cosineOfDegrees(settings.checkmarkMaximumAngle) else { return false }

        // 8. Not closed.
        guard a.distance(to: b) >= 0.5 * length2 else { return false }

        // 4. Two straight legs.
        let tolerance1 = max(3, 0.25 * length1), tolerance2 = max(3, 0.25 * length2)
        for i in first...corner where distance(points[i], toSegment: a, c) > tolerance1 { return false }
        for i in corner...end where distance(points[i], toSegment: c, b) > tolerance2 { return false }
        return true
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

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / squared))
        return p.distance(to: Point(x: a.x + dx * t, y: a.y + dy * t))
    }
}
