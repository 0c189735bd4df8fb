import Foundation
import Harness
import TouchCore
import XCTest

/// Fingers on a real (headless) weston: what touchspots logs and what the screen shows.
final class SpotsEndToEndTests: EndToEndTestCase {
    func testWindowIsReadyAtTheOutputSize() throws {
        try startHeadlessRun(width: 900, height: 560)
        let ready = try headlessRun.eventLog.events().compactMap(\.ready)
        XCTAssertEqual(ready.count, 1)
        XCTAssertEqual(ready.first?.width, 900, "kiosk-shell fullscreen size")
        XCTAssertEqual(ready.first?.height, 560)
        XCTAssertEqual(ready.first?.scale, 1)
        let image = try headlessRun.screenshot("ready.png")
        XCTAssertEqual(image.width, 900)
        // The guide label: dark text pixels in the top band, none below it.
        let text = image.count(x: 0, y: 0, width: 900, height: 60) { $0.r < 140 }
        XCTAssertGreaterThan(text, 200, "the guide label is drawn")
        // Nothing else but the scene bar at the bottom-right (x >= 772).
        XCTAssertEqual(image.count(x: 0, y: 80, width: 760, height: 480) { !$0.isGray(255, tolerance: 0) }, 0)
        XCTAssertGreaterThan(image.count(x: 772, y: 440, width: 128, height: 120) { !$0.isGray(255, tolerance: 0) }, 1000)
    }

    func testFingersLandMoveAndLiftOverSeveralFrames() throws {
        try startHeadlessRun()
        try headlessRun.send(batch: ["down 1 200 300", "down 2 500 320.5", "down 3 800 300", "frame"])
        try headlessRun.send(batch: ["motion 1 220 310", "motion 2 520 340.25", "frame"])
        try headlessRun.send(batch: ["motion 3 780 280", "frame"])
        let moved = try headlessRun.screenshot("three-fingers.png")
        for (x, y) in [(220, 310), (520, 340), (780, 280)] {
            XCTAssertGreaterThan(spotCoverage(moved, x: x, y: y), 0.99, "a spot at (\(x), \(y))")
        }
        XCTAssertTrue(isBackground(moved, x: 200, y: 200), "nothing where no finger is")

        try headlessRun.send(batch: ["up 2", "frame"])
        try headlessRun.send(batch: ["motion 1 240 330", "frame"])
        // The last two lift in one frame, and weston 10 sends no frame after it.
        try headlessRun.send(batch: ["up 1", "up 3"])
        let lifted = try headlessRun.screenshot("lifted.png")
        for (x, y) in [(240, 330), (520, 340), (780, 280)] {
            XCTAssertTrue(isBackground(lifted, x: x, y: y), "no spot left at (\(x), \(y))")
        }
        XCTAssertGreaterThan(lifted.count(x: 0, y: 0, width: 1024, height: 60) { $0.r < 140 }, 200,
                             "the guide label is still drawn")

        let frames = try frames()
        XCTAssertEqual(frames.map(phases), [
            ["1 began", "2 began", "3 began"],
            ["1 moved", "2 moved"],
            ["3 moved"],
            ["2 ended"],
            ["1 moved"],
            ["1 ended", "3 ended"],
        ])
        XCTAssertEqual(try spots(), [3, 3, 3, 2, 2, 0])
        let expected: [(Int, Int32, Double, Double)] = [
            (0, 2, 500, 320.5), (1, 2, 520, 340.25), (2, 3, 780, 280), (3, 2, 520, 340.25),
            (5, 1, 240, 330), (5, 3, 780, 280),
        ]
        for (index, id, x, y) in expected {
            let p = try XCTUnwrap(position(frames[index], id: id))
            XCTAssertEqual(p.0, x, accuracy: 0.5, "frame \(index) touch \(id) x")
            XCTAssertEqual(p.1, y, accuracy: 0.5, "frame \(index) touch \(id) y")
        }
        let times = frames.map(\.time)
        XCTAssertEqual(times, times.sorted(), "compositor times never go back")
    }

    /// The weston 10 quirks in Sources/TouchspotsWeston/quirks.c: a frame after the last up,
    /// and a cancel, both reach the client on the wire.
    func testWeston10QuirksDeliverFrameAfterLastUpAndCancel() throws {
        try startHeadlessRun(environment: ["WAYLAND_DEBUG": "client"])
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        try headlessRun.send(batch: ["up 1", "frame"])
        try headlessRun.sync()
        func wire() throws -> [String] {
            try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
                .split(separator: "\n").map(String.init)
                .filter { $0.contains("wl_touch@") && !$0.contains("->") }
        }
        let events = try wire()
        let up = try XCTUnwrap(events.lastIndex { $0.contains(".up(") })
        XCTAssertTrue(events[(up + 1)...].contains { $0.contains(".frame()") }, "frame after the last up: \(events)")
        try headlessRun.send(batch: ["down 2 300 300", "frame"])
        try headlessRun.send("cancel")
        try headlessRun.sync()
        XCTAssertTrue(try wire().contains { $0.contains(".cancel()") }, "wl_touch.cancel on the wire")
    }

    /// The client's requests after a move of one finger (WAYLAND_DEBUG lines).
    private func requestsForAMove(arguments: [String] = []) throws -> [Substring] {
        try startHeadlessRun(arguments: arguments, environment: ["WAYLAND_DEBUG": "client"])
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        try headlessRun.sync()  // grown and drawn
        let before = try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
            .split(separator: "\n").count
        try headlessRun.send(batch: ["motion 1 340 300", "frame"])
        try headlessRun.sync()
        return Array(try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
            .split(separator: "\n").dropFirst(before))
    }

    private func damageRects(_ lines: [Substring]) -> [[Int]] {
        lines.filter { $0.contains("damage_buffer(") }.map { line -> [Int] in
            let inner = line.split(separator: "(").last!.split(separator: ")").first!
            return inner.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces))! }
        }
    }

    /// With the spot on a subsurface of its own, a move is one set_position to the spot's
    /// new top-left corner: no spot pixels are drawn or damaged, only label strips whose
    /// text changed (the panel's "Touches Moved").
    func testAMoveOnlyRepositionsTheSpotsSubsurface() throws {
        let lines = try requestsForAMove()
        let positions = lines.filter { $0.contains("wl_subsurface") && $0.contains("set_position(") }
        XCTAssertEqual(positions.count, 1, "one set_position: \(positions)")
        XCTAssertTrue(positions.first?.hasSuffix("set_position(290, 250)") ?? false, "\(positions)")
        XCTAssertFalse(lines.contains { $0.contains("wl_subcompositor") }, "no new subsurface for a move")
        let damage = damageRects(lines)
        for rect in damage {
            XCTAssertLessThanOrEqual(rect[3], 45, "\(rect) is a label strip, not the spot")
        }
        let moved = try headlessRun.screenshot("moved.png")
        XCTAssertGreaterThan(spotCoverage(moved, x: 340, y: 300), 0.99, "the spot is at its new place")
        XCTAssertTrue(isBackground(moved, x: 300 - 45, y: 300), "and gone from the old one")
    }

    /// Layers lie above everything the window draws, and a spot must never hide a trail:
    /// while trails are shown the spots are drawn into the window's buffer (no subsurface),
    /// and the trail's dots show over the spot; hidden again, a new finger gets a layer.
    func testTrailsShownKeepTheSpotsInTheWindowsBuffer() throws {
        try startHeadlessRun(arguments: ["--trails"], environment: ["WAYLAND_DEBUG": "client"])
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        for step in 1...4 {
            try headlessRun.send(batch: ["motion 1 \(300 + step * 10) 300", "frame"])
        }
        let image = try headlessRun.screenshot("trails-over-spot.png")
        let red = image.count(x: 300, y: 295, width: 40, height: 10) { $0.r > 180 && $0.g < 100 && $0.b < 100 }
        XCTAssertGreaterThan(red, 10, "the trail's dots show over the spot")
        var log = try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
        XCTAssertFalse(log.contains("get_subsurface"), "no layer while trails are shown")
        try headlessRun.send(batch: ["up 1", "frame"])
        try key("t")  // trails off
        try headlessRun.sync()
        try headlessRun.send(batch: ["down 2 600 300", "frame"])
        let spot = try headlessRun.screenshot("layer-again.png")
        XCTAssertGreaterThan(spotCoverage(spot, x: 600, y: 300), 0.99)
        log = try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
        XCTAssertTrue(log.contains("wl_subcompositor") && log.contains("get_subsurface"), "a layer once trails are hidden")
    }

    /// Drawn into the window's one buffer (`--single-buffer`), a moving finger damages its
    /// spot's old and new place, not the window.
    func testASingleBufferMoveDamagesOnlyTheSpot() throws {
        let lines = try requestsForAMove(arguments: ["--single-buffer"])
        XCTAssertFalse(lines.contains { $0.contains("wl_subsurface") }, "no subsurface: \(lines)")
        let damage = damageRects(lines)
        XCTAssertFalse(damage.isEmpty, "the move was drawn")
        // The spot's old and new place (merged into one rectangle, as they overlap), plus
        // one-line strips for labels whose text changed (the panel's "Touches Moved", the
        // swipe label): never the window.
        let spots = damage.filter { $0[2] <= 160 && $0[3] <= 110 }
        XCTAssertTrue(spots.contains { $0[0] <= 290 && $0[0] + $0[2] >= 390 }, "the spot's new place: \(damage)")
        for rect in damage where !spots.contains(rect) {
            XCTAssertLessThanOrEqual(rect[3], 45, "\(rect) is a label strip")
        }
        let area = damage.reduce(0) { $0 + $1[2] * $1[3] }
        XCTAssertLessThan(area, 1024 * 640 / 10, "under a tenth of the window: \(damage)")
    }

    func testCancelWithFingersDownRemovesEverySpot() throws {
        try startHeadlessRun()
        try headlessRun.send(batch: ["down 10 300 300", "down 11 600 300", "frame"])
        let down = try headlessRun.screenshot("down.png")
        XCTAssertGreaterThan(spotCoverage(down, x: 300, y: 300), 0.99)
        XCTAssertGreaterThan(spotCoverage(down, x: 600, y: 300), 0.99)
        try headlessRun.send("cancel")
        let cancelled = try headlessRun.screenshot("cancelled.png")
        XCTAssertTrue(isBackground(cancelled, x: 300, y: 300))
        XCTAssertTrue(isBackground(cancelled, x: 600, y: 300))
        let last = try XCTUnwrap(frames().last)
        XCTAssertEqual(phases(last), ["10 cancelled", "11 cancelled"])
        XCTAssertEqual(try spots().last, 0)
        // Fingers after a cancel start afresh.
        try headlessRun.send(batch: ["down 10 100 500", "frame"])
        let again = try headlessRun.screenshot("again.png")
        XCTAssertGreaterThan(spotCoverage(again, x: 100, y: 500), 0.99)
    }

    func testSpotsAreSharpAtScaleTwo() throws {
        try startHeadlessRun(width: 800, height: 500, scale: 2)
        let ready = try XCTUnwrap(headlessRun.eventLog.events().compactMap(\.ready).first)
        XCTAssertEqual(ready.width, 800)
        XCTAssertEqual(ready.scale, 2)
        try headlessRun.send(batch: ["down 1 400 250", "frame"])
        let image = try headlessRun.screenshot("scale2.png")
        XCTAssertEqual(image.width, 1600, "the output is 2x")
        XCTAssertGreaterThan(spotCoverage(image, x: 400, y: 250, radius: 40, scale: 2), 0.99)
        // A 100 logical px spot is 200 buffer px wide, with an edge at most 2 px soft.
        let row = (0..<1600).map { image.pixel(x: $0, y: 500) }
        let grey = row.filter { $0.isGray(170, tolerance: 6) }.count
        let partial = row.filter { !$0.isGray(170, tolerance: 6) && !$0.isGray(255, tolerance: 0) }.count
        XCTAssertEqual(grey, 200, accuracy: 3)
        XCTAssertLessThanOrEqual(partial, 4, "antialiased edge, not a blurry upscale")
    }

    /// Returns once `pid` sleeps in poll (syscall 7 on x86_64): it has nothing left to do.
    private func waitUntilBlockedInPoll(_ pid: pid_t) throws {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            let call = try String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8).split(separator: " ").first
            if state == "S" && (call == "7" || call == "271") { return }
            sched_yield()
        }
        XCTFail("touchspots never went back to sleep in poll")
    }

    /// Voluntary context switches: every return from poll counts one.
    private func wakeups(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") })
        return Int(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces))!
    }

    /// A held finger is a long press (issue 15, on purpose): its label comes and goes once,
    /// and then nothing wakes touchspots while the finger stays still.
    func testIdleWindowCommitsNothing() throws {
        try startHeadlessRun()
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        try headlessRun.eventLog.waitFor(timeout: 5, "the long-press label cleared") {
            $0.label.map { $0.slot == .longPress && $0.text.isEmpty } ?? false
        }
        try headlessRun.sync()  // the spot has finished growing, the label is gone
        let before = try headlessRun.send("commits")
        // The sync ends with touchspots' last pong; its return to a blocking poll after
        // that is the end of that work, not a wake-up, so count from when it sleeps there.
        try waitUntilBlockedInPoll(headlessRun.client.pid)
        let wakeupsBefore = try wakeups(of: headlessRun.client.pid)
        usleep(600_000)  // a measured idle period, not a synchronisation
        XCTAssertEqual(try wakeups(of: headlessRun.client.pid), wakeupsBefore,
                       "touchspots did not wake up at all while idle")
        try headlessRun.sync()
        XCTAssertEqual(try headlessRun.send("commits"), before, "no commits while nothing moves")
        try headlessRun.send(batch: ["motion 1 310 300", "frame"])
        try headlessRun.sync()
        XCTAssertNotEqual(try headlessRun.send("commits"), before, "a move is drawn")
    }

    /// The same with the instrument panel and trails shown: once the trail has faded and
    /// the panel shows the last frame, nothing wakes touchspots.
    func testIdleWithThePanelAndTrailsShownStaysIdle() throws {
        try startHeadlessRun(arguments: ["--panel", "--trails"])
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        for step in 1...20 { try headlessRun.send(batch: ["motion 1 \(300 + step * 10) 300", "frame"]) }
        try headlessRun.send(batch: ["up 1", "frame"])
        _ = try headlessRun.eventLog.waitFor("the panel shows the lift") { $0.readout?.touches == 0 && $0.readout?.maxTouches == 1 }
        // The trail fades over a second; the tap and swipe labels clear in a few.
        try headlessRun.eventLog.waitFor(timeout: 5, "the swipe label cleared") {
            $0.label.map { $0.slot == .swipe && $0.text.isEmpty } ?? false
        }
        try headlessRun.sync()
        let before = try headlessRun.send("commits")
        try waitUntilBlockedInPoll(headlessRun.client.pid)
        let wakeupsBefore = try wakeups(of: headlessRun.client.pid)
        usleep(600_000)  // a measured idle period, not a synchronisation
        XCTAssertEqual(try wakeups(of: headlessRun.client.pid), wakeupsBefore, "no wake-ups with the panel and trails shown")
        try headlessRun.sync()
        XCTAssertEqual(try headlessRun.send("commits"), before, "no commits while nothing moves")
    }
}
