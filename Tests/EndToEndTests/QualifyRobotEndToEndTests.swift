import TouchCore
import Foundation
import Harness
import EventLogFormat
import TouchRobot
import XCTest

/// The robot plays the shipped quick plan live (docs/qualify.md, "The robot"): on headless
/// weston and sway, whose output is given the physical size of a 10.1-inch 16:10 tablet
/// (217 x 136 mm at 1280 x 800), it follows the `qualify` lines, puts its fingers through
/// the digitizer model and taps Next. A perfect digitizer passes every validator; one
/// fault per compositor trips what the fault table says, and nothing else. Each run's log
/// is judged again offline by `touchspots-report`, which must find the live verdicts.
final class QualifyRobotEndToEndTests: EndToEndTestCase {
    static let tablet = PhysicalSize(width: 217, height: 136)

    private var plan: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/plans/quick.json")
            .standardized.path
    }

    /// Plays the quick plan on `compositor` with `fault`; returns the run's verdicts, live.
    private func play(on compositor: CompositorKind, fault: Digitizer.Fault) throws -> [Verdict] {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        session = try HeadlessRun(outputDirectory: outputDirectory, compositor: compositor, width: 1280, height: 800,
                              clientArguments: ["--qualify", plan], physicalSize: Self.tablet)
        let output = try session.eventLog.waitFor("the output line") { $0.output != nil }.output!
        XCTAssertEqual([output.physicalWidth, output.physicalHeight], [217, 136], "the output says the tablet's size")
        let finished = try QualifyPlayer(session: session, fault: fault).play()
        XCTAssertEqual(finished.millimetresPerPixel, 217.0 / 1280, "millimetres from the output's physical size")
        XCTAssertEqual(finished.of, 8)
        return finished.verdicts
    }

    /// `touchspots-report` judges the session's log again: the same verdicts and figures.
    private func judgeOffline(compositor: CompositorKind, live: [Verdict]) throws -> QualifyReportSummary {
        let log = "\(outputDirectory)/events.jsonl"
        let json = "\(outputDirectory)/report.json"
        let run = try runReport(["judge", log, "--json", json, "--html", "\(outputDirectory)/report.html",
                                 "--junit", "\(outputDirectory)/report.xml", "--compositor", compositor.rawValue])
        XCTAssertEqual(run.status, 0, run.errors)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        XCTAssertEqual(report["agreesWithLiveRun"] as? Bool, true, "the offline judge finds the live verdicts")
        // What ran, on what, when: the log's run line, the compositor seen at the socket's other end.
        let facts = report["run"] as? [String: String]
        XCTAssertEqual(facts?["compositor"], compositor.rawValue, "\(facts ?? [:])")
        XCTAssertTrue(facts?["touchspots"]?.hasPrefix("0.") == true && facts?["date"]?.hasSuffix("Z") == true, "\(facts ?? [:])")
        XCTAssertNotNil(facts?["kernel"])
        // Made on the run's host: the compositor's version from the package that holds its binary.
        let package = report["compositorPackage"] as? String
        XCTAssertTrue(package?.hasPrefix("Debian package \(compositor.rawValue) ") == true, package ?? "none")
        let html = try String(contentsOfFile: "\(outputDirectory)/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("the Wayland socket&#39;s peer: \(compositor.rawValue)") || html.contains("the Wayland socket's peer: \(compositor.rawValue)"),
                      "the page names the compositor seen")
        let steps = report["steps"] as! [[String: Any]]
        let offline = steps.flatMap { ($0["verdicts"] as! [[String: Any]]) }
        XCTAssertEqual(offline.map { $0["validator"] as! String }, live.map(\.validator))
        XCTAssertEqual(offline.map { $0["figure"] as? Double }, live.map(\.measured), "the same figures, to the thousandth")
        XCTAssertEqual(offline.map { $0["passed"] as! Bool }, live.map(\.passed))
        return QualifyReportSummary(report["summary"] as! [String: Any])
    }

    private func failed(_ verdicts: [Verdict]) -> Set<String> { Set(verdicts.filter { !$0.passed }.map(\.validator)) }

    func testAPerfectPanelQualifiesOnWeston() throws {
        let verdicts = try play(on: .weston, fault: .none)
        XCTAssertEqual(failed(verdicts), [], verdicts.filter { !$0.passed }.map { "\($0)" }.joined(separator: "\n"))
        XCTAssertEqual(verdicts.count, 18, "every validator of the quick plan ran")
        let summary = try judgeOffline(compositor: .weston, live: verdicts)
        XCTAssertTrue(summary.qualified)
    }

    func testAPerfectPanelQualifiesOnSway() throws {
        let verdicts = try play(on: .sway, fault: .none)
        XCTAssertEqual(failed(verdicts), [], verdicts.filter { !$0.passed }.map { "\($0)" }.joined(separator: "\n"))
        XCTAssertEqual(verdicts.count, 18)
        XCTAssertTrue(try judgeOffline(compositor: .sway, live: verdicts).qualified)
    }

    func testAMirroredPanelIsNamedOnWeston() throws {
        let verdicts = try play(on: .weston, fault: .mirror)
        XCTAssertEqual(failed(verdicts), ["mapping", "tap offset"])
        XCTAssertTrue(verdicts.first { $0.validator == "mapping" }!.detail.contains("mirrored left-right"),
                      verdicts.first { $0.validator == "mapping" }!.detail)
        XCTAssertFalse(try judgeOffline(compositor: .weston, live: verdicts).qualified)
    }

    func testA30HzPanelIsCaughtOnSway() throws {
        let verdicts = try play(on: .sway, fault: .lowReportRate)
        XCTAssertEqual(failed(verdicts), ["report rate"])
        XCTAssertFalse(try judgeOffline(compositor: .sway, live: verdicts).qualified)
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
        try startSession(compositor: compositor, width: 1280, height: 800, arguments: ["--qualify", plan])
        check(try session.eventLog.waitFor("the output line") { $0.output != nil }.output!)
        try session.eventLog.waitFor("the card") { $0.qualify?.state == .calibrating }
        let shot = try session.screenshot("qualify-card.png")
        // The card as drawn now (asked again once the window became fullscreen).
        let asked = try session.eventLog.events().compactMap(\.qualify).last { $0.state == .calibrating }!
        let card = try XCTUnwrap(asked.card)
        let handle = shot.pixel(x: Int(card.maxX), y: Int(card.maxY) - 12)
        XCTAssertTrue(handle.b > 180 && handle.r < 120, "the handle is drawn in blue: \(handle)")
        let truth = 0.17
        try QualifyPlayer(session: session, millimetresPerPixel: truth).calibrate(asked)
        let calibrated = try session.eventLog.waitFor("calibrated") { $0.qualify?.state == .calibrated }.qualify!
        XCTAssertEqual(calibrated.millimetresPerPixel, truth, accuracy: truth * 0.001, "within 0.1 % of the panel's scale")
        let first = try session.eventLog.waitFor("the first step") { $0.qualify?.state == .started }.qualify!
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
