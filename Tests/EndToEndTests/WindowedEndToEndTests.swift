import Foundation
import Harness
import ToolSupport
import TouchCore
import XCTest

/// touchspots started as the app grid starts it: a decorated window the compositor places
/// (weston's desktop shell, sway tiling it under its title bar), touched inside the window
/// at coordinates mapped through the window's place, which the harness asks of the
/// compositor. Screenshots after the fingers lift and after a pen leaves: no mark stays.
final class WindowedEndToEndTests: EndToEndTestCase {
    /// Colours are judged against the window's own background in the same screenshot
    /// (weston's desktop shell fades the screen in at start, dimming everything alike).
    private func background(_ image: PNGImage) -> Int {
        Int(image.pixel(x: Int(headlessRun.origin.x) + 700, y: Int(headlessRun.origin.y) + 150).r)
    }

    /// Fraction of the 40 x 40 square around (x, y) clearly darker than the background.
    private func spotCoverage(_ image: PNGImage, x: Int, y: Int) -> Double {
        let reference = background(image)
        return Double(image.count(x: x - 20, y: y - 20, width: 40, height: 40) { Int($0.r) < reference - 30 }) / 1600
    }

    /// Whether the 60 x 60 square around (x, y) is all background.
    private func isBackground(_ image: PNGImage, x: Int, y: Int) -> Bool {
        let reference = background(image)
        return image.count(x: x - 30, y: y - 30, width: 60, height: 60) { abs(Int($0.r) - reference) > 3 } == 0
    }

    /// Two fingers land, move and lift; their spots show while down and are gone after.
    private func fingersLeaveNoMark(on kind: CompositorKind, arguments: [String] = []) throws {
        try startHeadlessRun(compositor: kind, windowed: true, arguments: arguments)
        let origin = headlessRun.origin
        func onScreen(_ x: Double, _ y: Double) -> (Int, Int) { (Int(x + origin.x), Int(y + origin.y)) }
        try headlessRun.send(batch: ["down 1 200 250", "down 2 420 260", "frame"])
        try headlessRun.send(batch: ["motion 1 220 270", "motion 2 440 280", "frame"])
        let down = try headlessRun.screenshot("down.png")
        for (x, y) in [onScreen(220, 270), onScreen(440, 280)] {
            XCTAssertGreaterThan(spotCoverage(down, x: x, y: y), 0.99, "a spot at (\(x), \(y)) on \(kind)")
        }
        try headlessRun.send(batch: ["up 1", "up 2", "frame"])
        let lifted = try headlessRun.screenshot("lifted.png")
        for (x, y) in [onScreen(220, 270), onScreen(440, 280), onScreen(200, 250)] {
            XCTAssertTrue(isBackground(lifted, x: x, y: y), "no spot left at (\(x), \(y)) on \(kind)")
        }
        XCTAssertEqual(try spots().last, 0)
    }

    func testFingersLeaveNoMarkOnSway() throws { try fingersLeaveNoMark(on: .sway) }

    func testFingersLeaveNoMarkOnSwayWithOneBuffer() throws {
        try fingersLeaveNoMark(on: .sway, arguments: ["--single-buffer"])
    }

    func testFingersLeaveNoMarkOnWestonDesktop() throws { try fingersLeaveNoMark(on: .weston) }

    func testFingersLeaveNoMarkOnWestonDesktopWithOneBuffer() throws {
        try fingersLeaveNoMark(on: .weston, arguments: ["--single-buffer"])
    }

    /// A pen's disc (and its hover marker) is gone once the pen leaves proximity.
    private func penLeavesNoMark(arguments: [String] = []) throws {
        try startHeadlessRun(compositor: .sway, windowed: true, arguments: arguments)
        let x = Int(300 + headlessRun.origin.x), y = Int(250 + headlessRun.origin.y)
        try headlessRun.send("tool-in pen 300 250")
        try headlessRun.send(batch: ["tool-tip pen down", "tool-motion pen 300 250 pressure 0.8"])
        _ = try headlessRun.eventLog.waitFor("the pen's tip") { $0.frame?.touches.contains { $0.phase == .began } ?? false }
        let down = try headlessRun.screenshot("pen-down.png")
        XCTAssertFalse(isBackground(down, x: x, y: y), "the pen's disc shows")
        try headlessRun.send("tool-tip pen up")
        try headlessRun.send("tool-out pen")
        _ = try headlessRun.eventLog.waitFor("the pen out") { $0.frame?.hovers.contains { $0.phase == .out } ?? false }
        let out = try headlessRun.screenshot("pen-out.png")
        XCTAssertTrue(isBackground(out, x: x, y: y), "no pen mark left at (\(x), \(y))")
    }

    func testPenLeavesNoMarkOnSway() throws { try penLeavesNoMark() }

    func testPenLeavesNoMarkOnSwayWithOneBuffer() throws { try penLeavesNoMark(arguments: ["--single-buffer"]) }
}
