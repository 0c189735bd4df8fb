import Foundation
import Harness
import ToolSupport
import TouchRobot
import XCTest

/// The headless demo (what `scripts/run` plays without a Wayland session) shows the
/// instrument off: gestures, the panel and trails, and a contact sheet of its screenshots.
final class DemoEndToEndTests: XCTestCase {
    func testTheDemoPlaysGesturesThePanelAndTrailsAndWritesAContactSheet() throws {
        let directory = "\(Products.buildDirectory)/../e2e/demo"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        let run = try ChildProcess(name: "touchspots-harness", arguments: [harness, "run", "--demo", "--out", directory],
                                   environment: [:], logPath: "\(directory).log")
        XCTAssertEqual(run.wait(timeout: 120), 0, run.logTail())
        let events = try EventLogReader(path: "\(directory)/events.jsonl").events()
        let gestures = events.compactMap(\.gesture).map(Recording.summary)
        XCTAssertTrue(gestures.contains("tap count 2"), "\(gestures)")
        XCTAssertTrue(gestures.contains("swipe horizontal 1 fingers"), "\(gestures)")
        XCTAssertTrue(gestures.contains("pinch outward"), "\(gestures)")
        XCTAssertTrue(gestures.contains("checkmark"), "\(gestures)")
        XCTAssertTrue(events.contains { $0.readout?.touches == 3 }, "the panel showed three fingers")
        // What the panel shows is what a hand on a touchscreen makes: reports at 60-240 Hz
        // (the demo paces 120; a loaded machine only slows it), fingers at a few thousand
        // px/s at most. Unpaced, the demo's pinch showed 6,017 Hz and 174,556 px/s.
        let fingers = events.compactMap(\.readout).flatMap(\.fingers)
        let rates = fingers.compactMap(\.reportRate), speeds = fingers.compactMap(\.velocity)
        XCTAssertGreaterThan(rates.count, 10, "the panel showed report rates")
        XCTAssertGreaterThan(speeds.filter { $0 > 100 }.count, 10, "the panel showed fingers moving")
        for rate in rates { XCTAssertTrue((40...250).contains(rate), "a report rate of \(rate) Hz") }
        for speed in speeds { XCTAssertLessThanOrEqual(speed, 4_000, "a finger at \(speed) px/s") }
        let sheet = try PNGImage(path: "\(directory)/demo-contact-sheet.png")
        XCTAssertEqual(sheet.width, 3 * 512 + 4 * 8, "three screenshots a row, at half size")
        XCTAssertEqual(sheet.height, 2 * 320 + 3 * 8)
        // The swipe's screenshot shows its trail: the trail's red dots, at whatever fade the
        // screenshot caught them (they fade over a second; under ASan the screenshot comes
        // late enough that their green rose past 120 on the white scene, which CI found).
        let swipe = try PNGImage(path: "\(directory)/demo-2-swipe.png")
        let dots = swipe.count(x: 150, y: 400, width: 400, height: 40) {
            Int($0.r) > 150 && Int($0.r) - Int($0.g) > 40 && Int($0.r) - Int($0.b) > 40
        }
        XCTAssertGreaterThan(dots, 50, "the trail shows")
        EventLogSchema.assertValid(under: directory)
    }
}
