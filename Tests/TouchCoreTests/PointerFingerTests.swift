import TouchCore
import XCTest

/// The mouse as a finger, through the session's front door.
final class PointerFingerTests: XCTestCase {
    private var driver: SessionDriver!
    private var session: TouchSession { driver.session }
    private var pointerFrames: [TouchFrame] { driver.frames.filter { $0.touches.first?.source == .pointer } }

    override func setUp() {
        driver = SessionDriver(size: Size(width: 800, height: 600), now: 10)
    }

    private func summary() -> [[String]] {
        pointerFrames.map { $0.touches.map { "\($0.id) \($0.phase.rawValue) \($0.location.x),\($0.location.y)" } }
    }

    private func press(at point: Point, time: UInt32) {
        session.pointerMoved(to: point, time: time)
        session.pointerButton(pressed: true, time: time)
    }

    func testPressDragRelease() {
        session.pointerMoved(to: Point(x: 10, y: 10), time: 1)
        XCTAssertTrue(driver.frames.isEmpty, "moving without the button is no touch")
        press(at: Point(x: 10, y: 10), time: 2)
        session.pointerMoved(to: Point(x: 20, y: 15), time: 3)
        session.pointerButton(pressed: false, time: 4)
        XCTAssertEqual(summary(), [["-1 began 10.0,10.0"], ["-1 moved 20.0,15.0"], ["-1 ended 20.0,15.0"]])
        XCTAssertTrue(driver.frames.allSatisfy { $0.touches.allSatisfy { $0.source == .pointer } })
        XCTAssertEqual(driver.spotCounts, [1, 1, 0], "the mouse's finger has a spot too")
    }

    func testAltAddsAndLiftsTheMirroredFinger() {
        session.setAlt(true, time: 1)
        press(at: Point(x: 500, y: 300), time: 2)
        XCTAssertEqual(summary().last, ["-1 began 500.0,300.0", "-2 began 300.0,300.0"])
        session.pointerMoved(to: Point(x: 550, y: 320), time: 3)
        XCTAssertEqual(summary().last, ["-1 moved 550.0,320.0", "-2 moved 250.0,280.0"])
        session.setAlt(false, time: 4)
        XCTAssertEqual(summary().last, ["-2 ended 250.0,280.0"])
        session.setAlt(true, time: 5)
        XCTAssertEqual(summary().last, ["-2 began 250.0,280.0"], "Alt mid-drag adds it")
        session.pointerLeft(time: 6)
        XCTAssertEqual(summary().last, ["-1 cancelled 550.0,320.0", "-2 cancelled 250.0,280.0"])
    }

    func testPressesNearTouchscreenActivityAreIgnored() {
        driver.down(id: 1, at: Point(x: 100, y: 100))
        driver.frame()
        driver.clock.now = 10.1
        press(at: .zero, time: 1)
        XCTAssertTrue(pointerFrames.isEmpty, "a finger is down")
        session.pointerButton(pressed: false, time: 2)
        driver.clock.now = 10.2
        driver.up(id: 1)
        driver.clock.now = 10.5
        press(at: .zero, time: 3)
        XCTAssertTrue(pointerFrames.isEmpty, "within the quiet period after the touch")
        session.pointerButton(pressed: false, time: 4)
        driver.clock.now = 10.8
        press(at: .zero, time: 5)
        XCTAssertEqual(pointerFrames.count, 1, "a real mouse press later works")
    }
}
