import Foundation
import Harness
import XCTest

/// Record and replay (docs/replay.md): the example recordings in Tests/Fixtures, written
/// for these tests, replayed through real compositors to a fresh touchspots.
final class ReplayEndToEndTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    private func directory(_ name: String) -> String {
        let path = "\(Products.buildDirectory)/../replay/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    private func replayLog(on kind: CompositorKind) throws -> Replay.Report {
        let recording = try Recording(eventLog: "\(fixtures)/recorded-gestures.jsonl")
        XCTAssertFalse(recording.gestures.isEmpty, "the example recording holds gestures")
        let folder = directory("log-\(kind.rawValue)")
        let report = try Replay.run(recording, compositor: kind, directory: folder, name: "recorded-gestures.jsonl")
        EventLogSchema.assertValid(under: folder)
        return report
    }

    func testARecordedLogReplaysOnWestonWithTheSameGesturesAndLabels() throws {
        let report = try replayLog(on: .weston)
        XCTAssertTrue(report.gesturesMatch, report.text)
        XCTAssertTrue(report.labelsMatch, report.text)
        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.framesPlayed, 26)
    }

    func testARecordedLogReplaysOnSwayWithTheSameGesturesAndLabels() throws {
        let report = try replayLog(on: .sway)
        XCTAssertTrue(report.gesturesMatch, report.text)
        XCTAssertTrue(report.labelsMatch, report.text)
    }

    func testALibinputRecordingImportsAndReplays() throws {
        let recording = try Recording(libinputRecord: "\(fixtures)/libinput-two-finger-swipe.yaml", width: 1024, height: 640)
        XCTAssertEqual(recording.frames.count, 41, "one frame per SYN_REPORT")
        XCTAssertEqual(recording.frames.first?.touches.map(\.phase), ["began", "began"])
        XCTAssertEqual(recording.frames.first?.touches.first?.x ?? 0, 1000.0 / 4095 * 1024, accuracy: 0.01)
        XCTAssertEqual(recording.frames.last?.touches.map(\.phase), ["ended", "ended"])
        XCTAssertEqual(recording.frames[1].time - recording.frames[0].time, 8, "evdev times in ms")
        let report = try Replay.run(recording, compositor: .weston, directory: directory("libinput"),
                                    name: "libinput-two-finger-swipe.yaml")
        XCTAssertEqual(report.replayedGestures, ["swipe horizontal 2 fingers"], report.text)
        XCTAssertTrue(report.replayedLabels.contains { $0.hasPrefix("swipe:") }, report.text)
    }

    func testAChangedRecordingFailsTheComparison() throws {
        var recording = try Recording(eventLog: "\(fixtures)/recorded-gestures.jsonl")
        recording.gestures.append("checkmark")
        let report = try Replay.run(recording, compositor: .weston, directory: directory("changed"), name: "changed")
        XCTAssertFalse(report.gesturesMatch)
        XCTAssertFalse(report.passed)
        XCTAssertTrue(report.text.contains("DIFFERENT"))
    }

    func testNotAnEventLogIsAClearError() throws {
        let path = NSTemporaryDirectory() + "not-a-log-\(UUID().uuidString).jsonl"
        try "hello\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try Recording(eventLog: path)) { XCTAssertTrue("\($0)".contains("event log")) }
        let yaml = NSTemporaryDirectory() + "not-libinput-\(UUID().uuidString).yaml"
        try "devices: 3\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: yaml) }
        XCTAssertThrowsError(try Recording(libinputRecord: yaml, width: 100, height: 100)) {
            XCTAssertTrue("\($0)".contains("libinput"), "\($0)")
        }
    }
}
