import TouchCore
import XCTest

/// Long press, rotation and edge swipes, each with the strokes that must not count.
final class LongPressRotationEdgeSwipeTests: XCTestCase {
    // MARK: Long press

    func testLongPressOfOneToFiveFingersOnceWhenTheTimePasses() {
        for fingers in 1...5 {
            let f = FingerScript()
            f.down((1...fingers).map { (Int32($0), Double($0) * 60, 200) })
            f.wait(0.49)
            XCTAssertEqual(f.take(), [], "not before 0.5 s")
            f.wait(0.02)
            XCTAssertEqual(f.take(), [.longPress(fingers: fingers)])
            f.move(1, 63, 202)  // within the allowable 10 px
            f.wait(2)
            XCTAssertEqual(f.take(), [], "once")
            f.up((1...fingers).map { Int32($0) })
            f.wait(1)
            XCTAssertEqual(f.take(), [], "and no tap after it")
        }
    }

    func testSlowDragIsNoLongPress() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 40, dy: 0, steps: 40, interval: 0.025)  // 1 s, 40 px
        f.wait(1)
        XCTAssertFalse(f.take().contains(.longPress(fingers: 1)))
    }

    func testAFingerLiftedBeforeTheTimeIsNoLongPress() {
        let f = FingerScript()
        f.down([(1, 100, 100), (2, 200, 100)])
        f.wait(0.3)
        f.up(2)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testTheHoldCountsFromTheLastFingerDown() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.wait(0.3)
        f.down(2, 200, 100)
        f.wait(0.3)
        XCTAssertEqual(f.take(), [], "0.3 s since the second finger")
        f.wait(0.25)
        XCTAssertEqual(f.take(), [.longPress(fingers: 2)])
    }

    func testLongPressSettings() throws {
        var settings = GestureSettings()
        try settings.set("longpress-duration", to: "1")
        try settings.set("longpress-max-movement", to: "30")
        let f = FingerScript(settings: settings)
        f.down(1, 100, 100)
        f.move(1, 120, 100)
        f.wait(0.9)
        XCTAssertEqual(f.take(), [])
        f.wait(0.2)
        XCTAssertEqual(f.take(), [.longPress(fingers: 1)])
    }

    // MARK: Rotation

    /// Two fingers on a circle of radius r around (cx, cy), turned by `degrees` in steps.
    private func turn(_ f: FingerScript, by degrees: Double, radius: Double = 100, grow: Double = 0, steps: Int = 30) {
        for step in 1...steps {
            f.clock.advance(by: 0.016)
            let t = Double(step) / Double(steps)
            let a = degrees * t * Double.pi / 180
            let r = radius + grow * t
            f.move([(1, 400 - r * cos(a), 300 - r * sin(a)), (2, 400 + r * cos(a), 300 + r * sin(a))])
        }
    }

    func testRotationBothWaysReportedAtTheLiftWithItsAngle() {
        for (degrees, direction) in [(45.0, Gesture.RotationDirection.clockwise), (-90, .counterclockwise), (200, .clockwise)] {
            let f = FingerScript()
            f.down([(1, 300, 300), (2, 500, 300)])
            turn(f, by: degrees)
            XCTAssertEqual(f.take(), [], "nothing while turning")
            f.up([1, 2])
            f.wait(1)
            XCTAssertEqual(f.take(), [.rotation(direction, degrees: Int(abs(degrees)))])
        }
    }

    func testPinchWithoutTurnIsNoRotation() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 5, grow: 150)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [.pinch(.outward)])
    }

    func testPinchAndRotationTogether() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 60, grow: 150)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [.pinch(.outward), .rotation(.clockwise, degrees: 60)])
    }

    func testRotationThreshold() throws {
        var settings = GestureSettings()
        try settings.set("rotation-min-angle", to: "40")
        let f = FingerScript(settings: settings)
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 35)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    // MARK: Edge swipes

    private func script(width: Double = 800, height: Double = 600) -> FingerScript {
        let f = FingerScript()
        f.detector.bounds = Size(width: width, height: height)
        return f
    }

    func testSwipesFromEachEdge() {
        let cases: [(Gesture.Edge, (Double, Double), (Double, Double))] = [
            (.left, (5, 300), (150, 0)), (.right, (795, 300), (-150, 0)),
            (.top, (400, 10), (0, 150)), (.bottom, (400, 590), (0, -150)),
        ]
        for (edge, start, move) in cases {
            let f = script()
            f.down(1, start.0, start.1)
            f.drag([1], dx: move.0, dy: move.1)
            f.up(1)
            f.wait(1)
            XCTAssertEqual(f.take(), [.edgeSwipe(edge, fingers: 1)], "\(edge)")
        }
    }

    func testTwoFingerEdgeSwipeWhileMoving() {
        let f = script()
        f.down([(1, 10, 250), (2, 12, 350)])
        f.drag([1, 2], dx: 150, dy: 0)
        XCTAssertEqual(f.take(), [.edgeSwipe(.left, fingers: 2)])
    }

    func testSwipeFromTheMiddleIsNoEdgeSwipe() {
        let f = script()
        f.down(1, 300, 300)
        f.drag([1], dx: 150, dy: 0)
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 1)])
    }

    func testSwipeAlongAnEdgeOrTowardItIsNoEdgeSwipe() {
        let along = script()
        along.down(1, 5, 200)
        along.drag([1], dx: 0, dy: 150)  // down the left edge: a plain vertical swipe
        along.up(1)
        along.wait(1)
        XCTAssertEqual(along.take(), [.swipe(.vertical, fingers: 1)])
        let toward = script()
        toward.down(1, 790, 300)
        toward.drag([1], dx: 5, dy: 0)
        toward.up(1)
        toward.wait(1)
        XCTAssertFalse(toward.take().contains { if case .edgeSwipe = $0 { true } else { false } })
    }

    func testOneFingerFromTheEdgeAndOneFromTheMiddleIsAPlainSwipe() {
        let f = script()
        f.down([(1, 10, 250), (2, 300, 350)])
        f.drag([1, 2], dx: 150, dy: 0)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 2)])
    }

    func testLabels() {
        XCTAssertEqual(Gesture.longPress(fingers: 1).label, "Long Press Detected")
        XCTAssertEqual(Gesture.longPress(fingers: 3).label, "3-Finger Long Press Detected")
        XCTAssertEqual(Gesture.rotation(.clockwise, degrees: 45).label, "Rotated 45 degrees clockwise")
        XCTAssertEqual(Gesture.edgeSwipe(.left, fingers: 1).label, "Swipe from the Left Edge")
        XCTAssertEqual(Gesture.edgeSwipe(.bottom, fingers: 2).label, "2-Finger Swipe from the Bottom Edge")
    }
}
