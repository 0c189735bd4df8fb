import TouchCore
import XCTest

/// Swipes of one to five fingers and their counterfeits, on a manual clock.
final class SwipeGestureTests: XCTestCase {
    func testSwipesOfOneToFiveFingersBothWays() {
        for fingers in 1...5 {
            for axis in [Gesture.Axis.horizontal, .vertical] {
                for sign in [1.0, -1.0] {
                    let f = FingerScript()
                    let ids = (1...fingers).map { Int32($0) }
                    f.down(ids.map { ($0, 300 + Double($0) * 60, 300) })
                    f.drag(ids, dx: axis == .horizontal ? 40 * sign : 0,
                           dy: axis == .vertical ? 40 * sign : 0)
                    f.up(ids)
                    f.wait(1)
                    XCTAssertEqual(f.take(), [.swipe(axis, fingers: fingers)],
                                   "\(fingers) fingers \(axis) \(sign)")
                }
            }
        }
    }

    /// Issue 15 on purpose: a one-finger swipe is reported when the finger lifts (the stroke
    /// might still become a checkmark); two fingers swipe while they move.
    func testSwipeIsReportedOncePerGesture() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 200, dy: 0, steps: 20)
        XCTAssertEqual(f.take(), [], "one finger: not yet")
        f.drag([1], dx: 200, dy: 0, steps: 20)
        f.up(1)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 1)], "at the lift, once")
        f.wait(1)
        XCTAssertEqual(f.take(), [])
        f.down([(1, 100, 100), (2, 100, 150)])
        f.drag([1, 2], dx: 200, dy: 0, steps: 20)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 2)], "two fingers: while moving")
        f.drag([1, 2], dx: 200, dy: 0, steps: 20)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testStrokeThatCrossesBackOverItsAxisIsNoSwipe() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 20, dy: 30)
        f.drag([1], dx: 20, dy: -30)  // back at y 100, 40 px right: but it strayed 30 px
        f.up(1)
        f.wait(1)
        XCTAssertFalse(f.take().contains(.swipe(.horizontal, fingers: 1)))
    }

    func testFingersSwipingApartAreNoSwipe() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 400, 300)])
        for step in 1...10 {
            f.clock.advance(by: 0.01)
            f.move([(1, 300 - 4 * Double(step), 300), (2, 400 + 4 * Double(step), 300)])
        }
        XCTAssertEqual(f.take(), [], "40 px each, but in opposite directions")
    }

    func testSwipeAndLiftInOneFrameStillCounts() {
        // cage sends no frames: the client may get the whole stroke and the lift at once.
        let f = FingerScript()
        f.down(1, 200, 300)
        f.clock.advance(by: 0.05)
        var moved = Touch(id: 1, finger: 0, phase: .moved, location: Point(x: 250, y: 300), time: 0)
        moved.previousLocation = Point(x: 200, y: 300)
        var ended = moved
        ended.phase = .ended
        let gestures = f.detector.handle(TouchFrame(time: 0, touches: [moved, ended], activeTouches: []),
                                         at: f.clock.now)
        XCTAssertEqual(gestures, [.swipe(.horizontal, fingers: 1)])
    }

    func testDiagonalDragIsNoSwipe() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 60, dy: 60)
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testSwipeWithALaggingFingerIsNoMultiSwipe() {
        let f = FingerScript()
        f.down([(1, 100, 100), (2, 100, 200)])
        for step in 1...10 {
            f.clock.advance(by: 0.01)
            f.move([(1, 100 + 4 * Double(step), 100), (2, 100 + Double(step), 200)])
        }
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [], "finger 2 travelled 10 px of the 25 needed")
    }

    func testSixFingersMakeNoSwipe() {
        let f = FingerScript()
        let ids: [Int32] = [1, 2, 3, 4, 5, 6]
        f.down(ids.map { ($0, Double($0) * 100, 300) })
        f.drag(ids, dx: 50, dy: 0)
        f.up(ids)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }
}
