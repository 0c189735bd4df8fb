import EventLogFormat
import Foundation
import LibinputRecord
import QualifyReport
import TouchCore
import TouchRobot
import XCTest

/// A recording made without touchspots on screen has no Next taps: the robot's runs
/// (Tests/Fixtures/qualify-quick-weston*.jsonl) written as kernel-shaped `libinput record`
/// files without the Next taps are judged step by step from the touches themselves
/// (`StepFinder`), with the live run's verdicts; the report says which touches each step
/// took.
final class FoundStepsTests: XCTestCase {
    /// The log's touchscreen frames but the Next taps' (`LibinputRecordWriter.stepFrames`),
    /// as the kernel would have recorded them.
    static func recordingWithoutNextTaps(_ fixture: String) throws -> (record: LibinputRecord, live: [Verdict]) {
        let lines = try OfflineJudgeTests.lines(fixture)
        let scale = try XCTUnwrap(lines.compactMap(\.qualify).first?.millimetresPerPixel)
        let frames = LibinputRecordWriter.stepFrames(of: lines)
        let yaml = LibinputRecordWriter.yaml(frames, screenWidth: 1280, screenHeight: 800, millimetresPerPixel: scale, shape: .kernel)
        let live = lines.compactMap(\.qualify).filter { $0.state == .judged }.flatMap(\.verdicts)
        return (try LibinputRecord(contents: yaml, source: "\(fixture).yaml"), live)
    }

    private func judge(_ fixture: String, steps: StepChoice = .found) throws -> (report: QualifyReport, live: [Verdict]) {
        let (record, live) = try Self.recordingWithoutNextTaps(fixture)
        let report = try RecordingJudge(plan: try QualifyRobot.shippedPlan("quick"), screen: Size(width: 1280, height: 800),
                                        steps: steps).report(record, source: fixture)
        return (report, live)
    }

    private func assertSameVerdicts(_ report: QualifyReport, _ live: [Verdict], file: StaticString = #filePath, line: UInt = #line) {
        let judged = OfflineJudgeTests.asTheRunHad(report.steps.flatMap(\.verdicts), live: live)
        XCTAssertEqual(report.steps.map(\.state), Array(repeating: .judged, count: 8), report.steps.map { "\($0.number): \($0.touches ?? "")" }.joined(separator: "\n"), file: file, line: line)
        XCTAssertEqual(judged.map(\.validator), live.map(\.validator), file: file, line: line)
        XCTAssertEqual(judged.map(\.passed), live.map(\.passed), "the live run's verdicts", file: file, line: line)
        for (a, b) in zip(judged, live) {
            let x = a.figure, y = b.figure
            XCTAssertEqual(x, y, accuracy: max(0.002, abs(y) * 0.001), "\(a.validator)", file: file, line: line)
        }
    }

    func testAPerfectRunWithoutNextTapsIsJudgedStepByStep() throws {
        let (report, live) = try judge("qualify-quick-weston.jsonl")
        assertSameVerdicts(report, live)
        XCTAssertTrue(report.summary.qualified)
        // Each step says which touches it took, and why.
        let said = report.steps.map { $0.touches ?? "" }
        XCTAssertTrue(said[0].hasPrefix("touch 1: 1 contact(s) travelling"), said[0])
        XCTAssertTrue(said.allSatisfy { $0.hasPrefix("touch") }, said.joined(separator: "\n"))
        XCTAssertEqual(report.leftOut, [])
    }

    func testAMirroredRunWithoutNextTapsFailsAsItDidLive() throws {
        let (report, live) = try judge("qualify-quick-weston-mirrored.jsonl")
        assertSameVerdicts(report, live)
        XCTAssertEqual(Set(report.steps.flatMap(\.verdicts).filter { !$0.passed }.map(\.validator)), [.mapping, .tapOffset])
    }

    /// With its Next taps, a recording made with touchspots on screen is judged the same
    /// either way: the taps are left out, as taps of no step's.
    func testNextTapsAreLeftOutAsStrays() throws {
        let lines = try OfflineJudgeTests.lines("qualify-quick-weston.jsonl")
        let record = try LibinputRecord(path: RecordingJudgeTests.yaml)
        let live = lines.compactMap(\.qualify).filter { $0.state == .judged }.flatMap(\.verdicts)
        let plan = try QualifyRobot.shippedPlan("quick")
        let found = try RecordingJudge(plan: plan, screen: Size(width: 1280, height: 800), steps: .found).report(record, source: "yaml")
        let next = try RecordingJudge(plan: plan, screen: Size(width: 1280, height: 800), steps: .next).report(record, source: "yaml")
        assertSameVerdicts(found, live)
        assertSameVerdicts(next, live)
        XCTAssertEqual(found.leftOut?.count, 8, "the eight Next taps: \(found.leftOut ?? [])")
        XCTAssertNil(next.steps[0].touches, "Next taps told the steps")
    }

    /// `--steps` as given: the first step's touch given to the hold judges a line as a
    /// hold, and says so; a step given no touches is skipped.
    func testStepsAsGiven() throws {
        let (record, _) = try Self.recordingWithoutNextTaps("qualify-quick-weston.jsonl")
        let plan = try QualifyRobot.shippedPlan("quick")
        let report = try RecordingJudge(plan: plan, screen: Size(width: 1280, height: 800), steps: try StepChoice("-/1"))
            .report(record, source: "given")
        XCTAssertEqual(report.steps[0].state, .skipped)
        XCTAssertEqual(report.steps[1].touches, "touch 1: as given (--steps)")
        XCTAssertEqual(report.steps[1].verdicts.first { $0.validator == .stationaryJitter }?.passed, false, "a line is no hold")
        XCTAssertThrowsError(try StepChoice("1/x")) { XCTAssertTrue("\($0)".contains("'x' is not a touch"), "\($0)") }
        XCTAssertThrowsError(try StepChoice("3-1")) { XCTAssertTrue("\($0)".contains("--steps takes"), "\($0)") }
        XCTAssertThrowsError(try RecordingJudge(plan: plan, screen: Size(width: 1280, height: 800), steps: .given([[999]]))
            .report(record, source: "given")) { XCTAssertTrue("\($0)".contains("touch 999"), "\($0)") }
    }
}
