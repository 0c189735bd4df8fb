import TouchCore
import XCTest

/// Long press of one to five fingers, with the strokes that must not count.
final class LongPressGestureTests: XCTestCase {
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

    /// The movement limit holds for the whole hold: a finger that went 15 px away and came
    /// back within one frame, and a sixth finger, each end the chance of a long press.
    func testAFingerThatWentTooFarAndCameBackOrASixthFingerIsNoLongPress() {
        let back = FingerScript()
        back.down([(1, 100, 100), (2, 200, 100)])
        back.move([(1, 115, 100), (1, 101, 100)])
        back.wait(1)
        XCTAssertFalse(back.take().contains(.longPress(fingers: 2)), "moved beyond 10 px, then back")
        let six = FingerScript()
        six.down((1...6).map { (Int32($0), Double($0) * 60, 200) })
        six.wait(1)
        XCTAssertEqual(six.take(), [], "six fingers")
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

    func testLabels() {
        XCTAssertEqual(Gesture.longPress(fingers: 1).label, "Long Press Detected")
        XCTAssertEqual(Gesture.longPress(fingers: 3).label, "3-Finger Long Press Detected")
    }
}
