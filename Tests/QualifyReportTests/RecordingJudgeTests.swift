import EventLogFormat
import Foundation
import Harness
import LibinputRecord
import QualifyReport
import TouchCore
import XCTest

/// The robot's quick-plan run on weston as a `libinput record` (Tests/Fixtures/qualify-quick-
/// weston.yaml, its log's touchscreen frames written by `LibinputRecordWriter`), judged by
/// replaying it through the core's qualify scene: the live run's verdicts, and its figures
/// but for what a recording's microseconds move (a report rate's thousandths).
final class RecordingJudgeTests: XCTestCase {
    static let yaml = OfflineJudgeTests.fixture("qualify-quick-weston.yaml")
    static let screen = (width: 1280, height: 800)

    /// The YAML is the log's run: written again from the log, it is the same file.
    func testTheRecordingIsTheLogsRun() throws {
        let lines = try OfflineJudgeTests.lines("qualify-quick-weston.jsonl")
        let scale = try XCTUnwrap(lines.compactMap(\.qualify).first?.millimetresPerPixel)
        let written = LibinputRecordWriter.yaml(lines.compactMap(\.frame), screenWidth: Self.screen.width,
                                                screenHeight: Self.screen.height, millimetresPerPixel: scale)
        if ProcessInfo.processInfo.environment["TOUCHSPOTS_WRITE_FIXTURES"] != nil {
            try written.write(toFile: Self.yaml, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(written, try String(contentsOfFile: Self.yaml, encoding: .utf8),
                       "TOUCHSPOTS_WRITE_FIXTURES=1 writes it again")
    }

    func testTheRecordingIsJudgedAsTheRunWas() throws {
        let record = try LibinputRecord(path: Self.yaml)
        XCTAssertEqual(record.x.millimetres, 217, "the axes say the tablet's 217 mm")
        let report = try RecordingJudge(plan: try QualifyRobot.shippedPlan("quick"), screen: .init(width: 1280, height: 800)).report(record, source: "yaml")
        let live = try OfflineJudgeTests.lines("qualify-quick-weston.jsonl").compactMap(\.qualify)
            .filter { $0.state == "judged" }.flatMap(\.verdicts)
        let judged = report.steps.flatMap(\.verdicts)
        XCTAssertEqual(judged.map(\.validator), live.map(\.validator))
        XCTAssertEqual(judged.map(\.passed), live.map(\.passed), "the same verdicts")
        for (a, b) in zip(judged, live) {
            let x = try XCTUnwrap(a.figure), y = try XCTUnwrap(b.figure)
            XCTAssertEqual(x, y, accuracy: max(0.002, abs(y) * 0.001), "\(a.validator): \(x) against the live \(y)")
        }
        XCTAssertTrue(report.summary.qualified)
        XCTAssertEqual(report.scale.from, "device")
        XCTAssertEqual(report.scale.millimetresPerPixel, 217.0 / 1280)
    }

    func testTheToolJudgesARecording() throws {
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        let run = try ChildProcess.run([Products.report, "recording", Self.yaml, "--plan", plan, "--screen", "1280x800",
                                        "--json", "-"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(#""qualified":true"#))
        XCTAssertEqual(try ChildProcess.run([Products.report, "recording", Self.yaml, "--plan", plan, "--screen", "wide",
                                             "--json", "-"]).status, 64)
        let notYAML = try ChildProcess.run([Products.report, "recording", OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl"),
                                            "--plan", plan, "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(notYAML.status, 1)
        XCTAssertTrue(notYAML.errors.hasPrefix("touchspots-report: "), notYAML.errors)
        let noPlan = try ChildProcess.run([Products.report, "recording", Self.yaml, "--plan", "/nonexistent.json",
                                           "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(noPlan.status, 64, "a plan that cannot be read is a bad argument, as the client's --qualify has it")
        XCTAssertTrue(noPlan.errors.contains("/nonexistent.json"), noPlan.errors)
    }
}
