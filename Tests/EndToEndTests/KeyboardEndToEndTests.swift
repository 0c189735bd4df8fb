import Foundation
import Harness
import XCTest

/// The keyboard shortcuts on weston.
final class KeyboardEndToEndTests: EndToEndTestCase {
    func testKeyboardShortcuts() throws {
        try startHeadlessRun()
        let unset = try headlessRun.send("requests xdg_toplevel.unset_fullscreen")
        try key("f11")
        try headlessRun.sync()
        XCTAssertEqual(Int(try headlessRun.send("requests xdg_toplevel.unset_fullscreen")), Int(unset)! + 1,
                       "F11 leaves fullscreen")
        // kiosk-shell keeps every window fullscreen, so the next toggle asks to leave again:
        // f, like F11, sends one request that follows the configured state.
        let before = Int(try headlessRun.send("requests xdg_toplevel.unset_fullscreen"))!
            + Int(try headlessRun.send("requests xdg_toplevel.set_fullscreen"))!
        try key("f")
        try headlessRun.sync()
        let after = Int(try headlessRun.send("requests xdg_toplevel.unset_fullscreen"))!
            + Int(try headlessRun.send("requests xdg_toplevel.set_fullscreen"))!
        XCTAssertEqual(after, before + 1, "f toggles fullscreen too")

        try key("h")
        let help = try headlessRun.screenshot("help.png")
        XCTAssertGreaterThan(help.count(x: 300, y: 190, width: 420, height: 260) { $0.r < 70 && $0.g < 70 }, 60000,
                             "the help panel is shown")
        try key("h")
        let noHelp = try headlessRun.screenshot("no-help.png")
        XCTAssertLessThan(noHelp.count(x: 300, y: 190, width: 420, height: 260) { $0.r < 70 && $0.g < 70 }, 500)

        // A swipe label, cleared by c.
        try headlessRun.send(batch: ["down 1 200 400", "frame"])
        try headlessRun.send(batch: ["motion 1 260 400", "frame"])
        try headlessRun.send(batch: ["up 1", "frame"])
        try headlessRun.eventLog.waitFor("swipe label") { $0.label?.slot == .swipe }
        try key("c")
        try headlessRun.eventLog.waitFor("swipe label cleared by c") {
            $0.label.map { $0.slot == .swipe && $0.text.isEmpty } ?? false
        }

        try key("3")
        try headlessRun.eventLog.waitFor("moveme scene") { $0.sceneName == .moveme }
        try key("2")
        try headlessRun.eventLog.waitFor("hittest scene") { $0.sceneName == .hittest }

        try key("q")
        XCTAssertEqual(headlessRun.client.wait(timeout: 10), 0, "q quits cleanly")
    }

    /// kwin offers wp_fractional_scale_v1: at 1.5x the window is drawn at 1.5x, not
    /// upscaled from 1x or downscaled from 2x.

    func testEscapeQuits() throws {
        try startHeadlessRun()
        try key("esc")
        XCTAssertEqual(headlessRun.client.wait(timeout: 10), 0)
    }
}
