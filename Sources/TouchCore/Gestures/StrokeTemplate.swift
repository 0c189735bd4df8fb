/// A stroke taught to touchspots: a name and one or more examples of it, each kept as
/// `StrokeTemplate.pointCount` points, normalized.
///
/// The matching starts from Wobbrock, Wilson and Li's $1 recognizer (UIST 2007): strokes
/// resampled to even steps, centred, scaled, compared point by point, scored 1 minus the
/// mean distance over half the unit box's diagonal. Three changes, each measured on
/// people's strokes (docs/design/gestures.md, "Matching taught strokes"):
/// - **orientation-sensitive** (compared as drawn, not rotated to a reference angle: a
///   caret is not a V upside down) and **aspect-preserving** (scaled by its larger side,
///   not squashed into a square, so a check's long second leg stays long);
/// - **elastic**: point i of the stroke is paired with a point within `warpBand` steps of
///   i of the example (dynamic time warping, Sakoe and Chiba's band), so a fast drawing
///   whose head is short and shaft long still lies near its shape, where $1 pairs points
///   by index and its rotation search turns the whole stroke;
/// - direction of drawing does not matter: a stroke is also compared drawn backwards,
///   since people draw a circle or a V either way round;
/// - nor, for a closed stroke, where it starts: it is also compared re-started where the
///   example starts (`pairing`; docs/design/gestures.md, "Closed strokes"). A template that no
///   turn confuses with another shape is also matched turned (`StrokeTemplates.turns`).
public struct StrokeTemplate: Equatable, Sendable {
    public let name: String
    /// Each example: `pointCount` points, centred on their centroid, the larger side 1.
    public let examples: [[Point]]

    public static let pointCount = 32
    /// The most examples a stroke keeps (a lesson takes three; each shipped stroke ten, two
    /// drawings by each of five people).
    public static let maximumExamples = 10
    /// The most points of one example (a slow drawing at 240 Hz for 10 s is 2,400).
    public static let maximumPoints = 4096
    /// The largest coordinate, either way (surface pixels as drawn).
    public static let largestCoordinate = 1e6
    /// How many steps either way a stroke's point may pair with an example's
    /// (`warpedDistance`). On people's strokes (five people of the $1 logs, each teaching
    /// all 16 shapes from three drawings; docs/design/gestures.md, "Elastic pairing", in a model
    /// of the matcher, the directions still paired index to index) 2 named 2,140 of 2,160
    /// taught drawings (the tests: 2,139; with elastic directions 2,142) with 1 of
    /// 2,400 untaught ones and 6.4 % of scribbles; 1 named 2,135 with 6 untaught; 3 named
    /// 2,141 with 2 untaught and 7.1 % of scribbles; the rotation search of $1 on top (5
    /// turns within 15 degrees) named 2,142 and let 10 % of scribbles in.
    public static let warpBand = 2

    /// nil when no example has two distinct points.
    /// The least score that names a stroke after this template, measured from how its own
    /// examples agree, when it has `agreementExamples` or more (the shipped strokes have
    /// ten): the least score of an example against the others, less `agreementMargin`. nil
    /// with fewer: three drawings' agreement says too little (taken as a limit it lowered
    /// people's taught strokes named right from 96 to 86-95 %; docs/gestures.md).
    public let minimumScore: Double?

    /// Examples needed for `minimumScore`; at most `agreementSample` of them are compared.
    public static let agreementExamples = 5, agreementSample = 12
    public static let agreementMargin = 0.07

    /// The roundest of the examples' sharpest corners (`sharpestCorner`), in degrees: a
    /// stroke whose sharpest corner is much rounder than this is not this shape (a circle
    /// is not a rectangle however near its points lie).
    public let corner: Double

    /// How its examples agree, when it has two to `agreementExamples - 1` (a taught stroke
    /// has three): the least score of an example against the others. A stroke that scores
    /// under the matching minimum may still be this shape when it scores within
    /// `StrokeTemplates.agreementAllowance` of this: a fast drawing is as far from the teacher's
    /// three as they are from each other, give or take.
    public let ownAgreement: Double?

    /// Each example's steps as unit vectors (`direction`).
    let steps: [[Point]]
    /// Whether each example is closed (`isClosed`): compared also re-started (`pairing`).
    let closed: [Bool]

    public init?(name: String, examples strokes: [[Point]]) {
        let examples = strokes.compactMap(Self.normalized)
        guard !examples.isEmpty else { return nil }
        self.init(name: name, normalizedExamples: examples)
    }

    /// A template of examples already `normalized` (a lesson's drawings with those of the
    /// common shape it claims: `StrokeTemplates.commonShapes`); at least one.
    init(name: String, normalizedExamples examples: [[Point]]) {
        self.name = name
        self.examples = examples
        steps = Self.unitSteps(of: examples)
        closed = examples.map(Self.isClosed)
        minimumScore = examples.count >= Self.agreementExamples ? Self.agreement(of: examples) - Self.agreementMargin : nil
        corner = examples.map(Self.sharpestCorner).min() ?? 0
        ownAgreement = (2..<Self.agreementExamples).contains(examples.count) ? Self.agreement(of: examples) : nil
    }

    /// `lesson` with `borrowed` drawings (normalized) besides its own, judged by the
    /// lesson's limits (its own drawings' agreement, no limit of its own) and the roundest
    /// corner of all the drawings: other people round a brace's nub more than one teacher
    /// does. Measured on people's strokes (docs/design/gestures.md, "Common shapes"): the lesson's
    /// own corner names 98.2 % of taught drawings (braces 94.1 %) and 5.0 % of scribbles,
    /// the roundest of all 98.6 % and 6.3 %; an untaught circle stays turned away from a
    /// rectangle either way, by the common circle.
    init(_ lesson: StrokeTemplate, borrowing borrowed: [[Point]]) {
        name = lesson.name
        examples = lesson.examples + borrowed
        steps = lesson.steps + Self.unitSteps(of: borrowed)
        closed = lesson.closed + borrowed.map(Self.isClosed)
        minimumScore = lesson.minimumScore
        corner = min(lesson.corner, borrowed.map(Self.sharpestCorner).min() ?? .infinity)
        ownAgreement = lesson.ownAgreement
    }

    /// Turns over which `sharpestCorner` adds up the turning.
    public static let cornerSteps = 3

    /// The most a normalized stroke turns over `cornerSteps` turns of its steps, in degrees
    /// (up to 180 x `cornerSteps`): about 35 all along a circle of `pointCount` points, 90
    /// at a rectangle's corner, 120 at a triangle's. People's circles and rectangles, or
    /// circles and triangles, can lie as near in position as a shape's own drawings;
    /// the corners tell them apart (docs/design/gestures.md, "Matching taught strokes"). No
    /// allocation: it runs at the lift.
    public static func sharpestCorner(_ points: [Point]) -> Double {
        guard points.count > cornerSteps + 1 else { return 0 }
        // The last two turns, for windows of three (`cornerSteps`).
        var sharpest = 0.0, t0 = 0.0, t1 = 0.0, previous = 0.0
        for i in 1..<points.count {
            let heading = arcTangent(points[i].y - points[i - 1].y, points[i].x - points[i - 1].x)
            if i >= 2 {
                var turn = heading - previous
                if turn > Double.pi { turn -= 2 * Double.pi } else if turn < -Double.pi { turn += 2 * Double.pi }
                if i >= 4 { sharpest = max(sharpest, abs(t0 + t1 + turn)) }
                t0 = t1; t1 = turn
            }
            previous = heading
        }
        return sharpest * 180 / Double.pi
    }

    /// The least, over the first `agreementSample` examples, of an example's best score
    /// against the others.
    static func agreement(of examples: [[Point]]) -> Double {
        let sample = examples.prefix(agreementSample)
        var least = 1.0
        for (i, example) in sample.enumerated() {
            var best = Double.infinity
            for (j, other) in sample.enumerated() where j != i {
                best = min(best, pairing(example, [other], closed: [isClosed(other)], under: best).distance)
            }
            least = min(least, score(distance: best))
        }
        return least
    }

    /// `stroke` resampled to `pointCount` even steps, centred on its centroid and scaled so
    /// that its larger side is 1; nil for a stroke with no length.
    public static func normalized(_ stroke: [Point]) -> [Point]? {
        guard stroke.count >= 2 else { return nil }
        var length = 0.0
        for i in 1..<stroke.count { length += stroke[i - 1].distance(to: stroke[i]) }
        guard length > 0, length.isFinite else { return nil }
        var points = CheckmarkShape.resample(stroke, step: length / Double(pointCount - 1))
        while points.count > pointCount { points.removeLast() }
        while points.count < pointCount { points.append(stroke[stroke.count - 1]) }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var cx = 0.0, cy = 0.0
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            cx += p.x; cy += p.y
        }
        cx /= Double(pointCount); cy /= Double(pointCount)
        let side = max(maxX - minX, maxY - minY)
        guard side > 0 else { return nil }
        return points.map { Point(x: ($0.x - cx) / side, y: ($0.y - cy) / side) }
    }

    /// A normalized stroke turned by `degrees` about its centroid (clockwise on the screen,
    /// y down), scaled again so that its larger side is 1.
    static func turned(_ points: [Point], degrees: Double) -> [Point] {
        let c = cosineOfDegrees(degrees), s = cosineOfDegrees(degrees - 90)
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var turned = points.map { Point(x: $0.x * c - $0.y * s, y: $0.x * s + $0.y * c) }
        for p in turned { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let side = max(maxX - minX, maxY - minY)
        guard side > 0 else { return points }
        for i in turned.indices { turned[i] = Point(x: turned[i].x / side, y: turned[i].y / side) }
        return turned
    }

    /// How well a normalized stroke matches this template: 1 for the same shape, falling
    /// to 0 at a mean distance of half the unit box's diagonal (as $1's score).
    func score(_ stroke: [Point]) -> Double {
        Self.score(distance: distance(stroke, under: .infinity))
    }

    /// The score of a mean distance: 1 at 0, 0 at half the unit box's diagonal and beyond.
    static func score(distance: Double) -> Double { max(0, 1 - distance / halfDiagonal) }

    /// Half the unit box's diagonal: the distance that scores 0.
    static let halfDiagonal = 0.5 * 2.0.squareRoot()

    /// The least mean distance of a normalized stroke to an example, drawn either way
    /// (`warpedDistance`); at least `bound` (perhaps infinity) when it is not under `bound`:
    /// an example's pairing stops as soon as it cannot come under the bound or the best so
    /// far, so a lift matched against many templates finishes few of them.
    func distance(_ stroke: [Point], under bound: Double) -> Double {
        pairing(stroke, under: bound).distance
    }

    /// `distance(_:under:)` and the start of the stroke that gives it (`Restart`), for
    /// `direction(_:from:)`; as drawn only (either way round) unless `restarting`.
    func pairing(_ stroke: [Point], under bound: Double, restarting: Bool = true) -> (distance: Double, start: Restart) {
        Self.pairing(stroke, examples, closed: restarting ? closed : [], under: bound)
    }

    /// Where a closed stroke is taken to start and which way round it goes: the point of its
    /// loop it starts at (0: as drawn, the stroke's own first and last points; else the loop
    /// of its first `pointCount - 1` points from that one, closed on it), and whether it is
    /// followed backwards from there.
    struct Restart: Equatable {
        var shift = 0, reversed = false
        static let asDrawn = Restart()
    }

    /// The most a closed stroke's ends lie apart, over its larger side (normalized strokes:
    /// the larger side is 1). People's circles, rectangles, triangles and stars (five people
    /// of the $1 logs, Wobbrock, Wilson and Li, UIST 2007, 150 each) end 0.10-0.14 apart at
    /// the median, 0.20-0.22 at the ninetieth percentile (rectangles 0.32, stars 0.35,
    /// triangles 0.27 at most; circles up to 0.80, a few overdrawn or left open); no open
    /// shape's drawing comes under 0.46 (a delete mark). Chosen by the held-out figures
    /// (docs/design/gestures.md, "Closed strokes"): 0.15 / 0.2 / 0.3 name 97.3 / 98.0 / 98.7 % of
    /// a person's circles after the other four's (96.7 % as drawn only), with 1 / 1 / 2 of
    /// people's 150 rectangles taken for the shipped circle and 7.0 / 7.1 / 7.5 % of
    /// scribbles named (6.7 % as drawn only; measured on the matcher alone).
    public static let closingGap = 0.2

    /// Whether a normalized stroke is closed: its ends at most `closingGap` apart.
    static func isClosed(_ points: [Point]) -> Bool {
        points.count == pointCount && points[0].distance(to: points[pointCount - 1]) <= closingGap
    }

    /// The least elastic distance of a normalized stroke to `examples`, drawn either way
    /// round and, when it and an example are both closed (`isClosed`; `closed`, one per
    /// example, empty for none), also re-started: from its point nearest the example's
    /// first, either way round. A circle is the same shape wherever it starts: all five
    /// people of the $1 logs start theirs at the top, and a circle of theirs re-started half
    /// way round was named by none of the shipped circle's examples (0 of 150), re-started
    /// so 149. Re-starting at every other point of the loop named as many (150) at six times
    /// the cost (a closed lift against 20 closed taught strokes and the 16 common shapes,
    /// optimized: p99 0.80 ms against 0.12 ms); the elastic pairing (`warpBand`) takes up a
    /// start a step or two off. Re-started pairings come after every example's pairing as
    /// drawn, so the bound is already tight. At least `bound` (infinity) when it is not
    /// under `bound`. No allocation: it runs at the lift.
    static func pairing(_ stroke: [Point], _ examples: [[Point]], closed: [Bool], under bound: Double)
        -> (distance: Double, start: Restart) {
        var best = bound, start = Restart.asDrawn
        for example in examples {
            for reversed in [false, true] {
                let d = warpedDistance(stroke, example, reversed: reversed, under: best)
                if d < best { (best, start) = (d, .asDrawn) }
            }
        }
        let n = stroke.count
        if isClosed(stroke), closed.contains(true) {
            withUnsafeTemporaryAllocation(of: Point.self, capacity: n) { buffer in
                for (example, isClosed) in zip(examples, closed) where isClosed && example.count == n {
                    // The stroke's point nearest where the example starts.
                    var shift = 0, least = Double.infinity
                    for i in 0..<(n - 1) {
                        let dx = stroke[i].x - example[0].x, dy = stroke[i].y - example[0].y
                        if dx * dx + dy * dy < least { (shift, least) = (i, dx * dx + dy * dy) }
                    }
                    for reversed in [false, true] {
                        let restart = Restart(shift: shift, reversed: reversed)
                        Self.restart(stroke, restart, into: buffer)
                        let d = warpedDistance(UnsafeBufferPointer(buffer), example, under: best)
                        if d < best { (best, start) = (d, restart) }
                    }
                }
            }
        }
        return best < bound ? (best, start) : (.infinity, start)
    }

    /// A closed stroke's points from `start`: its loop (all but the last point, which lies
    /// near the first) from point `start.shift`, forwards or backwards, back to that point;
    /// `pointCount` points. The closing gap becomes one longer step, which the elastic
    /// pairing absorbs.
    static func restart(_ points: [Point], _ start: Restart, into buffer: UnsafeMutableBufferPointer<Point>) {
        let loop = points.count - 1
        for i in 0...loop {
            buffer[i] = points[start.reversed ? ((start.shift - i) % loop + loop) % loop : (start.shift + i) % loop]
        }
    }

    /// How alike a normalized stroke's directions are to this template's: the mean cosine
    /// between paired steps (1 the same way all along, 0 at right angles), the best over
    /// the examples and both ways of drawing, the steps paired elastically as the points
    /// are (`warpBand`). Positions alone let a circle pass for a square and a brace for a
    /// bracket; the way each step goes tells them apart (docs/design/gestures.md, "Matching taught
    /// strokes"). Paired index to index, as until 2026-11-29, a fast arrow whose head came
    /// a few steps early went the wrong way for those steps (s11's: 0.44 against the limit's
    /// 0.5); paired elastically, 2 more of people's 2,160 taught drawings are named and
    /// fewer scribbles ("Elastic pairing"). No allocation: it runs at the lift.
    ///
    /// A closed stroke that the points paired best re-started (`pairing`) is also compared
    /// from that start with every closed example: the steps of a circle started at the
    /// bottom go the way of the examples' started at the top only from the same start.
    func direction(_ stroke: [Point], from start: Restart = .asDrawn) -> Double {
        let count = stroke.count - 1
        guard count > 0 else { return -1 }
        let restarted = start != .asDrawn && stroke.count == Self.pointCount
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: 3 * count + 1) { buffer in
            for i in 0..<count { buffer[i] = Self.unitStep(from: stroke[i], to: stroke[i + 1]) }
            let mine = UnsafeBufferPointer(rebasing: buffer[0..<count])
            var best = -1.0
            if restarted {
                // The re-started points after the steps, then their steps.
                let points = UnsafeMutableBufferPointer(rebasing: buffer[count..<(2 * count + 1)])
                Self.restart(stroke, start, into: points)
                for i in 0..<count { buffer[2 * count + 1 + i] = Self.unitStep(from: points[i], to: points[i + 1]) }
                let theirs = UnsafeBufferPointer(rebasing: buffer[(2 * count + 1)...])
                for (example, isClosed) in zip(steps, closed) where isClosed && example.count == count {
                    let sum = Self.warp(count, under: .infinity) { i, j in
                        let a = theirs[i - 1], b = example[j - 1]
                        return 1 - (a.x * b.x + a.y * b.y)
                    }
                    best = max(best, 1 - sum / Double(count))
                }
            }
            for example in steps where example.count == count {
                for way in 0..<2 {
                    let reversed = way == 1
                    // Drawn backwards, the steps come in the other order and point the other way.
                    let sum = Self.warp(count, under: .infinity) { i, j in
                        let a = reversed ? mine[count - i] : mine[i - 1], b = example[j - 1]
                        return 1 - (reversed ? -1 : 1) * (a.x * b.x + a.y * b.y)
                    }
                    best = max(best, 1 - sum / Double(count))
                }
            }
            return best
        }
    }

    /// The unit vector from `p` to `q`; zero when they are the same point (its cosine with
    /// any step is then 0).
    static func unitStep(from p: Point, to q: Point) -> Point {
        let dx = q.x - p.x, dy = q.y - p.y, length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? Point(x: dx / length, y: dy / length) : Point(x: 0, y: 0)
    }

    /// Each example's steps as unit vectors, for `direction`.
    static func unitSteps(of examples: [[Point]]) -> [[Point]] {
        examples.map { e in (1..<max(1, e.count)).map { unitStep(from: e[$0 - 1], to: e[$0]) } }
    }

    /// The elastic distance between `a` (backwards when `reversed`) and `b`, of the same
    /// count: the least, over pairings that keep both in order and pair no point with one
    /// more than `warpBand` steps away, of the summed distances of paired points, over the
    /// count (dynamic time warping; a mean point distance, as $1's, when every point pairs
    /// with its own index). Infinity when it is not under `bound`, found as soon as every
    /// pairing so far already sums to `bound` or more. No allocation (`warp`): it runs at
    /// the lift.
    static func warpedDistance(_ a: [Point], _ b: [Point], reversed: Bool, under bound: Double) -> Double {
        let n = a.count
        guard n > 0, n == b.count else { return .infinity }
        return meanDistance(n, b, under: bound) { i in reversed ? a[n - i] : a[i - 1] }
    }

    /// `warpedDistance` of points already in the order to pair (a re-started stroke).
    static func warpedDistance(_ a: UnsafeBufferPointer<Point>, _ b: [Point], under bound: Double) -> Double {
        let n = a.count
        guard n > 0, n == b.count else { return .infinity }
        return meanDistance(n, b, under: bound) { a[$0 - 1] }
    }

    /// The elastic mean distance of the `n` points `point(i)` (1-based) to `b`.
    @inline(__always)
    private static func meanDistance(_ n: Int, _ b: [Point], under bound: Double, point: (Int) -> Point) -> Double {
        let sum = warp(n, under: bound * Double(n)) { i, j in
            let p = point(i), q = b[j - 1]
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        // The sum is under bound x n; the mean may still round up to the bound.
        let mean = sum / Double(n)
        return mean < bound ? mean : .infinity
    }

    /// The least sum of `cost(i, j)` (1-based) over pairings of two sequences of `n` that
    /// keep both in order and pair no i with a j more than `warpBand` away (dynamic time
    /// warping in Sakoe and Chiba's band); infinity when it is not under `limit`, found as
    /// soon as every pairing so far already sums to `limit` or more. Two rows of the table
    /// on the stack, no allocation.
    @inline(__always)
    static func warp(_ n: Int, under limit: Double, cost: (Int, Int) -> Double) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (n + 1)) { buffer in
            var previous = buffer.baseAddress!, current = previous + (n + 1)
            for j in 0...n { previous[j] = .infinity }
            previous[0] = 0
            for i in 1...n {
                let low = max(1, i - warpBand), high = min(n, i + warpBand)
                // Outside the band nothing pairs; the next row reads one cell either side.
                current[low - 1] = .infinity
                if high < n { current[high + 1] = .infinity }
                var least = Double.infinity
                for j in low...high {
                    let sum = cost(i, j) + min(previous[j - 1], min(previous[j], current[j - 1]))
                    current[j] = sum
                    least = min(least, sum)
                }
                // Every pairing passes this row: none can end under the limit.
                if least >= limit { return .infinity }
                swap(&previous, &current)
            }
            return previous[n] < limit ? previous[n] : .infinity
        }
    }
}
