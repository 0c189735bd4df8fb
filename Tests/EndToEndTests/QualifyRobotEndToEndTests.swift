import ToolSupport
import TouchCore
import Foundation
import Harness
import EventLogFormat
import LibinputRecord
import TouchRobot
import XCTest

/// The robot plays the shipped quick plan live, as a user runs it: `touchspots-harness
/// qualify --plan quick [--compositor NAME] [--fault F] --out DIR` (docs/design/qualify.md,
/// "The robot, live"). The output is given the physical size of a 10.1-inch 16:10 tablet (217 x 136
/// mm at 1280 x 800); the robot follows the `qualify` lines, puts its fingers through the
/// digitizer model and taps Next. A perfect digitizer passes every validator; each fault
/// trips what the fault table says, and nothing else. The command judges the run's log
/// again with `touchspots-report`, which must find the live verdicts; the perfect run's
/// touches, recorded as a kernel would with no Next taps, are judged step by step from
/// the touches themselves with the same verdicts.
final class QualifyRobotEndToEndTests: EndToEndTestCase {
    /// The command's panel unless told (`--panel 217x136`).
    static let tablet = PhysicalSize(width: 217, height: 136)

    private struct Run {
        let status: Int32
        let output: String
        /// The `finished` line's verdicts: what the run showed.
        let live: [Verdict]
        let report: [String: Any]
        var verdicts: [[String: Any]] { (report["steps"] as! [[String: Any]]).flatMap { $0["verdicts"] as! [[String: Any]] } }
        var failed: Set<String> { Set(verdicts.filter { !($0["passed"] as! Bool) }.map { $0["validator"] as! String }) }
        var summary: QualifyReportSummary { QualifyReportSummary(report["summary"] as! [String: Any]) }
    }

    /// Runs the command with `arguments` into the test's folder.
    private func qualify(_ arguments: [String]) throws -> Run {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        let run = try ChildProcess.run([harness, "qualify", "--plan", "quick", "--out", outputDirectory] + arguments)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertTrue(run.output.contains("qualify: quick on "), run.output)
        let lines = try EventLogReader(path: "\(outputDirectory)/events.jsonl").events()
        let finished = try XCTUnwrap(lines.compactMap(\.qualify).last { $0.state == .finished }, run.output + run.errors)
        XCTAssertEqual(finished.of, 8)
        XCTAssertEqual(finished.millimetresPerPixel, 217.0 / 1280, "millimetres from the output's physical size")
        let output = try XCTUnwrap(lines.compactMap(\.output).first)
        XCTAssertEqual([output.physicalWidth, output.physicalHeight], [217, 136], "the output says the tablet's size")
        let json = try Data(contentsOf: URL(fileURLWithPath: "\(outputDirectory)/report.json"))
        let report = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        for name in ["report.html", "report.xml"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(outputDirectory)/\(name)"), name)
        }
        let result = Run(status: run.status, output: run.output, live: finished.verdicts, report: report)
        // The offline judge finds the live verdicts and figures.
        XCTAssertEqual(report["agreesWithLiveRun"] as? Bool, true)
        XCTAssertEqual(result.verdicts.map { $0["validator"] as! String }, finished.verdicts.map(\.validator.rawValue))
        XCTAssertEqual(result.verdicts.map { $0["figure"] as? Double }, finished.verdicts.map(\.measured), "the same figures, to the thousandth")
        XCTAssertEqual(result.verdicts.map { $0["passed"] as! Bool }, finished.verdicts.map(\.passed))
        XCTAssertEqual(result.verdicts.count, try QualifyRobot.shippedPlan("quick").checks, "every validator of the quick plan ran")
        return result
    }

    /// Bad arguments are one line and status 64, before any compositor starts; the output
    /// folder is not made.
    func testBadArgumentsAreOneLine() throws {
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        let folder = "\(outputDirectory)/never"
        let cases: [([String], String)] = [
            (["--fault", "bogus"], "unknown fault 'bogus'"), (["--fault", "gap=2.5"], "a whole number"),
            (["--fault", "jitter", "--fault", "jitter=1"], "--fault jitter is given twice"), (["--fault", "mirrored=1"], "takes no size"),
            (["--size", "10x10"], "--size must look like 1280x800"), (["--panel", "0x0"], "--panel must look like 217x136"),
            (["--size", "4096x320"], "differ in shape"), (["--fault", "gap=0x10"], "must be a number in"),
            (["--compositor", "nope"], "unknown compositor 'nope'"), (["--plan", "/nonexistent.json"], "cannot read the plan /nonexistent.json"),
        ]
        for (arguments, message) in cases {
            let plan = arguments.contains("--plan") ? [] : ["--plan", "quick"]
            let run = try ChildProcess.run([harness, "qualify", "--out", folder] + plan + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.errors)")
            XCTAssertEqual(run.errors.filter { $0 == "\n" }.count, 1, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("touchspots-harness: ") && run.errors.contains(message), "\(arguments): \(run.errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
    }

    /// What ran, on what, when: the log's run line, the compositor seen at the socket's
    /// other end, and made on the run's host its package's version.
    private func assertProvenance(_ run: Run, compositor: CompositorKind) throws {
        let facts = run.report["run"] as? [String: String]
        XCTAssertEqual(facts?["compositor"], compositor.rawValue, "\(facts ?? [:])")
        XCTAssertTrue(facts?["touchspots"]?.hasPrefix("0.") == true && facts?["date"]?.hasSuffix("Z") == true, "\(facts ?? [:])")
        XCTAssertNotNil(facts?["kernel"])
        let package = run.report["compositorPackage"] as? String
        XCTAssertTrue(package?.hasPrefix("Debian package \(compositor.rawValue) ") == true, package ?? "none")
        let html = try String(contentsOfFile: "\(outputDirectory)/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("the Wayland socket&#39;s peer: \(compositor.rawValue)") || html.contains("the Wayland socket's peer: \(compositor.rawValue)"),
                      "the page names the compositor seen")
    }

    func testAPerfectPanelQualifiesOnWeston() throws {
        let run = try qualify(["--compositor", "weston"])
        XCTAssertEqual(run.failed, [], run.output)
        XCTAssertTrue(run.summary.qualified)
        let checks = try QualifyRobot.shippedPlan("quick").checks
        XCTAssertTrue(run.output.contains("\(checks) of \(checks) checks passed"), run.output)
        try assertProvenance(run, compositor: .weston)
        // The same touches with no Next taps, in the kernel's shape: each step found from
        // the touches themselves, the live run's verdicts.
        let lines = try EventLogReader(path: "\(outputDirectory)/events.jsonl").events()
        let yaml = LibinputRecordWriter.yaml(LibinputRecordWriter.stepFrames(of: lines), screenWidth: 1280, screenHeight: 800,
                                             millimetresPerPixel: 217.0 / 1280, shape: .kernel)
        XCTAssertFalse(yaml.isEmpty)
        let path = "\(outputDirectory)/no-next-taps.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let judged = try runReport(["recording", path, "--plan", "quick", "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(judged.status, 0, judged.errors)
        let report = try JSONSerialization.jsonObject(with: Data(judged.output.utf8)) as! [String: Any]
        let steps = report["steps"] as! [[String: Any]]
        XCTAssertEqual(steps.map { $0["state"] as! String }, Array(repeating: "judged", count: 8))
        XCTAssertTrue(steps.allSatisfy { ($0["touches"] as? String)?.hasPrefix("touch") == true }, "each step says which touches it took")
        let verdicts = steps.flatMap { $0["verdicts"] as! [[String: Any]] }
        XCTAssertEqual(verdicts.map { $0["validator"] as! String }, run.live.map(\.validator.rawValue))
        XCTAssertEqual(verdicts.map { $0["passed"] as! Bool }, run.live.map(\.passed), "the live run's verdicts")
    }

    func testAMirroredPanelIsNamedOnWeston() throws {
        let run = try qualify(["--compositor", "weston", "--fault", "mirrored"])
        XCTAssertEqual(run.failed, ["mapping", "tap offset"])
        let mapping = run.live.first { $0.validator == .mapping }!
        XCTAssertTrue(mapping.detail.contains("mirrored left-right"), mapping.detail)
        XCTAssertTrue(mapping.detail.contains("LIBINPUT_CALIBRATION_MATRIX="), "the fix: \(mapping.detail)")
        XCTAssertFalse(run.summary.qualified)
        XCTAssertTrue(run.output.contains("mapping"), "the terminal names the failing check: \(run.output)")
    }

    /// The issue's own runs: weston, perfect, mirrored and 30 reports a second.
    func testA30HzPanelIsCaughtOnWeston() throws {
        let run = try qualify(["--compositor", "weston", "--fault", "report-rate=30"])
        XCTAssertEqual(run.failed, ["report rate"])
        XCTAssertFalse(run.summary.qualified)
        XCTAssertTrue(run.output.contains("report rate"), "the terminal names the failing check: \(run.output)")
    }

    /// A size given is the size used: 40 reports a second fails the report rate (60 Hz
    /// asked) and nothing else.
    func testA40HzPanelIsCaughtOnSway() throws {
        let run = try qualify(["--compositor", "sway", "--fault", "report-rate=40"])
        XCTAssertTrue(run.output.contains("report-rate=40"), run.output)
        let rate = try XCTUnwrap(run.live.first { $0.validator == .reportRate }?.measured)
        XCTAssertEqual(rate, 40, accuracy: 1, "the panel's rate, as given")
        XCTAssertEqual(run.failed, ["report rate"])
        XCTAssertFalse(run.summary.qualified)
        try assertProvenance(run, compositor: .sway)
    }
}

/// On an output that does not say its size (headless sway says 0 x 0 mm, headless weston
/// its pixels as millimetres) and without `--millimetres-per-pixel`, the run begins with the
/// card calibration: the robot drags the outline to a real card's width on a panel of 0.17
/// mm per pixel, taps Done, and the run's scale is that panel's.
final class QualifyCardEndToEndTests: EndToEndTestCase {
    func testTheCardCalibrationOnSwaysZeroSizedOutput() throws {
        try calibrate(on: .sway) { output in
            XCTAssertEqual([output.physicalWidth, output.physicalHeight], [0, 0], "headless sway says 0 x 0 mm")
        }
    }

    func testTheCardCalibrationOnWestonsPlaceholderSize() throws {
        try calibrate(on: .weston) { output in
            XCTAssertEqual([output.physicalWidth, output.physicalHeight], [output.width, output.height],
                           "headless weston's placeholder: its pixels as millimetres")
        }
    }

    private func calibrate(on compositor: CompositorKind, output check: (LogOutput) -> Void) throws {
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/quick.json").standardized.path
        try startHeadlessRun(compositor: compositor, width: 1280, height: 800, arguments: ["--qualify", plan])
        check(try headlessRun.eventLog.waitFor("the output line") { $0.output != nil }.output!)
        try headlessRun.eventLog.waitFor("the card") { $0.qualify?.state == .calibrating }
        let shot = try headlessRun.screenshot("qualify-card.png")
        // The card as drawn now (asked again once the window became fullscreen).
        let asked = try headlessRun.eventLog.events().compactMap(\.qualify).last { $0.state == .calibrating }!
        let card = try XCTUnwrap(asked.card)
        let handle = shot.pixel(x: Int(card.maxX), y: Int(card.maxY) - 12)
        XCTAssertTrue(handle.b > 180 && handle.r < 120, "the handle is drawn in blue: \(handle)")
        let truth = 0.17
        try QualifyPlayer(run: headlessRun, millimetresPerPixel: truth).calibrate(asked)
        let calibrated = try headlessRun.eventLog.waitFor("calibrated") { $0.qualify?.state == .calibrated }.qualify!
        XCTAssertEqual(calibrated.millimetresPerPixel, truth, accuracy: truth * 0.001, "within 0.1 % of the panel's scale")
        let first = try headlessRun.eventLog.waitFor("the first step") { $0.qualify?.state == .started }.qualify!
        XCTAssertEqual(first.millimetresPerPixel, calibrated.millimetresPerPixel)
        XCTAssertEqual(first.panel.width, 1280 * truth, accuracy: 1280 * truth * 0.001)
        // The report says where the millimetres came from.
        let run = try runReport(["judge", "\(outputDirectory)/events.jsonl", "--json", "-"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(#""from":"card""#), run.output)
    }
}

/// The summary of a report's JSON, as the tests read it.
struct QualifyReportSummary {
    let qualified: Bool
    let checks: Int
    let failed: Int
    init(_ json: [String: Any]) {
        qualified = json["qualified"] as! Bool
        checks = json["checks"] as! Int
        failed = json["failed"] as! Int
    }
}

/// Runs `touchspots-report` with `arguments`; its status, standard output and standard error.
func runReport(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    try ChildProcess.run([Products.report] + arguments)
}
