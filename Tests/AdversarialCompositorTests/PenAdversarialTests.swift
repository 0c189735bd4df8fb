import Foundation
import Glibc
import Harness
import TestCompositor
import EventLogFormat
import TouchCore
import XCTest

/// Tablet tools that misbehave, from the in-process test compositor (no real compositor
/// sends these): a tool removed while its tip is down, its tablet removed, no frame ever,
/// pressure beyond the protocol's range. touchspots keeps running, ends what it must, and
/// every line still follows the schema.
final class PenAdversarialTests: XCTestCase {
    private var run: CompositorRun!
    private var tc: OpaquePointer { run.tc }

    override func setUp() async throws {
        try await super.setUp()
        run = try CompositorRun(name: name)
        // The client asks for its tablet seat when it binds the manager, before mapping.
        XCTAssertTrue(run.sync())
        XCTAssertTrue(tc_tablet_add(tc), "touchspots bound zwp_tablet_manager_v2 and asked for a tablet seat")
        XCTAssertTrue(tc_tool_add(tc, false))
    }

    override func tearDown() {
        run.closeAndCheckLog()
        run = nil
        super.tearDown()
    }

    private func penEntries() throws -> [TouchFrame.Entry] {
        try run.log.frames().flatMap(\.entries).filter { $0.id < -2 }
    }

    private func tipDown(at x: Double, _ y: Double) {
        tc_tool_proximity_in(tc, x, y)
        tc_tool_frame(tc, 1)
        tc_tool_tip(tc, true)
        tc_tool_pressure(tc, 32768)
        tc_tool_frame(tc, 2)
        XCTAssertTrue(run.sync())
    }

    func testToolRemovedWhileDownEndsCancelledThenOut() throws {
        tipDown(at: 100, 100)
        tc_tool_remove(tc)  // no up, no proximity_out, no frame
        XCTAssertTrue(run.sync())
        let phases = try penEntries().map(\.phase)
        XCTAssertEqual(phases, [.hover, .began, .cancelled, .out])
        XCTAssertEqual(try run.log.spots().last, 0)
        // A new tool after that is a new id.
        XCTAssertTrue(tc_tool_add(tc, true))
        tc_tool_proximity_in(tc, 200, 200)
        tc_tool_frame(tc, 3)
        XCTAssertTrue(run.sync())
        let last = try XCTUnwrap(try penEntries().last)
        XCTAssertEqual(last.source, .eraser)
        XCTAssertNotEqual(last.id, try penEntries().first?.id)
        XCTAssertFalse(run.client.hasExited)
    }

    func testTabletRemovedWhileDownEndsItsTool() throws {
        tipDown(at: 100, 100)
        tc_tablet_remove(tc)
        XCTAssertTrue(run.sync())
        XCTAssertEqual(try penEntries().suffix(2).map(\.phase), [.cancelled, .out])
        // The tool itself stays; events for it without a tablet change nothing on screen.
        tc_tool_motion(tc, 150, 150)
        tc_tool_frame(tc, 9)
        XCTAssertTrue(run.sync())
        XCTAssertEqual(try run.log.spots().last, 0)
        XCTAssertFalse(run.client.hasExited)
    }

    func testToolThatNeverSendsFramesIsStillShown() throws {
        tc_tool_proximity_in(tc, 100, 100)
        XCTAssertTrue(run.sync())
        tc_tool_tip(tc, true)
        XCTAssertTrue(run.sync())
        tc_tool_motion(tc, 140, 100)
        XCTAssertTrue(run.sync())
        tc_tool_tip(tc, false)
        XCTAssertTrue(run.sync())
        XCTAssertEqual(try penEntries().map(\.phase), [.hover, .began, .moved, .ended])
        let warnings = try run.log.warnings()
        XCTAssertTrue(warnings.contains { $0.contains("no frame") }, "\(warnings)")
    }

    func testPressureBeyondTheRangeIsClampedWithAWarning() throws {
        tc_tool_proximity_in(tc, 100, 100)
        tc_tool_tip(tc, true)
        tc_tool_pressure(tc, 0xFFFF_FFFF)
        tc_tool_tilt(tc, 400, -1e6)  // fixed-point, but far beyond any pen's lean
        tc_tool_frame(tc, 1)
        XCTAssertTrue(run.sync())
        let began = try XCTUnwrap(try penEntries().first { $0.phase == .began })
        XCTAssertEqual(began.pen?.pressure, 1)
        XCTAssertTrue(try run.log.warnings().contains { $0.contains("pressure") })
        XCTAssertFalse(run.client.hasExited)
    }

    func testDuplicateDownAndUpWithoutDownAreWarnedAndIgnored() throws {
        tipDown(at: 100, 100)
        tc_tool_tip(tc, true)
        tc_tool_frame(tc, 3)
        tc_tool_tip(tc, false)
        tc_tool_tip(tc, false)
        tc_tool_frame(tc, 4)
        XCTAssertTrue(run.sync())
        XCTAssertEqual(try penEntries().map(\.phase), [.hover, .began, .ended])
        XCTAssertEqual(try run.log.warnings().count, 2)
    }
}
