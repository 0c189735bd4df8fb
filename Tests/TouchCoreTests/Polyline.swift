import TouchCore

/// Strokes drawn along straight lines, for the stroke recognizers' tests.
enum Polyline {
    /// The points of a polyline through `corners`, one every 4 px.
    static func through(_ corners: [Point]) -> [Point] {
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let steps = max(1, Int(a.distance(to: b) / 4))
            for i in 1...steps {
                let t = Double(i) / Double(steps)
                points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return points
    }
}
