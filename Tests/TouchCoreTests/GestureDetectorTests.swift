import TouchCore
import XCTest

/// What every gesture shares: cancelling any of them and the labels (each gesture's own
/// tests are in TapGestureTests, SwipeGestureTests, PinchGestureTests, LongPressGestureTests,
/// RotationGestureTests, EdgeSwipeGestureTests and CheckmarkGestureTests; the settings and
/// the gestures.conf parser in GestureSettingsTests).
final class GestureDetectorTests: XCTestCase {
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

    func testLabels() {
        XCTAssertEqual(Gesture.tap(count: 3).label, "Triple Tap Detected")
        XCTAssertEqual(Gesture.swipe(.horizontal, fingers: 1).label, "Horizontal Swipe Detected")
        XCTAssertEqual(Gesture.swipe(.vertical, fingers: 2).label, "Double Vertical Swipe Detected")
        XCTAssertEqual(Gesture.swipe(.vertical, fingers: 5).label, "Quintuple Vertical Swipe Detected")
        XCTAssertEqual(Gesture.pinch(.outward).label, "Outward Pinch")
        XCTAssertEqual(Gesture.checkmark.label, "Checkmark")
    }
}
