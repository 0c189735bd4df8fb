import Foundation
import Harness
import EventLogFormat
import XCTest

/// touchspots measures its own touch-to-screen latency with wp_presentation: a `presented`
/// (or `discarded`) line for every commit that draws touches, with plausible values, and
/// the panel shows the percentiles.
final class LatencyEndToEndTests: EndToEndTestCase {
    /// Two fingers moving at 60 Hz for a second; returns how many wp_presentation.feedback
    /// requests touchspots made (as the compositor counted them, or from touchspots' own
    /// WAYLAND_DEBUG log where the compositor cannot count) and the presented lines.
    private func streamAndRead(countFromClientLog: Bool = false) throws -> (requested: Int, lines: [LogPresented]) {
        try headlessRun.send(batch: ["down 1 300 300", "down 2 600 300", "frame"])
        let start = Date()
        for step in 1...60 {
            let due = start.addingTimeInterval(Double(step) / 60)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }  // pacing the stream, not syncing
            try headlessRun.send(batch: ["motion 1 \(300 + step * 3) 300", "motion 2 \(600 - step * 3) 300", "frame"])
        }
        try headlessRun.sync()
        let requested = countFromClientLog
            ? try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
                .split(separator: "\n").filter { $0.contains("-> wp_presentation@") && $0.contains(".feedback(") }.count
            : Int(try headlessRun.send("requests wp_presentation.feedback")) ?? -1
        XCTAssertGreaterThan(requested, 10, "commits that drew touches asked for feedback")
        // Every feedback is answered once the compositor has repainted.
        try headlessRun.eventLog.waitUntil("a presented or discarded line for every feedback") {
            $0.compactMap(\.presented).count >= requested
        }
        return (requested, try headlessRun.eventLog.presentations())
    }

    private func checkPlausible(_ lines: [LogPresented], requested: Int, refresh: ClosedRange<Double>) {
        // Every touch frame is committed at once (docs/architecture.md, "Drawing"), so a
        // commit followed by another before the compositor's next repaint is discarded
        // (mutter says so for about half of them at a 60 Hz stream): every feedback is
        // answered, and the presented ones cover the stream, at least one per 50 ms of it.
        let presented = lines.filter { $0.discarded != true }
        // The first touch after the window appeared is read at once: nothing touchspots
        // does once shown holds the loop (the stroke files, read there once, held it for
        // 250 ms in a debug build: StrokeFiles.load).
        if let first = lines.min(by: { $0.commit < $1.commit }) {
            XCTAssertLessThan(first.inputToReadMs ?? 1e9, 100, "the first touch waited to be read: \(first)")
        }
        XCTAssertGreaterThanOrEqual(lines.count, requested, "a presented or discarded line for every feedback")
        XCTAssertGreaterThanOrEqual(presented.count, 20,
                                    "presented lines through the 1 s stream: \(presented.count) of \(requested)")
        XCTAssertEqual(Set(lines.map(\.commit)).count, lines.count, "one line per commit")
        for line in presented {
            XCTAssertGreaterThanOrEqual(line.touchToCommitMs, 0)
            XCTAssertLessThan(line.touchToCommitMs, 100, "commit \(line.commit)")
            let present = line.touchToPresentMs
            XCTAssertNotNil(present, "the touch time fits a clock: commit \(line.commit)")
            XCTAssertGreaterThanOrEqual(present ?? -1, line.touchToCommitMs - 1,
                                        "the screen shows it after the commit: \(line)")
            XCTAssertLessThan(present ?? 1e9, 500, "commit \(line.commit)")
            XCTAssertTrue(refresh.contains(line.refreshMs ?? 0), "refresh \(String(describing: line.refreshMs))")
        }
    }

    func testPresentedLinesOnWeston() throws {
        try startHeadlessRun()
        let (requested, lines) = try streamAndRead()
        checkPlausible(lines, requested: requested, refresh: 5...50)
        // The panel's fourth line shows the percentiles.
        let image = try headlessRun.screenshot("latency-panel.png")
        let text = image.count(x: 8, y: 640 - 30, width: 500, height: 24) { $0.r < 140 }
        XCTAssertGreaterThan(text, 300, "the latency line is drawn")
    }

    func testPresentedLinesOnSway() throws {
        try startHeadlessRun(compositor: .sway)
        let (requested, lines) = try streamAndRead()
        checkPlausible(lines, requested: requested, refresh: 5...50)
    }

    func testPresentedLinesOnMutter() throws {
        try startHeadlessRun(compositor: .mutter, environment: ["WAYLAND_DEBUG": "client"])
        let (requested, lines) = try streamAndRead(countFromClientLog: true)
        checkPlausible(lines, requested: requested, refresh: 5...50)
    }
}
