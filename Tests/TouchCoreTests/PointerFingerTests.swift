import TouchCore
import XCTest

final class PointerFingerTests: XCTestCase {
    private var frames: [TouchFrame] = []
    private var finger: PointerFinger!

    override func setUp() {
        frames = []
        finger = PointerFinger(sequencer: TouchSequencer())
        finger.setCenter(Point(x: 400, y: 300))
        finger.onFrame = { [unowned self] in frames.append($0) }
    }

    private func summary() -> [[String]] {
        frames.map { $0.touches.map { "\($0.id) \($0.phase.rawValue) \($0.location.x),\($0.location.y)" } }
    }

    func testPressDragRelease() {
        finger.move(to: Point(x: 10, y: 10), time: 1)
        XCTAssertTrue(frames.isEmpty, "moving without the button is no touch")
        finger.press(at: Point(x: 10, y: 10), time: 2, now: 10)
        finger.move(to: Point(x: 20, y: 15), time: 3)
        finger.release(time: 4)
        XCTAssertEqual(summary(), [["-1 began 10.0,10.0"], ["-1 moved 20.0,15.0"], ["-1 ended 20.0,15.0"]])
        XCTAssertTrue(frames.allSatisfy { $0.touches.allSatisfy { $0.source == .pointer } })
    }

    func testAltAddsAndLiftsTheMirroredFinger() {
        finger.setAlt(true, time: 1)
        finger.press(at: Point(x: 500, y: 300), time: 2, now: 10)
        XCTAssertEqual(summary().last, ["-1 began 500.0,300.0", "-2 began 300.0,300.0"])
        finger.move(to: Point(x: 550, y: 320), time: 3)
        XCTAssertEqual(summary().last, ["-1 moved 550.0,320.0", "-2 moved 250.0,280.0"])
        finger.setAlt(false, time: 4)
        XCTAssertEqual(summary().last, ["-2 ended 250.0,280.0"])
        finger.setAlt(true, time: 5)
        XCTAssertEqual(summary().last, ["-2 began 250.0,280.0"], "Alt mid-drag adds it")
        finger.cancel(time: 6)
        XCTAssertEqual(summary().last, ["-1 cancelled 550.0,320.0", "-2 cancelled 250.0,280.0"])
    }

    func testPressesNearTouchscreenActivityAreIgnored() {
        finger.noteTouchscreen(active: true, at: 10)
        finger.press(at: .zero, time: 1, now: 10.1)
        XCTAssertTrue(frames.isEmpty, "a finger is down")
        finger.release(time: 2)
        finger.noteTouchscreen(active: false, at: 10.2)
        finger.press(at: .zero, time: 3, now: 10.5)
        XCTAssertTrue(frames.isEmpty, "within the quiet period after the touch")
        finger.release(time: 4)
        finger.press(at: .zero, time: 5, now: 10.8)
        XCTAssertEqual(frames.count, 1, "a real mouse press later works")
    }
}
