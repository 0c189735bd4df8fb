/// The geometry of a set of reports that the stationary, drumroll and tap accuracy
/// validators need: the two points farthest apart and the smallest circle enclosing a set,
/// in O(n log n) and expected O(n) so that a minute's hold at 240 Hz costs no more than
/// its reading. Public so that the report marks a step's failures with the judge's own
/// geometry (`ReportMarks`), not a second copy of it.
public enum PointSetGeometry {
    /// The convex hull, counter-clockwise (Andrew's monotone chain); the points themselves
    /// when fewer than three.
    static func hull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The two points farthest apart (both the same point for a set of one), from the
    /// hull's vertices: every pair of a small hull (a hold's reports cluster, so its hull
    /// has few), the antipodal pairs of a large one (rotating calipers, linear in the hull):
    /// a hostile recording's finger circling in a stationary step puts every report on the
    /// hull, and 30,000 of them took every pair's 450 million distances.
    public static func farthestPair(_ points: [Point]) -> (Point, Point)? {
        guard let first = points.first else { return nil }
        let vertices = hull(points)
        var best = (first, first), distance = -1.0
        func consider(_ a: Point, _ b: Point) {
            let d = a.distance(to: b)
            if d > distance { distance = d; best = (a, b) }
        }
        guard vertices.count > 64 else {
            for i in vertices.indices {
                for j in vertices.indices where j > i { consider(vertices[i], vertices[j]) }
            }
            return best
        }
        // The hull is counter-clockwise without collinear vertices: for each edge, advance
        // the vertex farthest from its line while the distance grows (twice the triangle's
        // area); each such vertex is antipodal to the edge's ends.
        let n = vertices.count
        func area(_ a: Point, _ b: Point, _ c: Point) -> Double { abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) }
        var j = 1
        var steps = 0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n]
            while steps < 4 * n, area(a, b, vertices[(j + 1) % n]) > area(a, b, vertices[j]) {
                j = (j + 1) % n
                steps += 1
            }
            consider(a, vertices[j])
            consider(b, vertices[j])
        }
        return best
    }

    /// The radius of the smallest circle enclosing `points` (Welzl's incremental method over
    /// the points in an order shuffled by a seed made from the points themselves: expected
    /// linear time, repeatable). A fixed seed let a recording put its reports in the one
    /// order that is the worst case (each point outside the circle so far): 20,000 such
    /// reports did not finish in 4 minutes. With the seed from the points, changing them to
    /// fit the order changes the order.
    static func enclosingRadius(_ points: [Point]) -> Double { enclosingCircle(points)?.radius ?? 0 }

    /// The smallest circle enclosing `points` (`enclosingRadius`); nil for no point.
    public static func enclosingCircle(_ points: [Point]) -> (centre: Point, radius: Double)? {
        guard points.count > 1 else { return points.first.map { ($0, 0) } }
        var p = points
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for point in points {
            state = (state ^ point.x.bitPattern) &* 0x100_0000_01B3
            state = (state ^ point.y.bitPattern) &* 0x100_0000_01B3
        }
        for i in stride(from: p.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            p.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        var centre = p[0], radius = 0.0
        let slack = 1e-9
        func inside(_ q: Point) -> Bool { q.distance(to: centre) <= radius + slack }
        for i in 1..<p.count where !inside(p[i]) {
            centre = p[i]
            radius = 0
            for j in 0..<i where !inside(p[j]) {
                centre = Point(x: (p[i].x + p[j].x) / 2, y: (p[i].y + p[j].y) / 2)
                radius = p[i].distance(to: centre)
                for k in 0..<j where !inside(p[k]) {
                    (centre, radius) = circle(p[i], p[j], p[k])
                }
            }
        }
        return (centre, radius)
    }

    /// The points' mean.
    public static func centroid(_ points: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for p in points { x += p.x; y += p.y }
        return Point(x: x / Double(points.count), y: y / Double(points.count))
    }

    /// The circle through three points; for points in a line, the one on the two farthest.
    private static func circle(_ a: Point, _ b: Point, _ c: Point) -> (Point, Double) {
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-12 else {
            let pairs = [(a, b), (a, c), (b, c)]
            let (p, q) = pairs.max { $0.0.distance(to: $0.1) < $1.0.distance(to: $1.1) }!
            let centre = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            return (centre, p.distance(to: centre))
        }
        let a2 = a.x * a.x + a.y * a.y, b2 = b.x * b.x + b.y * b.y, c2 = c.x * c.x + c.y * c.y
        let centre = Point(x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
                           y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d)
        return (centre, a.distance(to: centre))
    }
}
