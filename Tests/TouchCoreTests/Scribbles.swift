import TouchCore

/// Strokes that are no shape: generated, from a fixed seed, as a check that the taught
/// strokes' rules still turn away what matches nothing (issue 38: "still reject
/// scribbles"). Half are random walks of 8 px steps that turn a random amount each step
/// (0.1 to 0.7 radians at most: from lazy curls to tangles), half are polylines through 3
/// to 7 random corners in a 400 px box. Some of them look like a shape by chance (three
/// corners make a triangle or a V often enough), so the rate is compared with and without
/// a rule, not held to zero.
enum Scribbles {
    struct Scribble {
        /// "walk" or "polyline".
        let kind: String
        let samples: [(time: Double, point: Point)]
    }

    /// `count` scribbles from `seed`, a sample every 10 ms, in a 1024 x 768 window.
    static func make(_ count: Int, seed: UInt64) -> [Scribble] {
        var state = seed
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { i in
            var points = [Point(x: 512, y: 384)]
            let kind: String
            if i % 2 == 0 {
                kind = "walk"
                var heading = random() * 2 * Double.pi
                let steps = 20 + Int(random() * 60), wiggle = 0.1 + random() * 0.6
                for _ in 0..<steps {
                    heading += (random() - 0.5) * 2 * wiggle
                    let p = points[points.count - 1]
                    points.append(Point(x: p.x + 8 * cosineOfDegrees(heading * 180 / Double.pi),
                                        y: p.y + 8 * cosineOfDegrees(heading * 180 / Double.pi - 90)))
                }
            } else {
                kind = "polyline"
                for _ in 0..<(3 + Int(random() * 5)) {
                    let p = points[points.count - 1], q = Point(x: 300 + random() * 400, y: 200 + random() * 400)
                    for k in 1...10 {
                        let t = Double(k) / 10
                        points.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                    }
                }
            }
            return Scribble(kind: kind, samples: points.enumerated().map { (time: Double($0.offset) * 0.01, point: $0.element) })
        }
    }
}
