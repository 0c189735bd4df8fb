import Foundation
import Harness
import ToolSupport
import XCTest

/// The instrument panel (key i) on headless weston: the values it shows (and logs as
/// `readout` lines) match a paced stream within stated tolerances: position within 1 px,
/// dx/dy within 1 px, report rate of a 120 Hz stream within 2 %, velocity of a
/// constant-speed drag within 5 %.
final class ReadoutEndToEndTests: EndToEndTestCase {
    func testOneFingerAt120HzMatchesTheStream() throws {
        try startHeadlessRun()
        try key("i")
        try headlessRun.eventLog.waitFor("the panel shows") { $0.readout != nil }
        // 600 px/s right and 150 px/s down for 1.2 s, paced on CLOCK_MONOTONIC.
        let rate = 120.0, frames = 144
        try headlessRun.send(batch: ["down 1 100 150", "frame"])
        let start = MonotonicClock.now()
        var x = 100.0, y = 150.0
        for i in 1...frames {
            MonotonicClock.sleep(until: start + Double(i) / rate)
            x = 100 + 600 * Double(i) / rate
            y = 150 + 150 * Double(i) / rate
            try headlessRun.send(batch: ["motion 1 \(x) \(y)", "frame"])
        }
        // The panel refreshes at most ten times a second, the last time up to 0.1 s after
        // the last frame: wait for that refresh, then look.
        let final = x
        let readout = try XCTUnwrap(try headlessRun.eventLog.waitFor("the panel shows the last frame") {
            ($0.readout?.fingers.first?.location.x ?? 0) >= final - 0.5
        }.readout)
        let image = try headlessRun.screenshot("readout-one-finger.png")
        let finger = try XCTUnwrap(readout.fingers.first)
        XCTAssertEqual(finger.location.x, x, accuracy: 1)
        XCTAssertEqual(finger.location.y, y, accuracy: 1)
        XCTAssertEqual(finger.dx, x - 100, accuracy: 1)
        XCTAssertEqual(finger.dy, y - 150, accuracy: 1)
        XCTAssertEqual(finger.reportRate ?? 0, rate, accuracy: rate * 0.02, "report rate")
        let speed = (600.0 * 600 + 150 * 150).squareRoot()
        XCTAssertEqual(finger.velocity ?? 0, speed, accuracy: speed * 0.05, "velocity")
        XCTAssertEqual(readout.touches, 1)
        XCTAssertFalse(readout.shapeSeen, "weston sends no wl_touch.shape")
        // The panel is drawn at the bottom right, above the scene bar (whose top is at
        // 640 - 8 - 102): light text on its dark background.
        let panel = image.count(x: 1024 - 560, y: 522 - 72, width: 552, height: 72) { $0.r > 200 && $0.g > 200 }
        XCTAssertGreaterThan(panel, 300, "the panel's text shows")
        try headlessRun.send(batch: ["up 1", "frame"])

        // Hidden again: no more readout lines.
        try key("i")
        try headlessRun.sync()
        let count = try headlessRun.eventLog.events().compactMap(\.readout).count
        try headlessRun.send(batch: ["down 2 300 300", "frame"])
        try headlessRun.send(batch: ["up 2", "frame"])
        try headlessRun.sync()
        XCTAssertEqual(try headlessRun.eventLog.events().compactMap(\.readout).count, count)
    }

    func testTenFingersStayReadable() throws {
        try startHeadlessRun()
        try key("i")
        var downs: [String] = []
        for id in 0..<10 { downs.append("down \(id) \(60 + id * 45) \(360 + (id % 3) * 40)") }
        try headlessRun.send(batch: downs + ["frame"])
        for step in 1...5 {
            try headlessRun.send(batch: (0..<10).map { "motion \($0) \(60 + $0 * 45 + step * 4) \(360 + ($0 % 3) * 40)" } + ["frame"])
        }
        try headlessRun.sync()
        _ = try headlessRun.eventLog.waitFor("ten fingers in the panel") { ($0.readout?.fingers.count ?? 0) == 10 }
        try headlessRun.sync()
        let image = try headlessRun.screenshot("readout-ten-fingers.png")
        // Twelve lines of text: the panel (12 + 12 x 20 px tall, above the scene bar) has
        // text in its upper part too.
        let lowerText = image.count(x: 1024 - 560, y: 522 - 252, width: 552, height: 60) { $0.r > 200 && $0.g > 200 }
        XCTAssertGreaterThan(lowerText, 150, "the tenth finger's line is drawn")
        try headlessRun.send(batch: (0..<10).map { "up \($0)" } + ["frame"])
    }
}
