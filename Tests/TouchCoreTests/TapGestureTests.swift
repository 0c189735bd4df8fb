import TouchCore
import XCTest

/// Taps: one to four taps, their timing and what is no tap (issue 3's list), on a manual clock.
final class TapGestureTests: XCTestCase {
    func testSingleToQuadrupleTaps() {
        for count in 1...3 {
            let f = FingerScript()
            for i in 0..<count {
                f.tap(1, 100 + Double(i) * 3, 100)
                f.wait(0.2)
            }
            XCTAssertEqual(f.take(), [], "\(count) taps: nothing until the interval passes")
            f.wait(0.3)
            XCTAssertEqual(f.take(), [.tap(count: count)], "only the final count is reported")
        }
        let f = FingerScript()
        for _ in 0..<3 {
            f.tap()
            f.wait(0.2)
        }
        f.tap()
        XCTAssertEqual(f.take(), [.tap(count: 4)], "a fourth tap is reported at once")
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testTapIsReportedExactlyAfterTheInterval() {
        let f = FingerScript()
        f.tap()
        let lift = f.clock.now
        XCTAssertEqual(f.detector.nextDeadline!, lift + 0.4, accuracy: 1e-9)
        f.wait(0.399)
        XCTAssertEqual(f.take(), [])
        f.wait(0.002)
        XCTAssertEqual(f.take(), [.tap(count: 1)])
        XCTAssertNil(f.detector.nextDeadline)
    }

    func testSlowSecondTapIsTwoSingleTaps() {
        let f = FingerScript()
        f.tap()
        f.wait(0.6)
        f.tap()
        f.wait(1)
        XCTAssertEqual(f.take(), [.tap(count: 1), .tap(count: 1)])
    }

    func testFarSecondTapIsTwoSingleTaps() {
        let f = FingerScript()
        f.tap(1, 100, 100)
        f.wait(0.1)
        f.tap(1, 300, 100)
        f.wait(1)
        XCTAssertEqual(f.take(), [.tap(count: 1), .tap(count: 1)],
                       "the first count is final once a far tap begins")
    }

    func testTwoFingerTapCountsAsOneAndRestartsTheCount() {
        let f = FingerScript()
        f.tap()
        f.wait(0.1)
        f.down([(1, 100, 100), (2, 140, 100)])
        f.clock.advance(by: 0.05)
        f.up([1, 2])
        XCTAssertEqual(f.take(), [.tap(count: 1)], "the waiting single tap is final")
        f.wait(0.1)
        f.tap()
        f.wait(1)
        XCTAssertEqual(f.take(), [.tap(count: 2)], "the two-finger tap restarted the count at 1")
    }

    /// Issue 15 on purpose: a hold is now a long press (once, at 0.5 s), and still no tap.
    func testLongPressIsNoTap() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.wait(0.8)
        XCTAssertEqual(f.take(), [.longPress(fingers: 1)])
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testMovingFingerIsNoTap() {
        let f = FingerScript()
        f.down(1, 100, 100)
        f.move(1, 112, 100)  // beyond the 10 px slop, yet no swipe (only 12 px)
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testTapCountForTheExplorerPanel() {
        let f = FingerScript()
        f.tap()
        XCTAssertEqual(f.detector.currentTapCount, 1)
        f.wait(0.1)
        f.down(1, 102, 100)
        XCTAssertEqual(f.detector.currentTapCount, 2)
    }

    func testFingerDownWhenTheIntervalEndsWaitsForItsLift() {
        let f = FingerScript()
        f.tap()
        f.wait(0.3)
        f.down(1, 100, 100)
        f.wait(0.2)  // the interval passes while the finger is down
        XCTAssertEqual(f.take(), [])
        f.up(1)
        f.wait(1)
        XCTAssertEqual(f.take(), [.tap(count: 2)])
    }
}
