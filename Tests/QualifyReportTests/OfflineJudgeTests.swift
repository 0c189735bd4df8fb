import TouchCore
import EventLogFormat
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualifyReport
import TouchRobot
import XCTest

/// The robot's quick-plan runs on weston, recorded (Tests/Fixtures/qualify-quick-weston*.jsonl:
/// the live logs of `QualifyRobotEndToEndTests` without their hit and responder lines,
/// which the judge does not read), judged again offline: the live run's verdicts and
/// figures, step by step.
final class OfflineJudgeTests: XCTestCase {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/\(name)")
            .standardized.path
    }

    static func lines(_ name: String) throws -> [LogLine] {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture(name)))
        return try data.split(separator: UInt8(ascii: "\n")).map { try LogLine(json: $0) }
    }

    static func report(_ name: String, compositor: String = "weston") throws -> QualifyReport {
        try OfflineJudge(compositor: compositor).report(try lines(name), source: name)
    }

    /// The checks of a run of the quick plan judged in full: 18 when the fixtures were
    /// recorded, more for each validator added since that judges its steps.
    static func quickChecks() throws -> Int { try QualifyRobot.shippedPlan("quick").checks }

    /// `judged`'s verdicts of the validators the live run had (`live`'s): a validator added
    /// since the fixtures were recorded judges their steps too, and is no difference from
    /// the run (`QualifyReport.agreesWithLiveRun`).
    static func asTheRunHad(_ judged: [Verdict], live: [Verdict]) -> [Verdict] {
        let had = Set(live.map(\.validator))
        return judged.filter { had.contains($0.validator) }
    }

    func testTheRecordedPerfectRunIsJudgedAsItWasLive() throws {
        let lines = try Self.lines("qualify-quick-weston.jsonl")
        let report = try OfflineJudge().report(lines, source: "perfect")
        let live = lines.compactMap(\.qualify).filter { $0.state == .judged }.flatMap(\.verdicts)
        let offline = Self.asTheRunHad(report.steps.flatMap(\.verdicts), live: live)
        XCTAssertEqual(offline.map(\.validator), live.map(\.validator))
        XCTAssertEqual(offline.map(\.figure), live.map(\.figure), "the same figures, to the thousandth")
        XCTAssertEqual(offline.map(\.detail), live.map(\.detail))
        XCTAssertTrue(report.agreesWithLiveRun)
        XCTAssertTrue(report.summary.qualified)
        XCTAssertEqual(report.summary.checks, try Self.quickChecks())
        XCTAssertEqual(report.scale.from, .output, "millimetres from the output's physical size")
        XCTAssertEqual(report.output?.physicalWidth, 217)
        XCTAssertEqual(report.reportIntervals.median ?? 0, 10, accuracy: 0.1, "the robot's panel reports at 100 Hz")
        XCTAssertNotNil(report.latency.touchToPresent, "the presented lines give touch to screen")
        let stages = try XCTUnwrap(report.latency.inputToRead, "weston's nanosecond input timestamps give input to read")
        let whole = try XCTUnwrap(report.latency.touchToPresent), own = try XCTUnwrap(report.latency.touchToCommit)
        let screen = try XCTUnwrap(report.latency.commitToPresent)
        XCTAssertLessThan(stages.p50, whole.p50, "a stage is part of the whole")
        XCTAssertEqual(stages.p50 + own.p50 + screen.p50, whole.p50, accuracy: whole.p50 * 0.5,
                       "the stages' medians roughly add up to the whole's")
        XCTAssertEqual(report.steps.map(\.kind), [.line, .hold, .taps, .corners, .maximumContacts, .pinch, .drumroll, .edges])
        XCTAssertEqual(report.steps[2].contacts.count, 20, "20 taps plotted")
    }

    /// A step of more touch reports than the judge keeps (a hostile log's flood of
    /// landings; half a million took 260 MB of a 21 MB log) is judged on its first
    /// `maximumStepReports`, not kept whole and not refused (a live hold has no limit).
    func testAStepOfTooManyReportsIsJudgedOnItsFirst() throws {
        var lines = try Self.lines("qualify-quick-weston.jsonl")
        // The last start of step 1 (the run asked it again once the panel's size was known).
        let started = try XCTUnwrap(lines.lastIndex { $0.qualify?.state == .started && $0.qualify?.step == 1 })
        let flood = (0..<(OfflineJudge.maximumStepReports / 10 + 1)).map { index in
            TouchFrame(time: 1_516_618, touches: (0..<10).map { id in
                Touch(id: Int32(id), finger: FingerID(id), phase: index == 0 ? .began : .moved,
                      location: Point(x: 100 + Double(index % 50), y: 400), time: 1_516_618)
            }, activeTouches: [])
        }
        lines.insert(contentsOf: flood.map { LogLine.frame($0, spots: 10, seat: nil) }, at: started + 1)
        let report = try OfflineJudge().report(lines, source: "flood")
        let kept = try XCTUnwrap(report.steps.first { $0.number == 1 }).contacts.reduce(0) { $0 + $1.count }
        XCTAssertGreaterThan(kept, OfflineJudge.maximumStepReports - 100, "the step's first reports are judged")
        XCTAssertLessThanOrEqual(kept, OfflineJudge.maximumStepReports + 10, "and no more than the judge keeps")
        XCTAssertEqual(report.steps.count, 8, "every step reported")
    }

    func testTheRecordedMirroredRunFailsWhatTheFaultTableSays() throws {
        let report = try Self.report("qualify-quick-weston-mirrored.jsonl")
        XCTAssertTrue(report.agreesWithLiveRun)
        XCTAssertEqual(Set(report.steps.flatMap(\.verdicts).filter { !$0.passed }.map(\.validator)), [.mapping, .tapOffset])
        XCTAssertFalse(report.summary.qualified)
        XCTAssertNil(report.latency.touchToPresent, "this fixture keeps no presented lines")
    }

    /// A log whose verdicts were edited after the run is told apart.
    func testAnEditedLogDoesNotAgreeWithItsRun() throws {
        var lines = try Self.lines("qualify-quick-weston.jsonl")
        let index = lines.firstIndex { $0.qualify?.state == .judged }!
        var judged = lines[index].qualify!
        let first = judged.verdicts[0]
        judged.verdicts[0] = Verdict(validator: first.validator, figure: 0.25, comparison: first.comparison,
                                     threshold: first.threshold, unit: first.unit, passed: first.passed, detail: first.detail)
        lines[index] = .qualify(judged)
        XCTAssertFalse(try OfflineJudge().report(lines, source: "edited").agreesWithLiveRun)
    }

    /// A log from before a validator was added (here: tap offset's verdicts taken out of
    /// every judged line) still agrees with its run, and its report has the new verdicts;
    /// one taken out of a single step, where the log names the validator elsewhere, does not.
    func testAValidatorAddedSinceTheRunIsNoDifference() throws {
        let lines = try Self.lines("qualify-quick-weston.jsonl")
        func without(_ validator: QualifyValidator, steps: Int) -> [LogLine] {
            var left = steps
            return lines.map { line in
                guard var q = line.qualify, q.state == .judged, left > 0, q.verdicts.contains(where: { $0.validator == validator })
                else { return line }
                left -= 1
                q.verdicts.removeAll { $0.validator == validator }
                return .qualify(q)
            }
        }
        let before = try OfflineJudge().report(without(.tapOffset, steps: .max), source: "before tap offset")
        XCTAssertTrue(before.agreesWithLiveRun)
        XCTAssertTrue(before.steps.flatMap(\.verdicts).contains { $0.validator == .tapOffset }, "judged and shown")
        XCTAssertFalse(try OfflineJudge().report(without(.trackingIDs, steps: 1), source: "edited").agreesWithLiveRun)
    }

    /// A step redone replaces its judgement and every later one, and a run that ends early
    /// has steps not reached.
    func testARedoneStepAndARunThatEndsEarly() throws {
        let lines = try Self.lines("qualify-quick-weston.jsonl")
        // Up to the second step's judgement, then step 1 again from its first started line.
        let secondJudged = lines.indices.filter { lines[$0].qualify?.state == .judged }[1]
        let firstStep = lines.firstIndex { $0.qualify?.state == .started }!
        let firstJudged = lines.firstIndex { $0.qualify?.state == .judged }!
        let redone = Array(lines[...secondJudged]) + Array(lines[firstStep...firstJudged])
        let report = try OfflineJudge().report(redone, source: "redone")
        XCTAssertEqual(report.steps.map(\.state), [.judged] + Array(repeating: .notReached, count: 7))
        XCTAssertEqual(report.summary.stepsNotReached, 7)
        XCTAssertFalse(report.summary.qualified)
        XCTAssertTrue(report.agreesWithLiveRun)
    }

    /// A step judged or skipped under another kind than it was started with (a hostile
    /// log: the run writes one kind per step) made a report whose JSON its own reader
    /// refused, one kind's guide under another's name (`compare`: "'steps.0.guide': a
    /// guide that does not describe a step of kind 'hold'"). Such a line is told; a step
    /// skipped while another is under way gets no guide, not the other step's.
    func testAStepEndedUnderAnotherKindIsToldNotReportedUnreadably() throws {
        let lines = try Self.lines("qualify-quick-weston.jsonl")
        let judged = lines.firstIndex { $0.qualify?.state == .judged }!
        func bent(_ state: QualifyProgress.State, step: Int, kind: QualifyKind) -> [LogLine] {
            var q = lines[judged].qualify!
            q.state = state; q.step = step; q.kind = kind
            if state == .skipped { q.verdicts = [] }
            return Array(lines[..<judged]) + [.qualify(q)]
        }
        for (state, kind) in [(.judged, .hold), (.judged, .plan), (.judged, .card), (.skipped, .hold)] as [(QualifyProgress.State, QualifyKind)] {
            XCTAssertThrowsError(try OfflineJudge().report(bent(state, step: 1, kind: kind), source: "bent")) { error in
                XCTAssertEqual("\(error)", "step 1 was started as 'line', not '\(kind.rawValue)'")
            }
        }
        let report = try OfflineJudge().report(bent(.skipped, step: 2, kind: .hold), source: "bent")
        XCTAssertEqual(report.steps[1].state, .skipped)
        XCTAssertNil(report.steps[1].guide, "step 1's guide is not step 2's")
        XCTAssertEqual(try QualifyReport(json: Data(report.json().utf8), source: "bent"), report, "the JSON reads back")
    }

    func testTheJSONFollowsItsSchemaAndReadsBack() throws {
        let directory = NSTemporaryDirectory() + "touchspots-report-json-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String] = []
        for name in ["qualify-quick-weston.jsonl", "qualify-quick-weston-mirrored.jsonl"] {
            let report = try Self.report(name)
            let json = try report.json()
            XCTAssertEqual(try QualifyReport(json: Data(json.utf8), source: name), report, "the JSON reads back as written")
            let path = "\(directory)/\(name).json"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let validator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/validate-qualify-report").standardized.path
        let check = Process()
        check.executableURL = URL(fileURLWithPath: validator)
        check.arguments = paths
        let output = Pipe()
        check.standardOutput = output
        try check.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0, said)
        // The validator is no rubber stamp: a report without its summary is refused.
        var broken = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: paths[0]))) as! [String: Any]
        broken["summary"] = nil
        try JSONSerialization.data(withJSONObject: broken).write(to: URL(fileURLWithPath: paths[0]))
        let again = Process()
        again.executableURL = URL(fileURLWithPath: validator)
        again.arguments = [paths[0]]
        again.standardOutput = Pipe()
        try again.run()
        again.waitUntilExit()
        XCTAssertEqual(again.terminationStatus, 1)
    }

    func testTheJUnitXMLHasOneCasePerValidatorRun() throws {
        let report = try Self.report("qualify-quick-weston-mirrored.jsonl")
        let xml = ReportJUnit.render(report)
        let document = try XMLDocument(xmlString: xml)
        let cases = try document.nodes(forXPath: "//testcase")
        XCTAssertEqual(cases.count, report.steps.flatMap(\.verdicts).count)
        XCTAssertEqual(cases.count, try Self.quickChecks())
        let failures = try document.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        XCTAssertEqual(Set(failures), ["mapping", "tap offset"])
        XCTAssertEqual(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue, "2")
        XCTAssertEqual(try document.nodes(forXPath: "//testsuite").count, 8, "a suite per step")
    }

    /// Names XML 1.0 cannot hold (control characters, U+FFFE, U+FFFF) still make a
    /// document a JUnit reader parses: they written raw made one none would.
    func testTheJUnitXMLStaysWellFormedWithControlCharactersInNames() throws {
        var report = try Self.report("qualify-quick-weston-mirrored.jsonl")
        report.plan = "q\u{1}\u{1B}[31m]]><x a=\"&\">\u{FFFF}\u{FFFE}"
        report.compositor = "we\u{1}ston"
        let document = try XMLDocument(xmlString: ReportJUnit.render(report))
        let name = try document.nodes(forXPath: "/testsuites/@name").first?.stringValue
        XCTAssertEqual(name, "touchspots qualify q\u{FFFD}\u{FFFD}[31m]]><x a=\"&\">\u{FFFD}\u{FFFD} on we\u{FFFD}ston")
        XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, try Self.quickChecks())
    }

    /// A hostile report's long texts are cut and its control characters shown, not run:
    /// the columns were padded to the widest cell, so a 20 MB name printed 400 MB, and then
    /// a 1 MB name or a 2 MB unit was still printed whole, escape sequences and all. (A
    /// validator's name is no longer the report's to choose: an unknown one is refused,
    /// `ReportFormatTests`.)
    func testAHostileReportsTextsAreCutAndEscapedInTheTable() throws {
        let perfect = try Self.report("qualify-quick-weston.jsonl")
        var long = perfect
        let v = long.steps[0].verdicts[0]
        long.steps[0].verdicts[0] = Verdict(validator: v.validator, figure: v.figure, comparison: v.comparison, threshold: v.threshold,
                                            unit: "\u{1B}[31m" + String(repeating: "u", count: 2 << 20), passed: v.passed,
                                            detail: v.detail)
        long.compositor = "we\u{7}ston\u{1B}]0;title\u{7}"
        let text = ReportComparison(long, perfect).text
        XCTAssertTrue(text.contains("\\u{1B}[31muuuu"), "the unit's start, its escape shown")
        XCTAssertTrue(text.contains("we\\u{7}ston\\u{1B}]0;title\\u{7}"), text.prefix(300) + "")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character but the line ends")
        XCTAssertLessThan(text.utf8.count, 8 << 10, "cut, not the name and unit whole")
        XCTAssertEqual(text.split(separator: "\n").filter { $0.count > 400 }.count, 0)
    }

    func testComparingTwoRunsMarksTheVerdictsThatDiffer() throws {
        let perfect = try Self.report("qualify-quick-weston.jsonl")
        let mirrored = try Self.report("qualify-quick-weston-mirrored.jsonl")
        let comparison = ReportComparison(perfect, mirrored)
        XCTAssertEqual(comparison.rows.count, try Self.quickChecks())
        XCTAssertEqual(comparison.rows.filter(\.changed).map(\.validator), [.tapOffset, .mapping])
        XCTAssertTrue(comparison.text.contains("2 verdicts differ."), comparison.text)
        XCTAssertEqual(ReportComparison(perfect, perfect).rows.filter(\.changed), [])
    }
}
