import TouchCore
import XCTest

/// What every gesture shares: cancelling any of them, the settings and the labels (each
/// gesture's own tests are in TapGestureTests, SwipeGestureTests, PinchGestureTests and
/// CheckmarkGestureTests).
final class GestureDetectorTests: XCTestCase {
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
