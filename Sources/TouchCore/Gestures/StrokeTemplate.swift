/// A stroke taught to touchspots: a name and one or more examples of it, each kept as
/// `StrokeTemplate.pointCount` points, normalized.
///
/// The matching follows Wobbrock, Wilson and Li's $1 recognizer (UIST 2007) with two
/// changes that keep what tells a check from a V: it is **orientation-sensitive** (a
/// stroke is compared as drawn, turned at most `rotationSearch` degrees either way, not
/// rotated to a reference angle; a caret is not a V upside down) and
/// **aspect-preserving** (scaled by its larger side, not squashed into a square, so a long
/// second leg stays long). Direction of drawing does not matter: a stroke is also compared
/// drawn backwards, since people draw a circle or a V either way round.
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
    /// Degrees a stroke may be turned against an example and still match it.
    public static let rotationSearch = 20.0

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
    /// `StrokeTemplates.agreementAllowance` of this and clearly above every other shape
    /// (`StrokeTemplates.minimumMargin`): a fast drawing is as far from the teacher's
    /// three as they are from each other, give or take.
    public let ownAgreement: Double?

    /// Each example's points' distances from its centroid, for the bound that lets the
    /// lift skip an example that cannot be the nearest (`distance(_:under:)`).
    let radii: [[Double]]

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
        radii = Self.radii(of: examples)
        minimumScore = examples.count >= Self.agreementExamples ? Self.agreement(of: examples) - Self.agreementMargin : nil
        corner = examples.map(Self.sharpestCorner).min() ?? 0
        ownAgreement = (2..<Self.agreementExamples).contains(examples.count) ? Self.agreement(of: examples) : nil
    }

    /// `lesson` with `borrowed` drawings (normalized) besides its own, judged by the
    /// lesson's limits (its own drawings' agreement, no limit of its own) and the roundest
    /// corner of all the drawings: other people round a brace's nub more than one teacher
    /// does. Measured on people's strokes (docs/gestures.md, "Common shapes"): the lesson's
    /// own corner names 98.2 % of taught drawings (braces 94.1 %) and 5.0 % of scribbles,
    /// the roundest of all 98.6 % and 6.3 %; an untaught circle stays turned away from a
    /// rectangle either way, by the common circle.
    init(_ lesson: StrokeTemplate, borrowing borrowed: [[Point]]) {
        name = lesson.name
        examples = lesson.examples + borrowed
        radii = lesson.radii + Self.radii(of: borrowed)
        minimumScore = lesson.minimumScore
        corner = min(lesson.corner, borrowed.map(Self.sharpestCorner).min() ?? .infinity)
        ownAgreement = lesson.ownAgreement
    }

    /// Each example's points' distances from its centroid (the origin, once normalized).
    private static func radii(of examples: [[Point]]) -> [[Double]] {
        examples.map { $0.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() } }
    }

    /// Turns over which `sharpestCorner` adds up the turning.
    public static let cornerSteps = 3

    /// The most a normalized stroke turns over `cornerSteps` turns of its steps, in degrees
    /// (up to 180 x `cornerSteps`): about 35 all along a circle of `pointCount` points, 90
    /// at a rectangle's corner, 120 at a triangle's. People's circles and rectangles, or
    /// circles and triangles, can lie as near in position as a shape's own drawings;
    /// the corners tell them apart (docs/gestures.md, "Matching taught strokes"). No
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
                best = min(best, distance(example, other), distance(example.reversed(), other))
            }
            least = min(least, max(0, 1 - best / (0.5 * 2.0.squareRoot())))
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

    /// How well a normalized stroke matches this template: 1 for the same shape, falling
    /// to 0 at a mean distance of half the unit box's diagonal (as $1's score).
    func score(_ stroke: [Point]) -> Double {
        Self.score(distance: distance(stroke, under: .infinity))
    }

    /// The score of a mean distance: 1 at 0, 0 at half the unit box's diagonal and beyond.
    static func score(distance: Double) -> Double { max(0, 1 - distance / (0.5 * 2.0.squareRoot())) }

    /// The least mean distance of a normalized stroke to an example, drawn either way and
    /// turned within `rotationSearch`; at least `bound` (perhaps infinity) when it is not
    /// under `bound`. An example is skipped, its rotation search not run, when its
    /// bound (`turnBound`) is already no less than `bound` or the best so far: the bound
    /// is under every turn's distance, so the result is the same as trying every example,
    /// and a lift matched against many templates searches the rotations of only a few.
    func distance(_ stroke: [Point], under bound: Double) -> Double {
        var best = Double.infinity
        let reversed = stroke.reversed()
        for (example, radii) in zip(examples, radii) {
            if Self.turnBound(stroke, example, radii) < min(best, bound) { best = min(best, Self.distance(stroke, example)) }
            if Self.turnBound(reversed, example, radii) < min(best, bound) { best = min(best, Self.distance(reversed, example)) }
        }
        return best
    }

    /// A bound under the mean distance between `a` turned at most `rotationSearch` either
    /// way about the origin and `example`, whose points lie `radii` from it: a point `p`
    /// turned by at most that angle comes no nearer to its `q` than at the angle between
    /// them less the turn (law of cosines; both strokes are centred on the origin), so no
    /// turn the rotation search tries can score better. Costs about one of the search's
    /// dozen steps; on people's strokes (five of the $1 logs, each person's 16 taught
    /// shapes) it skips four searches in five. No allocation: it runs at the lift.
    static func turnBound<A: Collection<Point>>(_ a: A, _ example: [Point], _ radii: [Double]) -> Double {
        var sum = 0.0
        var i = 0
        for p in a where i < radii.count {
            let q = example[i], rq = radii[i]
            let rp = (p.x * p.x + p.y * p.y).squareRoot()
            let lengths = rp * rq
            var cosine = 1.0
            if lengths > 0 {
                let c = (p.x * q.x + p.y * q.y) / lengths, s = abs(p.x * q.y - p.y * q.x) / lengths
                if c < searchCosine { cosine = c * searchCosine + s * searchSine }
            }
            sum += max(0, rp * rp + rq * rq - 2 * rp * rq * cosine).squareRoot()
            i += 1
        }
        // A hair under, so rounding never skips an example that ties.
        return sum / Double(radii.count) * (1 - 1e-9)
    }

    /// The cosine and sine of `rotationSearch`.
    static let searchCosine = cosineOfDegrees(rotationSearch), searchSine = cosineOfDegrees(90 - rotationSearch)

    /// How alike a normalized stroke's directions are to this template's: the mean cosine
    /// between their matching steps (1 the same way all along, 0 at right angles), the
    /// best over the examples and both ways of drawing. Positions alone let a circle pass
    /// for a square and a brace for a bracket; the way each step goes tells them apart
    /// (docs/gestures.md, "Matching taught strokes").
    func direction(_ stroke: [Point]) -> Double {
        var best = -1.0
        for example in examples {
            best = max(best, Self.direction(stroke, example), Self.direction(stroke.reversed(), example))
        }
        return best
    }

    private static func direction<A: Collection<Point>>(_ a: A, _ b: [Point]) -> Double {
        var sum = 0.0, previous: (Point, Point)?
        for (p, q) in zip(a, b) {
            if let (p0, q0) = previous {
                let ax = p.x - p0.x, ay = p.y - p0.y, bx = q.x - q0.x, by = q.y - q0.y
                let lengths = ((ax * ax + ay * ay) * (bx * bx + by * by)).squareRoot()
                if lengths > 0 { sum += (ax * bx + ay * by) / lengths }
            }
            previous = (p, q)
        }
        return sum / Double(b.count - 1)
    }

    /// The mean point distance between `a` and `b`, the least over turns of `a` within
    /// `rotationSearch` (golden-section search, as $1 does).
    static func distance<A: Collection<Point>>(_ a: A, _ b: [Point]) -> Double {
        let phi = 0.5 * (-1 + 5.0.squareRoot())
        var lower = -rotationSearch * Double.pi / 180, upper = rotationSearch * Double.pi / 180
        var x1 = phi * lower + (1 - phi) * upper, x2 = (1 - phi) * lower + phi * upper
        var f1 = distance(a, b, turned: x1), f2 = distance(a, b, turned: x2)
        while upper - lower > 2 * Double.pi / 180 {
            if f1 < f2 {
                upper = x2; x2 = x1; f2 = f1
                x1 = phi * lower + (1 - phi) * upper
                f1 = distance(a, b, turned: x1)
            } else {
                lower = x1; x1 = x2; f1 = f2
                x2 = (1 - phi) * lower + phi * upper
                f2 = distance(a, b, turned: x2)
            }
        }
        return min(f1, f2)
    }

    /// The mean distance between `a` turned by `radians` about the origin and `b`.
    private static func distance<A: Collection<Point>>(_ a: A, _ b: [Point], turned radians: Double) -> Double {
        let c = cosineOfDegrees(radians * 180 / Double.pi), s = cosineOfDegrees(radians * 180 / Double.pi - 90)
        var sum = 0.0
        for (p, q) in zip(a, b) {
            let x = p.x * c - p.y * s, y = p.x * s + p.y * c
            sum += ((x - q.x) * (x - q.x) + (y - q.y) * (y - q.y)).squareRoot()
        }
        return sum / Double(b.count)
    }
}
