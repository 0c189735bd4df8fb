import TouchCore
import XCTest

/// Every gesture and its counterfeits, on a manual clock (issue 3's list).
final class GestureDetectorTests: XCTestCase {
    // MARK: Taps

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

    // MARK: Swipes

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

    // MARK: Pinch

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

    // MARK: Checkmark

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

    // MARK: Cancel

    func testCancelInTheMiddleOfEachReportsNothingAndResets() {
        // taps waiting
        var f = FingerScript()
        f.tap()
        f.wait(0.1)
        f.down(1, 100, 100)
        f.cancel()
        f.wait(1)
        XCTAssertEqual(f.take(), [], "cancel forgets the waiting tap")
        // swipe before it reached the threshold
        f = FingerScript()
        f.down([(1, 100, 100), (2, 100, 200)])
        f.drag([1, 2], dx: 20, dy: 0)
        f.cancel()
        f.wait(1)
        XCTAssertEqual(f.take(), [])
        // pinch before the delta
        f = FingerScript()
        f.down([(1, 300, 300), (2, 400, 300)])
        f.drag([2], dx: 80, dy: 0)
        f.cancel()
        XCTAssertEqual(f.take(), [])
        // checkmark before the turn
        f = FingerScript()
        f.down(1, 200, 200)
        f.drag([1], dx: 30, dy: 30)
        f.cancel()
        f.wait(1)
        XCTAssertEqual(f.take(), [])
        // and the state is fresh afterwards
        f.tap()
        f.wait(1)
        XCTAssertEqual(f.take(), [.tap(count: 1)])
    }

    // MARK: Settings

    func testSettingsOverridesAndConfigFile() throws {
        var settings = GestureSettings()
        try settings.set("swipe-min-length", to: "40")
        XCTAssertEqual(settings.swipeMinimumLength, 40)
        try settings.apply(configuration: "# comment\ntap-interval = 0.25\n\n pinch-min-delta=60 # inline\n",
                           source: "test.conf")
        XCTAssertEqual(settings.tapInterval, 0.25)
        XCTAssertEqual(settings.pinchMinimumDelta, 60)
        XCTAssertThrowsError(try settings.set("no-such", to: "1"))
        XCTAssertThrowsError(try settings.set("tap-slop", to: "-1"))
        XCTAssertThrowsError(try settings.apply(configuration: "tap-slop 3", source: "x.conf")) {
            XCTAssertTrue("\($0)".contains("x.conf:1"))
        }
        let f = FingerScript(settings: settings)
        f.down(1, 100, 100)
        f.drag([1], dx: 30, dy: 0)
        f.up(1)
        XCTAssertEqual(f.take(), [], "30 px is short of the overridden 40")
        f.wait(1)
        f.down(1, 100, 100)
        f.drag([1], dx: 45, dy: 0)
        f.up(1)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 1)])
    }

    func testLabels() {
        XCTAssertEqual(Gesture.tap(count: 3).label, "Triple Tap Detected")
        XCTAssertEqual(Gesture.swipe(.horizontal, fingers: 1).label, "Horizontal Swipe Detected")
        XCTAssertEqual(Gesture.swipe(.vertical, fingers: 2).label, "Double Vertical Swipe Detected")
        XCTAssertEqual(Gesture.swipe(.vertical, fingers: 5).label, "Quintuple Vertical Swipe Detected")
        XCTAssertEqual(Gesture.pinch(.outward).label, "Outward Pinch")
        XCTAssertEqual(Gesture.checkmark.label, "Checkmark")
    }
}
