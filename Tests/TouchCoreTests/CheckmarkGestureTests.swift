import TouchCore
import TouchRobot
import XCTest

/// The checkmark and the strokes that are not one, on a manual clock.
final class CheckmarkGestureTests: XCTestCase {
    /// A checkmark drawn with the 1-3 px steps a real digitizer reports.
    private func drawCheckmark(_ f: FingerScript, jitter: Bool) {
        f.down(1, 200, 200)
        var x = 200.0, y = 200.0
        for i in 0..<20 {  // down-right, 2 px steps
            x += 1.5; y += 1.5
            f.clock.advance(by: 0.008)
            f.move(1, x + (jitter && i % 2 == 0 ? 0.7 : 0), y)
        }
        for i in 0..<30 {  // up-right
            x += 1.2; y -= 2.4
            f.clock.advance(by: 0.008)
            f.move(1, x, y + (jitter && i % 3 == 0 ? -0.6 : 0))
        }
        f.up(1)
    }

    func testCheckmark() {
        let f = FingerScript()
        drawCheckmark(f, jitter: false)
        f.wait(1)
        XCTAssertEqual(f.take(), [.checkmark])
    }

    func testCheckmarkWithDigitizerJitter() {
        let f = FingerScript()
        drawCheckmark(f, jitter: true)
        f.wait(1)
        XCTAssertEqual(f.take(), [.checkmark])
    }

    func testStraightLineIsNoCheckmark() {
        let f = FingerScript()
        f.down(1, 100, 100)
        for i in 1...60 {
            f.clock.advance(by: 0.008)
            // a slightly wavy diagonal, as a hand draws it
            f.move(1, 100 + Double(i) * 2, 100 + Double(i) * 1.3 + (i % 2 == 0 ? 0.5 : 0))
        }
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testSharpReversalIsNoCheckmark() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.drag([1], dx: 60, dy: 0, steps: 20)
        f.drag([1], dx: -60, dy: 2, steps: 20)  // 180 degrees: beyond 135
        f.up(1)
        f.wait(1)
        XCTAssertFalse(f.take().contains(.checkmark))
    }
}
