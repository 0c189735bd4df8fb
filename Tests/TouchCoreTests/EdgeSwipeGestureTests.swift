import TouchCore
import XCTest

/// Swipes from an edge of the window, with the strokes that must not count.
final class EdgeSwipeGestureTests: XCTestCase {
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
        XCTAssertEqual(Gesture.edgeSwipe(.left, fingers: 1).label, "Swipe from the Left Edge")
        XCTAssertEqual(Gesture.edgeSwipe(.bottom, fingers: 2).label, "2-Finger Swipe from the Bottom Edge")
    }
}
