import Foundation
import Harness
import EventLogFormat
import ToolSupport
import TouchCore
import XCTest

/// Each gesture played through weston: the event log reports it, the screen shows its
/// label, and the label is gone after its timeout.
final class GesturesEndToEndTests: EndToEndTestCase {
    /// Vertical band of each label slot at 1024 x 640 (unit 1.0667): guide 4...38,
    /// then 38.4 px per slot from y 46.9.
    private func slotBand(_ slot: LabelSlot) -> (y: Int, height: Int) {
        let index = LabelSlot.allCases.firstIndex(of: slot)!
        let unit = 1024.0 / 800 > 640.0 / 600 ? 640.0 / 600 : 1024.0 / 800
        let top = 4 * unit + 32 * unit + 8 * unit + Double(index) * 36 * unit
        return (Int(top.rounded()), Int((36 * unit).rounded()))
    }

    private func darkPixels(_ image: PNGImage, slot: LabelSlot) -> Int {
        let band = slotBand(slot)
        return image.count(x: 0, y: band.y + 2, width: image.width, height: band.height - 4) { $0.r < 100 }
    }

    @discardableResult
    private func gestureEvent(_ kind: Gesture.Kind) throws -> Gesture {
        try headlessRun.eventLog.waitFor("gesture \(kind.rawValue)") { $0.gesture?.kind == kind }.gesture!
    }

    /// When the last batch of touches was sent: the label that batch completes cannot show
    /// before it, so it cannot clear before this plus its duration, however slowly the
    /// harness reads the log.
    private var lastSent = Date()

    private func send(batch: [String]) throws {
        lastSent = Date()
        try headlessRun.send(batch: batch)
    }

    /// Waits for the label to show, checks it on screen, waits for it to clear, checks again.
    private func checkLabel(slot: LabelSlot, text: String, duration: Double, name: String) throws {
        let sent = lastSent
        let shown = try headlessRun.eventLog.waitFor("label '\(text)'") {
            $0.label.map { $0.slot == slot && $0.text == text } ?? false
        }
        // Timed from the moment the label's line is read, not after the screenshot: a
        // screenshot syncs with the client first, which takes a while under the sanitizer.
        let start = Date()
        XCTAssertEqual(shown, .label(text: text, slot: slot))
        let image = try headlessRun.screenshot("\(name)-label.png")
        XCTAssertGreaterThan(darkPixels(image, slot: slot), 300, "\(text) is drawn")
        try headlessRun.eventLog.waitFor(timeout: duration + 3, "label \(slot.rawValue) cleared") {
            $0.label.map { $0.slot == slot && $0.text.isEmpty } ?? false
        }
        let clearedAt = Date()
        // Not too soon: measured from the touches that made the label, which it cannot
        // precede (a late read of the label's line, on a loaded machine, once made the
        // time from that read 1.08 s of 1.6). Not too late: measured from the read, which
        // is after the label showed.
        XCTAssertGreaterThanOrEqual(clearedAt.timeIntervalSince(sent), duration - 0.05, "label kept at least \(duration) s")
        XCTAssertLessThanOrEqual(clearedAt.timeIntervalSince(start), duration + 0.5, "label kept about \(duration) s")
        let cleared = try headlessRun.screenshot("\(name)-cleared.png")
        XCTAssertEqual(darkPixels(cleared, slot: slot), 0, "\(text) is gone")
    }

    func testDoubleTap() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 500 400", "frame"])
        try send(batch: ["up 1", "frame"])
        try send(batch: ["down 1 503 402", "frame"])
        try send(batch: ["up 1", "frame"])
        XCTAssertEqual(try gestureEvent(.tap), .tap(count: 2))
        try checkLabel(slot: .tap, text: "Double Tap Detected", duration: 1.6, name: "double-tap")
        XCTAssertEqual(try headlessRun.eventLog.events(of: .gesture).count, 1, "only the final count")
    }

    func testTripleVerticalSwipe() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 300 200", "down 2 400 200", "down 3 500 200", "frame"])
        for step in 1...6 {
            let y = 200 + step * 8
            try send(batch: ["motion 1 300 \(y)", "motion 2 400 \(y)", "motion 3 500 \(y)", "frame"])
        }
        try send(batch: ["up 1", "up 2", "up 3", "frame"])
        XCTAssertEqual(try gestureEvent(.swipe), .swipe(.vertical, fingers: 3))
        try checkLabel(slot: .swipe, text: "Triple Vertical Swipe Detected", duration: 2.0, name: "swipe")
    }

    func testOutwardPinch() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 450 400", "down 2 550 400", "frame"])
        for step in 1...8 {
            try send(batch: ["motion 1 \(450 - step * 10) 400", "motion 2 \(550 + step * 10) 400", "frame"])
        }
        try send(batch: ["up 1", "up 2", "frame"])
        XCTAssertEqual(try gestureEvent(.pinch), .pinch(.outward))
        try checkLabel(slot: .pinch, text: "Outward Pinch", duration: 1.6, name: "pinch")
    }

    func testCheckmark() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 400 300", "frame"])
        var x = 400.0, y = 300.0
        for _ in 0..<15 {
            x += 2; y += 2
            try send(batch: ["motion 1 \(x) \(y)", "frame"])
        }
        for _ in 0..<20 {
            x += 2; y -= 4
            try send(batch: ["motion 1 \(x) \(y)", "frame"])
        }
        try send(batch: ["up 1", "frame"])
        try gestureEvent(.checkmark)
        try checkLabel(slot: .checkmark, text: "Checkmark", duration: 1.6, name: "checkmark")
    }

    // MARK: Long press, rotation, edge swipes (and what must not count as them)

    /// A held finger: one long press while it is still down, its label, no tap after, and
    /// no further commits while it stays still.
    func testLongPress() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 500 400", "frame"])
        XCTAssertEqual(try gestureEvent(.longPress), .longPress(fingers: 1))
        try checkLabel(slot: .longPress, text: "Long Press Detected", duration: 1.6, name: "longpress")
        let commits = Int(try headlessRun.send("commits")) ?? -1
        usleep(500_000)  // measuring idleness over half a second, not waiting for an event
        XCTAssertEqual(Int(try headlessRun.send("commits")), commits, "a held finger idles")
        try send(batch: ["up 1", "frame"])
        try headlessRun.sync()
        let kinds = try headlessRun.eventLog.gestures().map(\.kind)
        XCTAssertEqual(kinds, [.longPress], "no tap from the hold")
    }

    /// A slow drag lasting a second is no long press.
    func testSlowDragIsNoLongPress() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 300 400", "frame"])
        for step in 1...20 {
            usleep(50_000)  // pacing a slow finger, not syncing
            try send(batch: ["motion 1 \(300 + step * 3) 400", "frame"])
        }
        try send(batch: ["up 1", "frame"])
        try headlessRun.sync()
        XCTAssertFalse(try headlessRun.eventLog.gestures().contains { $0.kind == .longPress })
    }

    /// Two fingers turned a quarter turn clockwise: one rotation line at the lift, and its label.
    func testRotation() throws {
        try startHeadlessRun()
        func positions(_ degrees: Double) -> [String] {
            let a = degrees * Double.pi / 180
            return [String(format: "1 %.2f %.2f", 512 - 150 * cos(a), 320 - 150 * sin(a)),
                    String(format: "2 %.2f %.2f", 512 + 150 * cos(a), 320 + 150 * sin(a))]
        }
        try send(batch: positions(0).map { "down \($0)" } + ["frame"])
        for step in 1...18 { try send(batch: positions(Double(step) * 5).map { "motion \($0)" } + ["frame"]) }
        try send(batch: ["up 1", "up 2", "frame"])
        guard case .rotation(let direction, let degrees) = try gestureEvent(.rotation) else { return XCTFail("not a rotation") }
        XCTAssertEqual(direction, .clockwise)
        XCTAssertEqual(Double(degrees), 90, accuracy: 1)
        try checkLabel(slot: .rotation, text: "Rotated 90 degrees clockwise", duration: 1.6, name: "rotation")
    }

    /// Two fingers moving apart on a line: a pinch, no rotation.
    func testPinchWithoutTurnIsNoRotation() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 450 320", "down 2 574 320", "frame"])
        for step in 1...10 {
            try send(batch: ["motion 1 \(450 - step * 10) \(320 + step % 2)", "motion 2 \(574 + step * 10) 320", "frame"])
        }
        try send(batch: ["up 1", "up 2", "frame"])
        XCTAssertEqual(try gestureEvent(.pinch), .pinch(.outward))
        try headlessRun.sync()
        XCTAssertFalse(try headlessRun.eventLog.gestures().contains { $0.kind == .rotation })
    }

    /// A finger from the window's left edge to the right: an edge swipe instead of a swipe.
    func testEdgeSwipeFromTheLeft() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 6 300", "frame"])
        for step in 1...8 { try send(batch: ["motion 1 \(6 + step * 20) 301", "frame"]) }
        try send(batch: ["up 1", "frame"])
        XCTAssertEqual(try gestureEvent(.edgeSwipe), .edgeSwipe(.left, fingers: 1))
        try checkLabel(slot: .swipe, text: "Swipe from the Left Edge", duration: 2.0, name: "edgeswipe")
        XCTAssertFalse(try headlessRun.eventLog.gestures().contains { $0.kind == .swipe }, "instead of, not besides")
    }

    /// The same stroke from the middle of the window: a plain swipe.
    func testSwipeFromTheMiddleIsNoEdgeSwipe() throws {
        try startHeadlessRun()
        try send(batch: ["down 1 400 300", "frame"])
        for step in 1...8 { try send(batch: ["motion 1 \(400 + step * 20) 301", "frame"]) }
        try send(batch: ["up 1", "frame"])
        guard case .swipe(.horizontal, _) = try gestureEvent(.swipe) else { return XCTFail("not a horizontal swipe") }
        XCTAssertFalse(try headlessRun.eventLog.gestures().contains { $0.kind == .edgeSwipe })
    }
}
