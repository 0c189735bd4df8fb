import Foundation
import Harness
import EventLogFormat
import ToolSupport
import TouchCore
import XCTest

/// Pens on headless sway 1.7: the wlroots shim's tablet (a pen and an eraser) injects
/// proximity, tip, motion, pressure, tilt and distance; sway forwards them through
/// tablet-v2; touchspots logs them and draws them (docs/pens.md).
final class PenEndToEndTests: EndToEndTestCase {
    /// The pens' frame entries logged so far (negative ids below the mouse's).
    private func penEntries() throws -> [TouchFrame.Entry] {
        try frames().flatMap(\.entries).filter { $0.id < -2 }
    }

    /// Pixels of the pen spot's blue around (x, y).
    private func penBlue(_ image: PNGImage, x: Int, y: Int, half: Int = 70) -> Int {
        image.count(x: x - half, y: y - half, width: 2 * half, height: 2 * half) {
            $0.b > 180 && $0.r < 120 && $0.g < 160
        }
    }

    private func waitForEntry(_ what: String, _ match: @escaping (TouchFrame.Entry) -> Bool) throws -> TouchFrame.Entry {
        let event = try headlessRun.eventLog.waitFor(what) { $0.frame?.entries.contains(where: match) ?? false }
        return event.frame!.entries.first(where: match)!
    }

    /// A stroke: hover, tip down light, firm, lift, out. Positions within 2 px, pressure
    /// within 0.02, tilt within 1 degree of what was injected; the spot grows with
    /// pressure on screen and nothing is left after out.
    func testPenStrokeLogsTheContractAndDrawsPressure() throws {
        try startHeadlessRun(compositor: .sway)
        try headlessRun.send(batch: ["tool-in pen 200 200"])
        try headlessRun.send("tool-motion pen 210 205 distance 0.3")
        let hover = try waitForEntry("hover") { $0.phase == .hover && $0.pen?.distance != nil }
        XCTAssertLessThan(hover.id, -2, "a pen's id is below the mouse's -1 and -2")
        XCTAssertEqual(hover.source, .pen)
        XCTAssertEqual(hover.location.x, 210, accuracy: 2)
        XCTAssertEqual(hover.location.y, 205, accuracy: 2)
        XCTAssertEqual(hover.pen?.distance ?? -1, 0.3, accuracy: 0.02)
        let hovering = try headlessRun.screenshot("pen-hover.png")
        XCTAssertGreaterThan(penBlue(hovering, x: 210, y: 205, half: 14), 20, "the hover marker shows")
        XCTAssertLessThan(penBlue(hovering, x: 210, y: 205, half: 14), 200, "a marker, not a spot")

        // Tip down light and leaning right and up.
        try headlessRun.send(batch: ["tool-tip pen down", "tool-motion pen 300 250 pressure 0.2 tilt 30 -20"])
        let began = try waitForEntry("began") { $0.phase == .began }
        XCTAssertEqual(began.id, hover.id, "one id per tool")
        XCTAssertEqual(began.location.x, 300, accuracy: 2)
        XCTAssertEqual(began.location.y, 250, accuracy: 2)
        XCTAssertEqual(began.pen?.pressure ?? -1, 0.2, accuracy: 0.02)
        XCTAssertNotNil(began.pen?.tiltX)
        XCTAssertEqual(began.pen?.tiltX ?? 0, 30, accuracy: 1)
        XCTAssertEqual(began.pen?.tiltY ?? 0, -20, accuracy: 1)
        let light = try headlessRun.screenshot("pen-light.png")
        let lightBlue = penBlue(light, x: 300, y: 250)

        for step in 1...10 {
            try headlessRun.send("tool-motion pen \(300 + step * 20) 250 pressure \(0.2 + Double(step) * 0.08)")
        }
        let firmEntry = try waitForEntry("moved at full pressure") { $0.phase == .moved && $0.location.x >= 499 }
        XCTAssertEqual(firmEntry.pen?.pressure ?? -1, 1.0, accuracy: 0.02)
        XCTAssertEqual(firmEntry.location.y, 250, accuracy: 2)
        let firm = try headlessRun.screenshot("pen-firm.png")
        let firmBlue = penBlue(firm, x: 500, y: 250)
        XCTAssertGreaterThan(lightBlue, 300, "a light pen spot shows (\(lightBlue) px)")
        XCTAssertGreaterThan(firmBlue, 4 * lightBlue, "pressure 1.0 draws a far larger spot than 0.2")
        XCTAssertLessThan(penBlue(firm, x: 300, y: 250, half: 20), 20, "the spot left its old place")

        try headlessRun.send("tool-tip pen up")
        let ended = try waitForEntry("ended") { $0.phase == .ended }
        XCTAssertEqual(ended.location.x, 500, accuracy: 2)
        try headlessRun.send("tool-motion pen 520 260")
        _ = try waitForEntry("hover after the lift") { $0.phase == .hover && $0.location.x >= 519 }
        try headlessRun.send("tool-out pen")
        _ = try waitForEntry("out") { $0.phase == .out }
        let after = try headlessRun.screenshot("pen-out.png")
        XCTAssertEqual(after.count(x: 0, y: 0, width: after.width, height: after.height) {
            $0.b > 180 && $0.r < 120 && $0.g < 160
        }, 0, "nothing of the pen after out")

        // The phases in order, repeats folded: hover, the tip's life, hover again, out.
        let phases = try penEntries().map(\.phase).reduce(into: [TouchFrame.Entry.Phase]()) { if $0.last != $1 { $0.append($1) } }
        XCTAssertEqual(phases, [.hover, .began, .moved, .ended, .hover, .out])
        // sway moves the pointer focus to the pen after each tip-up; no mouse finger may come of it.
        XCTAssertFalse(try frames().flatMap(\.touches).contains { $0.source == .pointer },
                       "the pointer sway moves with the pen makes no touch")
        XCTAssertEqual(try spots().last, 0)
    }

    /// The eraser end is its own tool, with its own id and source, drawn as a square.
    func testEraserIsItsOwnTool() throws {
        try startHeadlessRun(compositor: .sway)
        try headlessRun.send(batch: ["tool-in pen 100 100"])
        try headlessRun.send("tool-out pen")
        try headlessRun.send(batch: ["tool-in eraser 400 300"])
        try headlessRun.send(batch: ["tool-tip eraser down", "tool-motion eraser 400 300 pressure 0.6"])
        let began = try waitForEntry("eraser began") { $0.phase == .began }
        XCTAssertEqual(began.source, .eraser)
        let pen = try penEntries().first { $0.source == .pen }
        XCTAssertNotNil(pen)
        XCTAssertNotEqual(began.id, pen?.id, "the eraser is a second tool")
        let image = try headlessRun.screenshot("eraser.png")
        let pink = image.count(x: 330, y: 230, width: 140, height: 140) { $0.r > 200 && $0.g < 160 && $0.b < 180 }
        XCTAssertGreaterThan(pink, 2000, "the eraser's square shows")
        try headlessRun.send("tool-tip eraser up")
        // A button held while hovering shows in the entries until released.
        try headlessRun.send("tool-button eraser 331 press")
        let pressed = try waitForEntry("button held") { $0.pen?.buttons == [331] }
        XCTAssertEqual(pressed.phase, .hover)
        try headlessRun.send("tool-button eraser 331 release")
        try headlessRun.send("tool-motion eraser 410 300")
        let released = try waitForEntry("button released") { $0.phase == .hover && $0.location.x >= 409 }
        XCTAssertEqual(released.pen?.buttons.isEmpty, true, "no button held")
        try headlessRun.send("tool-out eraser")
        _ = try waitForEntry("eraser out") { $0.phase == .out && $0.source == .eraser }
    }

    /// Two fingers and a pen moving right together: the fingers' swipe has two fingers,
    /// never three (the pen's own stroke may be a one-finger swipe of its own).
    func testPenIsNoFingerOfAMultiFingerSwipe() throws {
        try startHeadlessRun(compositor: .sway)
        try headlessRun.send(batch: ["tool-in pen 200 500"])
        try headlessRun.send(batch: ["tool-tip pen down", "tool-motion pen 200 500 pressure 0.5"])
        try headlessRun.send(batch: ["down 1 200 200", "down 2 200 300", "frame"])
        for step in 1...12 {
            let x = 200 + step * 30
            try headlessRun.send(batch: ["motion 1 \(x) 200", "motion 2 \(x) 300", "frame"])
            try headlessRun.send("tool-motion pen \(x) 500 pressure 0.5")
        }
        try headlessRun.send(batch: ["up 1", "up 2", "frame"])
        try headlessRun.send("tool-tip pen up")
        try headlessRun.sync()
        let gestures = try headlessRun.eventLog.events().compactMap(\.gesture)
        XCTAssertTrue(gestures.contains { $0.kind == .swipe && $0.fingers == 2 }, "\(gestures)")
        XCTAssertFalse(gestures.contains { ($0.fingers ?? 0) >= 3 }, "\(gestures)")
    }
}
