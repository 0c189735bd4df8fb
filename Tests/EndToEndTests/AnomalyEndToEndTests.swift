import Foundation
import Harness
import EventLogFormat
import XCTest

/// An anomaly on screen, from a real compositor: cage 0.1.4 sends no wl_touch.frame at all.
/// The log warns once with its kind and the banner counts it where a person sees it.
final class AnomalyEndToEndTests: EndToEndTestCase {
    func testCageSendingNoFramesIsShownOnScreen() throws {
        try startHeadlessRun(compositor: .cage)
        try headlessRun.send("down 1 300 300")
        for step in 1...10 {
            try headlessRun.send("motion 1 \(300 + step * 10) 300")
            try headlessRun.sync()
        }
        let warning = try headlessRun.eventLog.waitFor("the no-frames warning") { $0.warningKind == .anomaly(.noFrames) }
        XCTAssertNotNil(warning.warning)
        let image = try headlessRun.screenshot("cage-no-frames.png")
        // The banner: dark red, top left, with light text.
        let red = image.count(x: 8, y: 44, width: 440, height: 50) { $0.r > 90 && $0.r < 150 && $0.g < 60 && $0.b < 60 }
        let text = image.count(x: 8, y: 44, width: 440, height: 50) { $0.r > 200 && $0.g > 200 && $0.b > 200 }
        XCTAssertGreaterThan(red, 5000, "the banner shows")
        XCTAssertGreaterThan(text, 100, "with its text")
        XCTAssertEqual(try headlessRun.eventLog.events().filter { $0.warningKind == .anomaly(.noFrames) }.count, 1, "said once")
        try headlessRun.send("up 1")
    }
}
