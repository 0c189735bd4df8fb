/// The straight line closest to a set of points (total least squares: the principal axis
/// through their centroid), and how far the points lie from it.
struct LineFit {
    let centroid: Point
    /// Unit vector along the line.
    let direction: Point

    init?(_ points: [Point]) {
        guard points.count >= 2 else { return nil }
        var cx = 0.0, cy = 0.0
        for p in points { cx += p.x; cy += p.y }
        cx /= Double(points.count); cy /= Double(points.count)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += (p.x - cx) * (p.x - cx); syy += (p.y - cy) * (p.y - cy); sxy += (p.x - cx) * (p.y - cy)
        }
        guard sxx + syy > 0 else { return nil }
        let angle = arcTangent(2 * sxy, sxx - syy) / 2 * 180 / Double.pi
        centroid = Point(x: cx, y: cy)
        direction = Point(x: cosineOfDegrees(angle), y: cosineOfDegrees(angle - 90))
    }

    /// Signed distance across the line.
    func across(_ p: Point) -> Double { -(p.x - centroid.x) * direction.y + (p.y - centroid.y) * direction.x }
    /// Position along the line.
    func along(_ p: Point) -> Double { (p.x - centroid.x) * direction.x + (p.y - centroid.y) * direction.y }
    /// The point of the line nearest `p`.
    func foot(_ p: Point) -> Point {
        let s = along(p)
        return Point(x: centroid.x + s * direction.x, y: centroid.y + s * direction.y)
    }
}

extension Contact {
    /// The samples between `fraction` of the path length from each end: people's strokes
    /// are judged without their ends, where a finger lands, hooks and speeds up (as
    /// ChromiumOS's touch firmware tests judge them).
    public func trimmed(_ fraction: Double) -> [ContactSample] {
        let total = length
        guard total > 0 else { return samples }
        var travelled = 0.0
        var kept: [ContactSample] = []
        for i in samples.indices {
            if i > 0 { travelled += samples[i - 1].point.distance(to: samples[i].point) }
            if travelled >= fraction * total && travelled <= (1 - fraction) * total { kept.append(samples[i]) }
        }
        return kept
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
