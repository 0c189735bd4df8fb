import EventLogFormat
import Foundation
import LibinputRecord
import QualifyReport
import ToolSupport
import TouchCore
import TouchRobot
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
            .filter { $0.state == .judged }.flatMap(\.verdicts)
        let judged = OfflineJudgeTests.asTheRunHad(report.steps.flatMap(\.verdicts), live: live)
        XCTAssertEqual(judged.map(\.validator), live.map(\.validator))
        XCTAssertEqual(judged.map(\.passed), live.map(\.passed), "the same verdicts")
        for (a, b) in zip(judged, live) {
            let x = try XCTUnwrap(a.figure), y = try XCTUnwrap(b.figure)
            XCTAssertEqual(x, y, accuracy: max(0.002, abs(y) * 0.001), "\(a.validator): \(x) against the live \(y)")
        }
        XCTAssertTrue(report.summary.qualified)
        XCTAssertEqual(report.scale.from, .device)
        XCTAssertEqual(report.scale.millimetresPerPixel, 217.0 / 1280)
    }

    /// Written in the kernel's shape (only changed values: a still finger sends nothing
    /// between its down and its up), the run is judged the same: every verdict.
    func testTheKernelShapedRecordingIsJudgedAsTheRunWas() throws {
        let lines = try OfflineJudgeTests.lines("qualify-quick-weston.jsonl")
        let scale = try XCTUnwrap(lines.compactMap(\.qualify).first?.millimetresPerPixel)
        let kernel = LibinputRecordWriter.yaml(lines.compactMap(\.frame), screenWidth: Self.screen.width, screenHeight: Self.screen.height,
                                               millimetresPerPixel: scale, shape: .kernel)
        let full = try String(contentsOfFile: Self.yaml, encoding: .utf8)
        XCTAssertLessThan(kernel.components(separatedBy: "ABS_MT_POSITION_Y").count, full.components(separatedBy: ", 3, 54, ").count / 2,
                          "most Y values are unchanged and not sent")
        let record = try LibinputRecord(contents: kernel, source: "kernel.yaml")
        let report = try RecordingJudge(plan: try QualifyRobot.shippedPlan("quick"), screen: .init(width: 1280, height: 800))
            .report(record, source: "kernel.yaml")
        let live = lines.compactMap(\.qualify).filter { $0.state == .judged }.flatMap(\.verdicts)
        let judged = OfflineJudgeTests.asTheRunHad(report.steps.flatMap(\.verdicts), live: live)
        XCTAssertEqual(judged.map(\.validator), live.map(\.validator))
        XCTAssertEqual(judged.map(\.passed), live.map(\.passed), "the same verdicts")
        XCTAssertTrue(report.summary.qualified)
        // Again on a panel whose axes have resolutions of their own (40 and 32 units a mm):
        // the same verdicts, the pinch's millimetres within 2 % (units round positions).
        let uneven = LibinputRecordWriter.yaml(lines.compactMap(\.frame), screenWidth: Self.screen.width, screenHeight: Self.screen.height,
                                               millimetresPerPixel: scale, shape: .kernel, resolution: (x: 40, y: 32))
        let unevenRecord = try LibinputRecord(contents: uneven, source: "uneven.yaml")
        XCTAssertNotEqual(unevenRecord.x.resolution, unevenRecord.y.resolution)
        let unevenReport = try RecordingJudge(plan: try QualifyRobot.shippedPlan("quick"), screen: .init(width: 1280, height: 800))
            .report(unevenRecord, source: "uneven.yaml")
        let unevenVerdicts = OfflineJudgeTests.asTheRunHad(unevenReport.steps.flatMap(\.verdicts), live: live)
        XCTAssertEqual(unevenVerdicts.map(\.passed), live.map(\.passed))
        let pinch = try XCTUnwrap(unevenVerdicts.first { $0.validator == .pinch }?.figure)
        let livePinch = try XCTUnwrap(live.first { $0.validator == .pinch }?.figure)
        XCTAssertEqual(pinch, livePinch, accuracy: livePinch * 0.02)
    }

    /// `libinput record --all` with a touchpad listed first: the tool judges the
    /// touchscreen and names it; named, the touchpad is judged instead.
    func testTheToolJudgesTheTouchscreenAmongSeveralDevices() throws {
        let full = try String(contentsOfFile: Self.yaml, encoding: .utf8)
        let pad = KernelRecordingTests.device(name: "SynPS/2 Synaptics TouchPad", node: "/dev/input/event5", properties: [0, 2],
                                              udev: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"],
                                              reports: [KernelRecordingTests.report(0, [(3, 57, 1), (3, 53, 10), (3, 54, 20)]),
                                                        KernelRecordingTests.report(10, [(3, 57, -1)])])
        let two = full.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 2\n")
            .replacingOccurrences(of: "devices:\n- node:", with: "devices:\n" + pad + "- node:")
        let path = NSTemporaryDirectory() + "touchspots-two-devices-\(getpid()).yaml"
        try two.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        let run = try ChildProcess.run([Products.report, "recording", path, "--plan", plan, "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(#""qualified":true"#))
        XCTAssertTrue(run.output.contains(#""device":"\"touchspots robot touchscreen\" (touchscreen, \/dev\/input\/event7)""#)
                      || run.output.contains(#""device":"\"touchspots robot touchscreen\" (touchscreen, /dev/input/event7)""#), run.output)
        let padOnly = try ChildProcess.run([Products.report, "recording", path, "--plan", plan, "--screen", "1280x800",
                                            "--device", "SynPS/2 Synaptics TouchPad", "--json", "-"])
        // The touchpad's one touch judges no step: said, and status 1 (issue 61), no report.
        XCTAssertEqual(padOnly.status, 1, padOnly.errors)
        XCTAssertTrue(padOnly.errors.contains("no step of the plan was judged from the recording's 1 touch(es)"), padOnly.errors)
        XCTAssertEqual(padOnly.output, "")
    }

    /// Hostile recordings (issue 39): one line on standard error naming the file and the
    /// line, status 1, at once and in little memory; never the file's text.
    func testTheToolRefusesHostileRecordingsInOneLine() throws {
        var bomb = "version: 1\ndevices: &a [\"lol\",\"lol\"]\n"
        for i in 0..<40 { bomb += "b\(i): &b\(i) [*\(i == 0 ? "a" : "b\(i - 1)"), *\(i == 0 ? "a" : "b\(i - 1)")]\n" }
        let full = try String(contentsOfFile: Self.yaml, encoding: .utf8)
        let cases = [
            ("bomb", bomb, "no devices list"),
            ("overflow", full.replacingOccurrences(of: "    - [1516, 618289, 3, 47, 0]", with: "    - [9223372036854775807, 999999, 3, 47, 0]"),
             ":35: an evdev event's time is out of range"),
            ("absinfo", full.replacingOccurrences(of: "53: [0, 71106560, 0, 0, 327680]", with: "53: [9223372036854775807, -9223372036854775807, 0, 0, 1]"),
             ":23: absinfo 53: the maximum is not above the minimum"),
            ("long line", "version: 1\n" + String(repeating: "a", count: 9 << 20) + "\n", ":2: a line longer than 1 MiB"),
        ]
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        for (name, text, expected) in cases {
            let path = NSTemporaryDirectory() + "touchspots-hostile-\(name)-\(getpid()).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let run = try ChildProcess.run([Products.report, "recording", path, "--plan", plan, "--screen", "1280x800", "--json", "-"])
            XCTAssertEqual(run.status, 1, name)
            XCTAssertEqual(run.errors.filter { $0 == "\n" }.count, 1, "\(name): \(run.errors.prefix(300))")
            XCTAssertTrue(run.errors.contains(path + expected) || run.errors.contains(expected), "\(name): \(run.errors.prefix(300))")
            XCTAssertLessThan(run.errors.utf8.count, 400, name)
        }
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

    /// A step of 20,000 landings (a recording of a panel that bounced for half an hour) is
    /// judged in seconds: the step asks whether it is complete on every frame, and it used
    /// to rebuild its contacts to answer, which took 34 s for 5,000 landings in a debug
    /// build and 88 s for 20,000 in a release one (`ContactTally`). Now 2.7 s in debug.
    func testTwentyThousandLandingsInOneStepAreJudgedInSeconds() throws {
        let taps = OfflineJudgeTests.fixture("kernel-repeated-taps.yaml")
        var yaml = try String(contentsOfFile: taps, encoding: .utf8).components(separatedBy: "  events:\n")[0] + "  events:\n"
        for i in 0..<20_000 {
            func report(_ microseconds: Int, _ events: [String]) {
                let (s, us) = (microseconds / 1_000_000, microseconds % 1_000_000)
                yaml += "  - evdev:\n" + (events + ["0, 0, 0"]).map { "    - [\(s), \(us), \($0)]\n" }.joined()
            }
            report(1_000_000_000 + i * 100_000, ["3, 57, \(i % 65_535)", "3, 53, \(3000 + i % 50)", "3, 54, 2000", "1, 330, 1"])
            report(1_000_000_000 + i * 100_000 + 50_000, ["3, 57, -1", "1, 330, 0"])
        }
        let path = NSTemporaryDirectory() + "touchspots-20000-landings-\(getpid()).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        let start = ContinuousClock.now
        let run = try ChildProcess.run([Products.report, "recording", path, "--plan", plan, "--screen", "1280x800", "--json", "-"])
        let took = ContinuousClock.now - start
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(#""qualified":false"#), "one step of landings qualifies nothing")
        XCTAssertLessThan(took, .seconds(20), "the step's completion is asked on every frame: it must not cost the whole step")
    }

    /// A recording of one long step is judged in the judge's own memory: a step builds its
    /// contacts as reports come (24 bytes a sample) and the played lines are not kept. One
    /// finger for 100,000 reports took 148 MB when each step kept its frames and the judge
    /// every line; now 53 MB (a debug build). The peak is the child's alone, read by a
    /// python3 parent (this process's children's peak would be the largest of every test's).
    func testALongStepIsJudgedInLittleMemory() throws {
        let taps = OfflineJudgeTests.fixture("kernel-repeated-taps.yaml")
        var yaml = try String(contentsOfFile: taps, encoding: .utf8).components(separatedBy: "  events:\n")[0] + "  events:\n"
        yaml += "  - evdev:\n    - [1000, 0, 3, 57, 1]\n    - [1000, 0, 3, 53, 3000]\n    - [1000, 0, 3, 54, 2000]\n"
            + "    - [1000, 0, 1, 330, 1]\n    - [1000, 0, 0, 0, 0]\n"
        for i in 1..<100_000 {
            let (s, us) = (1_000 + i * 4_167 / 1_000_000, i * 4_167 % 1_000_000)
            yaml += "  - evdev:\n    - [\(s), \(us), 3, 53, \(3000 + i % 400)]\n    - [\(s), \(us), 0, 0, 0]\n"
        }
        yaml += "  - evdev:\n    - [1500, 0, 3, 57, -1]\n    - [1500, 0, 1, 330, 0]\n    - [1500, 0, 0, 0, 0]\n"
        let path = NSTemporaryDirectory() + "touchspots-long-step-\(getpid()).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        let measure = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        // The one touch given to the first step (`--steps 1`): it fits no step's shape, and
        // a recording of which nothing is judged is refused.
        let run = try ChildProcess.run(["/usr/bin/python3", "-c", measure, Products.report, "recording", path, "--plan", plan,
                                        "--screen", "1280x800", "--steps", "1", "--json", "-"])
        let fields = run.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(fields.count, 2, run.output + run.errors)
        XCTAssertEqual(fields.first, 0, "the report is written")
        XCTAssertLessThan(fields.last ?? .max, 100 << 10, "peak KiB: 148 MB when the steps kept their frames")
    }
}
