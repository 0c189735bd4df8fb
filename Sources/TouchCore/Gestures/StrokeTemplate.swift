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
    /// The most examples a stroke keeps (a lesson takes three; the shipped circle seven).
    public static let maximumExamples = 8
    /// The most points of one example (a slow drawing at 240 Hz for 10 s is 2,400).
    public static let maximumPoints = 4096
    /// The largest coordinate, either way (surface pixels as drawn).
    public static let largestCoordinate = 1e6
    /// Degrees a stroke may be turned against an example and still match it.
    public static let rotationSearch = 20.0

    /// nil when no example has two distinct points.
    public init?(name: String, examples strokes: [[Point]]) {
        let examples = strokes.compactMap(Self.normalized)
        guard !examples.isEmpty else { return nil }
        self.name = name
        self.examples = examples
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
        var best = Double.infinity
        for example in examples {
            best = min(best, Self.distance(stroke, example), Self.distance(stroke.reversed(), example))
        }
        return max(0, 1 - best / (0.5 * 2.0.squareRoot()))
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

/// The taught strokes, matched against a one-finger stroke when it lifts.
public struct StrokeTemplates: Equatable, Sendable {
    public var templates: [StrokeTemplate]
    /// The least score that counts as a match.
    public var minimumScore: Double

    /// The most strokes matched, and so loaded: with `StrokeTemplate.maximumExamples`
    /// each, 256 examples, a lift matched in well under a millisecond (docs/gestures.md,
    /// "Stroke files"), where 100 hostile files of 4,090 examples blocked every lift 1.2 s.
    public static let maximumCount = 32

    public init(_ templates: [StrokeTemplate] = [], minimumScore: Double = 0.89) {
        self.templates = templates
        self.minimumScore = minimumScore
    }

    /// The best-matching template of `stroke` and its score, if it scores at least
    /// `minimumScore`.
    public func match(_ stroke: [Point]) -> (name: String, score: Double)? {
        guard !templates.isEmpty, let normalized = StrokeTemplate.normalized(stroke) else { return nil }
        var best: (name: String, score: Double)?
        for template in templates {
            let score = template.score(normalized)
            if score >= minimumScore && score > (best?.score ?? -1) { best = (template.name, score) }
        }
        return best
    }
}
