@testable import Harness
import XCTest

/// `--compositor-command`'s words: `VAR=value` first, as a shell takes them.
final class ConformanceTargetTests: XCTestCase {
    func testLeadingAssignmentsAreTheEnvironment() {
        let (environment, arguments) = ConformanceTarget.split(["WLR_BACKENDS=wayland", "WLR_RENDERER=pixman", "sway", "-c", "A=b"])
        XCTAssertEqual(environment, ["WLR_BACKENDS": "wayland", "WLR_RENDERER": "pixman"])
        XCTAssertEqual(arguments, ["sway", "-c", "A=b"], "an assignment after the program is an argument")
        XCTAssertEqual(ConformanceTarget.split(["=x", "weston"]).arguments, ["=x", "weston"], "no name, no assignment")
        XCTAssertEqual(ConformanceTarget.nested(["WLR_BACKENDS=wayland", "sway"]).name, "sway (nested)")
        XCTAssertEqual(ConformanceTarget.nested(["/opt/sway-1.9/bin/sway"]).name, "/opt/sway-1.9/bin/sway (nested)",
                       "two builds of one compositor are two rows")
        XCTAssertEqual(ConformanceTarget.nested(["/opt/sway-1.9/bin/sway"]).folderName, "nested-opt-sway-1.9-bin-sway")
    }
}
