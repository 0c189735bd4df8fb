import TouchCore
import XCTest

/// Pinches outward and inward and what is no pinch, on a manual clock.
final class PinchGestureTests: XCTestCase {
    func testPinchOutwardAndInward() {
        let f = FingerScript()
        f.down([(1, 400, 300), (2, 500, 300)])
        for step in 1...10 {
            f.clock.advance(by: 0.01)
            f.move([(1, 400 - 6 * Double(step), 300 - 3 * Double(step)),
                    (2, 500 + 6 * Double(step), 300 + 3 * Double(step))])
        }
        XCTAssertEqual(f.take(), [.pinch(.outward)], "distance grew from 100 to ~234")
        for step in 1...10 {
            f.clock.advance(by: 0.01)
            f.move([(1, 340 + 9 * Double(step), 270 + 3 * Double(step)),
                    (2, 560 - 9 * Double(step), 330 - 3 * Double(step))])
        }
        XCTAssertEqual(f.take(), [], "back to the reference: no new pinch yet")
        f.down([(3, 800, 500)])
        f.up([3])
        let g = FingerScript()
        g.down([(1, 300, 300), (2, 600, 300)])
        g.drag([1], dx: 60, dy: 0)
        g.drag([2], dx: -60, dy: 0)
        XCTAssertEqual(g.take(), [.pinch(.inward)])
        g.drag([1], dx: 20, dy: 0)
        XCTAssertEqual(g.take(), [], "once per direction per gesture")
    }

    func testTwoFingersMovingTogetherAreNoPinch() {
        let f = FingerScript()
        f.down([(1, 100, 300), (2, 200, 300)])
        f.drag([1, 2], dx: 150, dy: 150, steps: 15)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testPinchReferenceIsTakenWhenTheSecondFingerLands() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 300, dy: 300, steps: 30)  // one finger wandering far: no pinch
        f.down(2, 420, 400)
        f.drag([2], dx: 0, dy: -20)
        XCTAssertEqual(f.take(), [], "distance measured from when finger 2 landed")
    }

    func testThreeFingersAreNoPinch() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 400, 300), (3, 350, 400)])
        f.drag([1], dx: -150, dy: 0)
        f.drag([2], dx: 150, dy: 0)
        f.up([1, 2, 3])
        f.wait(1)
        XCTAssertFalse(f.take().contains(.pinch(.outward)))
    }
}
