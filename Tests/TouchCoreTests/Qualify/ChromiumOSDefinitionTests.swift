import Foundation
import TouchCore
import XCTest

/// No gap, drumroll, stationary jitter and tap accuracy as ChromiumOS's touch firmware test
/// defines them (docs/qualify.md, "Validators and thresholds"), each on the case its
/// definition exists for and on the case it must let pass.
final class ChromiumOSDefinitionTests: XCTestCase {
    /// A contact through `points` (mm), a report every 10 ms.
    private func contact(_ points: [Point]) -> Contact {
        Contact(id: 0, samples: points.enumerated().map { ContactSample(time: Double($0.offset) * 0.01, point: $0.element) })
    }

    private func line(steps: [Double]) -> Contact {
        var x = 0.0
        return contact([Point(x: 0, y: 50)] + steps.map { x += $0; return Point(x: x, y: 50) })
    }

    func testNoGapCatchesAStallThenAJumpAndLetsAFingerSpeedUp() {
        // Steady 0.6 mm steps; three stalled scans (0.06 mm) and a 2.2 mm jump, every 10 ms.
        let stalled = StrokeValidators.noGap(line(steps: Array(repeating: 0.6, count: 20) + [0.06, 0.06, 0.06, 2.2] + Array(repeating: 0.6, count: 20)))
        XCTAssertFalse(stalled.passed, "\(stalled)")
        XCTAssertEqual(stalled.figure ?? 0, 22, accuracy: 0.01, "2.2 mm after 0.06 mm, floored at 0.1")
        // A finger doubling its step each report: every step is shorter than the next.
        let speeding = StrokeValidators.noGap(line(steps: (0..<10).map { 0.2 * pow(2, Double($0)) }))
        XCTAssertTrue(speeding.passed, "\(speeding)")
        // Three reports missed: a step four times the usual, then the usual again.
        let missed = StrokeValidators.noGap(line(steps: Array(repeating: 0.6, count: 20) + [2.4] + Array(repeating: 0.6, count: 20)))
        XCTAssertEqual(missed.figure ?? 0, 4, accuracy: 1e-9)
        // Steps under 1 mm are not judged: a slow line's jitter is no gap.
        XCTAssertTrue(StrokeValidators.noGap(line(steps: Array(repeating: 0.05, count: 20) + [0.9, 0.05, 0.05])).passed)
    }

    func testDrumrollAsksEachContactToFitTwoSmallCircles() {
        let left = Point(x: 90, y: 60), right = Point(x: 110, y: 60)
        // One contact that lands on both places, nothing between: two tight clusters.
        XCTAssertEqual(ContactValidators.drumroll([contact([left, left, right, right])]).figure ?? 1, 0, accuracy: 1e-9)
        // The same with points interpolated between the places: the clusters are wide.
        let interpolated = contact([left, Point(x: 95, y: 60), Point(x: 100, y: 60), Point(x: 105, y: 60), right])
        let merged = ContactValidators.drumroll([interpolated])
        XCTAssertFalse(merged.passed, "\(merged)")
        XCTAssertEqual(merged.figure ?? 0, 5, accuracy: 1e-9, "the left cluster spans 90 to 100 mm: a circle of 5 mm")
        // Taps that drift 8 mm over the drumroll, each still: every circle is a point.
        let drifting = (0..<50).map { i in contact(Array(repeating: Point(x: (i % 2 == 0 ? left.x : right.x) + 8 * Double(i) / 50, y: 60), count: 6)) }
        XCTAssertTrue(ContactValidators.drumroll(drifting).passed)
        // A triangle's smallest enclosing circle is its circumcircle when acute.
        let triangle = contact([Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 1, y: 1.7), Point(x: 50, y: 0)])
        XCTAssertEqual(ContactValidators.drumroll([triangle]).figure ?? 0, 1.1441, accuracy: 0.001)
    }

    func testStationaryJitterIsTheLargestDistanceBetweenTwoReports() {
        let hold = contact([Point(x: 10, y: 10), Point(x: 10.4, y: 10.3), Point(x: 9.7, y: 9.8), Point(x: 10.1, y: 10)])
        XCTAssertEqual(ContactValidators.stationaryJitter(hold).figure ?? 0,
                       Point(x: 10.4, y: 10.3).distance(to: Point(x: 9.7, y: 9.8)), accuracy: 1e-12)
        // A finger at rest on Wayland: its down and its up only.
        let still = ContactValidators.stationaryJitter(contact([Point(x: 5, y: 5), Point(x: 5, y: 5)]))
        XCTAssertEqual(still.figure, 0)
        XCTAssertTrue(still.passed)
        // A minute at 240 Hz is judged at once (a hull, not every pair).
        let long = contact((0..<14_400).map { Point(x: 5 + 0.2 * sin(Double($0)), y: 5 + 0.2 * cos(Double($0) * 1.3)) })
        let started = Date()
        XCTAssertTrue(ContactValidators.stationaryJitter(long).passed)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        // A finger circling (a hostile recording's): every report on the hull, whose
        // antipodal pairs are walked, not its 450 million pairs.
        let circling = contact((0..<30_000).map { Point(x: 5 + 0.4 * cos(Double($0) * .pi / 15_000), y: 5 + 0.4 * sin(Double($0) * .pi / 15_000)) })
        let began = Date()
        XCTAssertEqual(ContactValidators.stationaryJitter(circling).figure ?? 0, 0.8, accuracy: 1e-9)
        XCTAssertLessThan(Date().timeIntervalSince(began), 2)
        // The calipers find what every pair finds, on random sets of every hull size.
        var state: UInt64 = 39
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for size in [70, 100, 300, 1000] {
            let points = (0..<size).map { _ -> Point in
                let angle = next() * 2 * .pi, radius = 1 + 0.01 * next()
                return Point(x: 2 * cos(angle), y: sin(angle) * radius)
            }
            var brute = 0.0
            for a in points { for b in points { brute = max(brute, a.distance(to: b)) } }
            XCTAssertEqual(ContactValidators.stationaryJitter(contact(points)).figure ?? 0, brute, accuracy: 1e-12, "\(size) points")
        }
    }

    /// The smallest circle's shuffle is seeded from the points: with the fixed seed it had,
    /// reports in the one order that is Welzl's worst case (a spiral outward, each report
    /// outside the circle of those before it) did not finish in 4 minutes for 20,000.
    func testTapAccuracyTakesNoWorstOrder() {
        let n = 20_000
        var order = Array(0..<n)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // the shuffle of the old fixed seed, undone
        for i in stride(from: n - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        var points = [Point](repeating: Point(x: 0, y: 0), count: n)
        for k in 0..<n {
            let radius = 1 + Double(k) * 1e-4, angle = Double(k) * 2.399963
            points[order[k]] = Point(x: radius * cos(angle), y: radius * sin(angle))
        }
        let taps = [contact(Array(points.dropLast())), contact([points[n - 1]])]
        let started = Date()
        let figure = ContactValidators.tapAccuracy(taps).figure ?? 0
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(figure, 1 + Double(n - 1) * 1e-4, accuracy: 1e-3)
    }

    func testTapAccuracyIsTheSmallestCircleAroundEveryReportOfEveryTap() {
        let spot = Point(x: 60, y: 40)
        let still = { (at: Point) in self.contact([at, at, at]) }
        // 19 taps on the spot and one 0.6 mm right: a circle of 0.3 mm holds them all (the
        // landings' centroid, 0.03 mm right, is 0.57 mm from the odd one).
        let oneOff = Array(repeating: still(spot), count: 19) + [still(Point(x: spot.x + 0.6, y: spot.y))]
        let verdict = ContactValidators.tapAccuracy(oneOff)
        XCTAssertEqual(verdict.figure ?? 0, 0.3, accuracy: 1e-9)
        XCTAssertTrue(verdict.passed, "\(verdict)")
        // Every landing on the spot, one tap rolling 1.2 mm down after it lands: its reports
        // count, not only its landing.
        let rolled = Array(repeating: still(spot), count: 19) + [contact([spot, Point(x: spot.x, y: spot.y + 0.6), Point(x: spot.x, y: spot.y + 1.2)])]
        XCTAssertEqual(ContactValidators.tapAccuracy(rolled).figure ?? 0, 0.6, accuracy: 1e-9)
        XCTAssertFalse(ContactValidators.tapAccuracy(rolled).passed)
        // Landings on a triangle: its circumcircle when acute, its longest side's when not.
        let acute = [Point(x: 0, y: 0), Point(x: 0.4, y: 0), Point(x: 0.2, y: 0.34)].map(still)
        XCTAssertEqual(ContactValidators.tapAccuracy(acute).figure ?? 0, 0.2288, accuracy: 0.0005)
        let obtuse = [Point(x: 0, y: 0), Point(x: 0.4, y: 0), Point(x: 0.2, y: 0.05)].map(still)
        XCTAssertEqual(ContactValidators.tapAccuracy(obtuse).figure ?? 0, 0.2, accuracy: 1e-9)
    }
}

