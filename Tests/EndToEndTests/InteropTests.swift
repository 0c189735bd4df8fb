import Foundation
import Harness
import ToolSupport
import TouchRobot
import XCTest

/// The interop matrix, every row: weston, sway, cage, phoc, mutter, gnome-shell and kwin. Every check passes,
/// except what the matrix records as a limitation of the compositor itself.
final class InteropTests: XCTestCase {
    private let directory = "\(Products.buildDirectory)/../interop"

    private func assertRow(_ kind: CompositorKind, limitations: Set<Interop.Capability>) {
        let row = Interop.run(kind, directory: directory)
        EventLogSchema.assertValid(under: "\(directory)/\(kind.rawValue)")
        for capability in Interop.capabilities {
            let cell = row.cells[capability]!
            let expected: Interop.Outcome = limitations.contains(capability) ? .limitation : .pass
            XCTAssertEqual(cell.outcome, expected, "\(kind.rawValue) \(capability.rawValue): \(cell.note)")
        }
    }

    func testWeston() {
        // weston 10 has no tablet support.
        assertRow(.weston, limitations: [.pen])
    }

    func testSway() {
        // sway 1.7 (wlroots 0.15) does not forward a touch device's cancel to clients.
        assertRow(.sway, limitations: [.cancel])
    }

    func testCage() {
        // cage 0.1.4 (wlroots 0.15) does not forward a touch device's cancel to clients.
        // cage 0.1.4 offers no tablet-v2. cage shows every window fullscreen.
        assertRow(.cage, limitations: [.cancel, .pen, .windowed])
    }

    func testPhoc() {
        // phoc 0.24 (wlroots 0.15) does not forward a touch device's cancel to clients.
        // phoc 0.24 offers tablet-v2 but forwards nothing from the headless tablet.
        assertRow(.phoc, limitations: [.cancel, .pen])
    }

    func testMutter() {
        // Plain mutter has no gesture of its own that cancels touches, and its RemoteDesktop
        // API (the only way in) has no cancel.
        // Nor has the RemoteDesktop API a tablet tool.
        assertRow(.mutter, limitations: [.cancel, .pen])
    }

    func testGnomeShell() {
        // gnome-shell cancels the window's touches when it takes a three-finger swipe.
        // RemoteDesktop has no tablet tool.
        assertRow(.gnomeShell, limitations: [.pen])
    }

    func testKWin() {
        // kwin's fake input has no tablet tool.
        assertRow(.kwin, limitations: [.pen])
    }

    func testMatrixWritesMarkdownAndJSON() throws {
        var row = Interop.Row(compositor: "x", cells: [.maps: .init(outcome: .pass, note: "ok")], observations: ["k": "v"])
        row.version = "x 1.2"
        let markdown = Interop.markdown([row])
        XCTAssertTrue(markdown.contains("| x | pass: ok |"))
        XCTAssertTrue(markdown.hasPrefix("touchspots 0."), "what ran comes first: \(markdown)")
        XCTAssertTrue(markdown.contains("- x: x 1.2\n"), "each compositor's version: \(markdown)")
        let json = try JSONSerialization.jsonObject(with: try Interop.json([row])) as? [[String: Any]]
        XCTAssertEqual(json?.first?["compositor"] as? String, "x")
        XCTAssertEqual(json?.first?["version"] as? String, "x 1.2")
        let page = "# Interop\n\nprose\n\n<!-- matrix: written by scripts/interop, do not edit by hand -->\nold\n<!-- end of matrix -->\n\nmore prose\n"
        let updated = Interop.replacingMatrix(in: page, with: "new")
        XCTAssertTrue(updated.contains("prose\n\n<!-- matrix"), updated)
        XCTAssertTrue(updated.contains("-->\nnew\n<!-- end of matrix -->\n\nmore prose"), updated)
        XCTAssertFalse(updated.contains("old"))
        let notInstalled = Interop.Row(compositor: "nope", cells: [:], observations: [:])
        XCTAssertFalse(Interop.markdown([notInstalled]).contains("pass"))
    }
}
