import Foundation
import Harness
import EventLogFormat
import XCTest

/// The `output` line: what the compositor says of its output, as qualifying a touchscreen
/// needs it to turn pixels into millimetres (docs/qualify.md).
final class OutputEndToEndTests: EndToEndTestCase {
    func testTheOutputIsLoggedOnWeston() throws {
        try startHeadlessRun()
        let output = try XCTUnwrap(try headlessRun.eventLog.waitFor("the output line") { $0.output != nil }.output)
        XCTAssertEqual([output.width, output.height], [1024, 640], "the current mode")
        XCTAssertEqual(output.transform, .normal)
        XCTAssertEqual(output.scale, 1)
        XCTAssertGreaterThan(output.refreshMillihertz, 0)
        XCTAssertEqual(try headlessRun.eventLog.events(of: .output).count, 1, "one output, told once")
    }

    func testTheOutputIsLoggedOnSway() throws {
        try startHeadlessRun(compositor: .sway)
        let output = try XCTUnwrap(try headlessRun.eventLog.waitFor("the output line") { $0.output != nil }.output)
        XCTAssertEqual([output.width, output.height], [1024, 640], "the current mode")
        XCTAssertEqual(output.scale, 1)
        XCTAssertEqual(output.transform, .normal)
        XCTAssertGreaterThan(output.width, 0)
        XCTAssertNotNil(output.name, "sway's wl_output v4 names it")
    }
}
