import Foundation
import Harness
import XCTest

/// The keyboard shortcuts on weston.
final class KeyboardEndToEndTests: EndToEndTestCase {
    func testKeyboardShortcuts() throws {
        try startSession()
        let unset = try session.send("requests xdg_toplevel.unset_fullscreen")
        try key("f11")
        try session.sync()
        XCTAssertEqual(Int(try session.send("requests xdg_toplevel.unset_fullscreen")), Int(unset)! + 1,
                       "F11 leaves fullscreen")
        // kiosk-shell keeps every window fullscreen, so the next toggle asks to leave again:
        // f, like F11, sends one request that follows the configured state.
        let before = Int(try session.send("requests xdg_toplevel.unset_fullscreen"))!
            + Int(try session.send("requests xdg_toplevel.set_fullscreen"))!
        try key("f")
        try session.sync()
        let after = Int(try session.send("requests xdg_toplevel.unset_fullscreen"))!
            + Int(try session.send("requests xdg_toplevel.set_fullscreen"))!
        XCTAssertEqual(after, before + 1, "f toggles fullscreen too")

        try key("h")
        let help = try session.screenshot("help.png")
        XCTAssertGreaterThan(help.count(x: 300, y: 190, width: 420, height: 260) { $0.r < 70 && $0.g < 70 }, 60000,
                             "the help panel is shown")
        try key("h")
        let noHelp = try session.screenshot("no-help.png")
        XCTAssertLessThan(noHelp.count(x: 300, y: 190, width: 420, height: 260) { $0.r < 70 && $0.g < 70 }, 500)

        // A swipe label, cleared by c.
        try session.send(batch: ["down 1 200 400", "frame"])
        try session.send(batch: ["motion 1 260 400", "frame"])
        try session.send(batch: ["up 1", "frame"])
        try session.eventLog.waitFor("swipe label") { $0.label?.slot == .swipe }
        try key("c")
        try session.eventLog.waitFor("swipe label cleared by c") {
            $0.label.map { $0.slot == .swipe && $0.text.isEmpty } ?? false
        }

        try key("3")
        try session.eventLog.waitFor("moveme scene") { $0.sceneName == .moveme }
        try key("2")
        try session.eventLog.waitFor("hittest scene") { $0.sceneName == .hittest }

        try key("q")
        XCTAssertEqual(session.client.wait(timeout: 10), 0, "q quits cleanly")
    }

    /// kwin offers wp_fractional_scale_v1: at 1.5x the window is drawn at 1.5x, not
    /// upscaled from 1x or downscaled from 2x.

    func testEscapeQuits() throws {
        try startSession()
        try key("esc")
        XCTAssertEqual(session.client.wait(timeout: 10), 0)
    }
}
