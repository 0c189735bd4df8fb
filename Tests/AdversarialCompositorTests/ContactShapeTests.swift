import Foundation
import Glibc
import Harness
import TestCompositor
import ToolSupport
import XCTest

/// wl_touch.shape and wl_touch.orientation (seat v6+), which few compositors send
/// (libinput has no touchscreen shape API): the test compositor sends them, the log
/// carries them and the spot shows the contact ellipse, turned as told.
final class ContactShapeTests: XCTestCase {
    private var run: CompositorRun!

    override func setUp() async throws {
        try await super.setUp()
        run = try CompositorRun(name: name)
    }

    override func tearDown() {
        run.closeAndCheckLog()
        run = nil
        super.tearDown()
    }

    func testShapeAndOrientationAreLoggedAndDrawn() throws {
        let tc = run.tc
        tc_touch_down(tc, 10, 4, 300, 300)
        tc_touch_shape(tc, 4, 80, 30)
        tc_touch_orientation(tc, 4, 45)
        tc_touch_frame(tc)
        XCTAssertTrue(run.sync())
        let began = try XCTUnwrap(try run.log.frames().last?.touch(id: 4))
        XCTAssertEqual(began.major, 80)
        XCTAssertEqual(began.minor, 30)
        XCTAssertEqual(began.orientation, 45)

        // Let the spot grow to full size, then look.
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline { tc_dispatch(tc, 20) }
        XCTAssertTrue(run.sync())
        let path = "\(run.directory)/contact-ellipse.png"
        XCTAssertNil(tc_screenshot(tc, path).map { String(cString: $0) })
        let image = try PNGImage(path: path)
        // The contact grey is darker than the spot's (170) and lighter than text.
        func contact(_ dx: Int, _ dy: Int) -> Bool {
            let p = image.pixel(x: 300 + dx, y: 300 + dy)
            return p.r < 140 && p.r > 60 && p.r == p.g
        }
        // 45 degrees clockwise from +y: the major axis runs from lower left to upper right.
        XCTAssertTrue(contact(-25, 25) && contact(25, -25), "the ellipse reaches out along its major axis")
        XCTAssertFalse(contact(25, 25) || contact(-25, -25), "but not along its minor axis")
        XCTAssertTrue(image.pixel(x: 300 + 40, y: 300 + 10).isGray(170, tolerance: 6), "the spot is around it")

        // The shape follows the finger as it changes.
        tc_touch_shape(tc, 4, 20, 20)
        tc_touch_motion(tc, 20, 4, 310, 300)
        tc_touch_frame(tc)
        XCTAssertTrue(run.sync())
        XCTAssertEqual(try run.log.frames().last?.touch(id: 4)?.major, 20)
    }

    func testNoShapeLogsNoShapeKeys() throws {
        tc_touch_down(run.tc, 10, 1, 300, 300)
        tc_touch_frame(run.tc)
        XCTAssertTrue(run.sync())
        let entry = try XCTUnwrap(try run.log.frames().last?.touch(id: 1))
        XCTAssertNil(entry.major)
        XCTAssertNil(entry.orientation)
    }
}
