import Foundation
import TouchCore
import TouchRobot

/// Single-finger strokes with the variation people put into them, for measuring the
/// stroke recognizers on something other than ideal lines (docs/design/gestures.md, "The test
/// set"). Every stroke comes from a fixed seed, so a run is repeatable.
///
/// A stroke starts from a shape's template (corner points or a sampled curve in a unit
/// box, y down) and is then drawn as a hand would:
/// - size 80-600 px, aspect ratio 0.8-1.25, turned by up to 12 degrees, and its corner
///   points moved by up to 6 % of the size;
/// - corners rounded over 2-8 % of the size, and straight parts bowed by up to 7 % of
///   their length;
/// - a speed profile per straight part that accelerates and decelerates (minimum jerk),
///   so the hand slows into every corner, at a slow, medium or fast pace (about 250, 600
///   or 1,200 px/s on average);
/// - a landing hook (3-12 px off in another direction) on half the strokes and a lifting
///   hook (3-15 px, turned 60-150 degrees) on half;
/// - jitter of about a pixel, and on a third of the strokes a digitizer grid of 2-3 px;
/// - samples every 7-16 ms, with occasional bursts (two samples 1-2 ms apart) and
///   dropped samples.
enum HumanStrokes {
    enum Shape: String, CaseIterable, Sendable {
        case check, v, caret, x, rectangle, triangle, star, arrow, circle, pigtail
        case questionMark = "question mark", deleteMark = "delete mark"
        case leftSquareBracket = "left square bracket", rightSquareBracket = "right square bracket"
        case leftCurlyBrace = "left curly brace", rightCurlyBrace = "right curly brace"
    }

    enum Pace: String, CaseIterable {
        case slow, medium, fast
        var pixelsPerSecond: ClosedRange<Double> {
            switch self {
            case .slow: 180...320
            case .medium: 450...750
            case .fast: 950...1500
            }
        }
    }

    struct Sample {
        let time: Double
        let point: Point
    }

    /// A small, fast, seedable generator: TouchRobot's SplitMix, with the draws the
    /// strokes use.
    struct Random {
        private var mix: SplitMix
        init(seed: UInt64) { mix = SplitMix(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678) }
        mutating func next() -> UInt64 { mix.next() }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * unit()
        }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        /// About normal (sum of uniforms), mean 0, deviation `sigma`.
        mutating func normal(_ sigma: Double) -> Double {
            (unit() + unit() + unit() + unit() - 2) * sigma * 1.73
        }
    }

    /// The template: corner points (straight parts between them) or a dense curve.
    static func template(_ shape: Shape, _ r: inout Random) -> (points: [Point], curve: Bool) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        switch shape {
        case .check:
            // A short leg down to the corner, a longer one up and away, in the proportions
            // measured on people's recognized checks (second leg 1.8-3.3 times the first,
            // the first 27-62 degrees below the horizontal, p10-p90): the stroke's own turn
            // (up to 12 degrees) and proportions (0.8-1.25) spread what is drawn here to
            // about those ranges. Left-handed people draw it mirrored, which the
            // recognizer accepts too.
            return (legs(ratio: r.uniform(1.9...3.2), firstAngle: r.uniform(35...55), secondAngle: r.uniform(40...65)),
                    false)
        case .v: return ([p(0, 0), p(0.5, 1), p(1, 0)], false)
        case .caret: return ([p(0, 1), p(0.5, 0), p(1, 1)], false)
        case .x: return ([p(0, 0), p(1, 1), p(1, 0), p(0, 1)], false)
        case .rectangle: return ([p(0, 0), p(0, 1), p(1, 1), p(1, 0), p(0, 0)], false)
        case .triangle: return ([p(0.5, 0), p(0, 1), p(1, 1), p(0.5, 0)], false)
        case .star:
            let points = (0...5).map { i -> Point in
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                return p(0.5 + 0.5 * cos(angle), 0.5 + 0.5 * sin(angle))
            }
            return (points, false)
        case .arrow: return ([p(0, 0.6), p(1, 0.6), p(0.72, 0.3), p(0.72, 0.9), p(1, 0.6)], false)
        case .circle:
            let start = r.uniform(-0.3...0.3)
            return ((0...48).map { i in
                let a = -Double.pi / 2 + start - Double(i) / 48 * 2 * Double.pi
                return p(0.5 + 0.5 * cos(a), 0.5 + 0.5 * sin(a))
            }, true)
        case .pigtail:
            return ((0...48).map { i in
                let t = Double(i) / 48
                return p(t + 0.32 * sin(2 * Double.pi * t), 0.85 - 0.75 * sin(Double.pi * t))
            }, true)
        case .questionMark:
            var points = (0...30).map { i -> Point in
                let a = Double.pi + Double(i) / 30 * 1.4 * Double.pi
                return p(0.5 + 0.45 * cos(a), 0.3 + 0.3 * sin(a))
            }
            points.append(p(0.5, 0.95))
            return (points, true)
        case .deleteMark: return ([p(0, 0), p(1, 1), p(1, 0.25), p(0.55, 0.05), p(0.05, 0.95)], false)
        case .leftSquareBracket: return ([p(1, 0), p(0.2, 0), p(0.2, 1), p(1, 1)], false)
        case .rightSquareBracket: return ([p(0, 0), p(0.8, 0), p(0.8, 1), p(0, 1)], false)
        case .leftCurlyBrace, .rightCurlyBrace:
            let points = (0...40).map { i -> Point in
                let t = Double(i) / 40
                // Two arcs with a point at the middle.
                let bulge = 0.45 * sin(Double.pi * t)
                let tip = 0.5 * exp(-pow((t - 0.5) / 0.06, 2))
                let x = 0.9 - bulge - tip
                return p(shape == .leftCurlyBrace ? x : 1 - x, t)
            }
            return (points, true)
        }
    }

    /// How one hand draws: the ranges every stroke's own values are drawn from, and, for
    /// the shapes a person has a habit of drawing their own way, the corner points
    /// (`People` makes these). `anyone` is the mix of the original test set.
    struct Style: Sendable {
        var size: ClosedRange<Double> = 80...600
        var aspect: ClosedRange<Double> = 0.8...1.25
        /// Degrees the whole stroke is turned by, either way.
        var rotation = 12.0
        /// How far (about normal, in the unit box) each corner point lands from the template's.
        var cornerJitter = 0.03
        var cornerRounding: ClosedRange<Double> = 0.02...0.08
        var bow: Double = 0.07
        var landingHookChance = 0.5
        var liftingHookChance = 0.5
        var mirrorChance = 0.3
        var checkMirrorChance = 0.15
        /// Corner points in a unit box for these shapes, instead of `template`.
        var shapes: [Shape: @Sendable (inout Random) -> [Point]] = [:]

        static let anyone = Style()
    }

    /// One stroke of `shape`, as drawn from `seed` at `pace`.
    static func stroke(_ shape: Shape, pace: Pace, seed: UInt64, style: Style = .anyone) -> [Sample] {
        var r = Random(seed: seed ^ UInt64(Shape.allCases.firstIndex(of: shape)! << 40))
        var (points, curve) = template(shape, &r)
        if let own = style.shapes[shape] { (points, curve) = (own(&r), false) }
        let size = r.uniform(style.size)
        let aspect = r.uniform(style.aspect)
        let angle = r.uniform(-style.rotation...style.rotation) * Double.pi / 180
        if !curve {
            points = points.map { Point(x: $0.x + r.normal(style.cornerJitter), y: $0.y + r.normal(style.cornerJitter)) }
        }
        if r.chance(style.mirrorChance) && shape != .check { points = points.map { Point(x: 1 - $0.x, y: $0.y) } }
        if shape == .check && r.chance(style.checkMirrorChance) { points = points.map { Point(x: 1 - $0.x, y: $0.y) } }
        let origin = Point(x: r.uniform(300...500), y: r.uniform(250...400))
        points = points.map { q in
            let x = (q.x - 0.5) * size * aspect, y = (q.y - 0.5) * size / aspect
            return Point(x: origin.x + x * cos(angle) - y * sin(angle),
                         y: origin.y + x * sin(angle) + y * cos(angle))
        }
        // Rounded corners: each inner corner cut at a fraction of the size.
        var path: [Point] = [points[0]]
        var parts: [[Point]] = []  // straight or curved parts, each drawn with one speed profile
        if curve {
            parts = [points]
        } else {
            let round = size * r.uniform(style.cornerRounding)
            for i in 1..<points.count {
                let a = points[i - 1], b = points[i]
                let length = a.distance(to: b)
                let cutIn = i > 1 ? min(round, length / 3) : 0
                let cutOut = i < points.count - 1 ? min(round, length / 3) : 0
                let from = lerp(a, b, cutIn / length), to = lerp(a, b, 1 - cutOut / length)
                // Straight parts bow a little, as a hand's arc does.
                let bow = length * r.uniform(-style.bow...style.bow)
                let normal = Point(x: -(b.y - a.y) / length, y: (b.x - a.x) / length)
                let bowed = (1...5).map { k -> Point in
                    let t = Double(k) / 6
                    let along = lerp(from, to, t)
                    let offset = bow * 4 * t * (1 - t)
                    return Point(x: along.x + normal.x * offset, y: along.y + normal.y * offset)
                }
                var part = [path.last!, from] + bowed + [to]
                if i < points.count - 1 {
                    // The arc around the corner, as three points of a quadratic curve.
                    let next = points[i + 1]
                    let after = lerp(b, next, min(round, b.distance(to: next) / 3) / b.distance(to: next))
                    for k in 1...3 {
                        let t = Double(k) / 4
                        let q1 = lerp(to, b, t), q2 = lerp(b, after, t)
                        part.append(lerp(q1, q2, t))
                    }
                    part.append(after)
                }
                parts.append(part)
                path.append(part.last!)
            }
        }
        // Hooks at landing and lifting.
        if r.chance(style.landingHookChance) {
            let first = parts[0][0], second = parts[0][min(2, parts[0].count - 1)]
            let direction = atan2(second.y - first.y, second.x - first.x) + Double.pi + r.uniform(-1.2...1.2)
            let length = r.uniform(3...12)
            let hook = Point(x: first.x + length * cos(direction), y: first.y + length * sin(direction))
            parts.insert([hook, first], at: 0)
        }
        if r.chance(style.liftingHookChance) {
            let last = parts[parts.count - 1].last!, before = parts[parts.count - 1][max(0, parts[parts.count - 1].count - 3)]
            let turn = r.uniform(60...150) * Double.pi / 180 * (r.chance(0.5) ? 1 : -1)
            let direction = atan2(last.y - before.y, last.x - before.x) + turn
            let length = r.uniform(3...15)
            parts.append([last, Point(x: last.x + length * cos(direction), y: last.y + length * sin(direction))])
        }
        // Timing: every part accelerates and decelerates (minimum jerk over its length).
        let speed = r.uniform(pace.pixelsPerSecond)
        let interval = r.uniform(0.007...0.016)
        let grid = r.chance(1.0 / 3) ? r.uniform(2...3) : 0
        var samples: [Sample] = []
        var time = 0.0
        for part in parts {
            let length = polylineLength(part)
            guard length > 0 else { continue }
            // A hook is quick; a part's duration grows with its length (faster for long ones).
            let duration = max(0.03, length / speed * r.uniform(0.85...1.15))
            var t = 0.0
            while t < duration {
                var step = interval * r.uniform(0.9...1.1)
                if r.chance(0.04) { step = r.uniform(0.001...0.002) }  // a burst
                if r.chance(0.03) { step *= 2 }  // a dropped sample
                t = min(duration, t + step)
                let s = t / duration
                let progress = s * s * s * (10 - 15 * s + 6 * s * s)
                var point = point(along: part, at: progress * length)
                point = Point(x: point.x + r.normal(0.7), y: point.y + r.normal(0.7))
                if grid > 0 {
                    point = Point(x: (point.x / grid).rounded() * grid, y: (point.y / grid).rounded() * grid)
                }
                samples.append(Sample(time: time + t, point: point))
            }
            time += duration
        }
        return samples
    }

    /// A check or a V as corner points in a unit box: a first leg down `firstAngle` degrees
    /// below the horizontal, a second `ratio` times as long going up `secondAngle` above it.
    static func legs(ratio: Double, firstAngle: Double, secondAngle: Double) -> [Point] {
        let a1 = firstAngle * Double.pi / 180, a2 = secondAngle * Double.pi / 180
        let corner = Point(x: cos(a1), y: sin(a1))
        let end = Point(x: corner.x + ratio * cos(a2), y: corner.y - ratio * sin(a2))
        let points = [Point(x: 0, y: 0), corner, end]
        let xs = points.map(\.x), ys = points.map(\.y)
        let side = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let dx = (side - (xs.max()! - xs.min()!)) / 2 - xs.min()!, dy = (side - (ys.max()! - ys.min()!)) / 2 - ys.min()!
        return points.map { Point(x: ($0.x + dx) / side, y: ($0.y + dy) / side) }
    }

    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    static func polylineLength(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    static func point(along points: [Point], at distance: Double) -> Point {
        var left = distance
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            if left <= length, length > 0 { return lerp(a, b, left / length) }
            left -= length
        }
        return points.last!
    }
}
