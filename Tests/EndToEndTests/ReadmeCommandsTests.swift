import EventLogFormat
import Foundation
import Harness
import ToolSupport
import XCTest

/// The README's commands, run as someone who built from source runs them: the binaries
/// of the build folder, which find the plans and strokes in the source tree's `data/`
/// (`PackageData`), as an installed binary finds them in `PREFIX/share/touchspots`.
final class ReadmeCommandsTests: EndToEndTestCase {
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized.path

    func testListStrokesListsTheShippedStrokesFromABuild() throws {
        let run = try ChildProcess.run(["env", "HOME=/nonexistent", "XDG_CONFIG_HOME=/nonexistent",
                                        Products.touchspots, "--list-strokes"])
        XCTAssertEqual(run.status, 0, run.errors)
        let names = run.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        XCTAssertEqual(names, ["arrow", "caret", "circle", "v", "x"], run.output)
        XCTAssertTrue(run.output.contains("\(Self.source)/data/strokes/v.stroke"), run.output)
    }

    /// `--version` of all three tools: the same text, the version alone first. The report
    /// tool's default subcommand (`judge`) does not swallow it and ask for a log.
    func testVersionSaysTheLicence() throws {
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        for tool in [Products.touchspots, harness, Products.report] {
            let run = try ChildProcess.run([tool, "--version"])
            XCTAssertEqual(run.status, 0, "\(tool): \(run.errors)")
            XCTAssertEqual(run.errors, "", tool)
            let lines = run.output.split(separator: "\n")
            XCTAssertEqual(lines.first, "0.1.0", "\(tool): the first line is the version alone (scripts/package reads it)")
            XCTAssertTrue(run.output.contains("MIT License"), "\(tool): \(run.output)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(Self.source)/LICENSE"))
    }

    /// `touchspots --fullscreen --qualify quick --event-log run.jsonl`, then
    /// `touchspots-report run.jsonl --html r.html --json r.json --junit r.xml` and
    /// `touchspots-report recording REC --plan quick --screen WxH`.
    func testQualifyQuickAndItsReportFromABuild() throws {
        try startHeadlessRun(arguments: ["--qualify", "quick"])
        // weston gives no physical size (its headless output's millimetres are pixels), so
        // the run begins with the card calibration, as the README says.
        let first = try headlessRun.eventLog.waitFor("the quick plan's first line") { $0.qualify != nil }.qualify!
        XCTAssertEqual(first.plan, "quick")
        XCTAssertEqual([first.of, first.step], [8, 0])
        XCTAssertEqual(first.state, .calibrating)
        headlessRun.stop()
        headlessRun = nil

        let folder = outputDirectory
        let log = "\(Self.source)/Tests/Fixtures/qualify-quick-weston.jsonl"
        let report = try ChildProcess.run([Products.report, log, "--html", "\(folder)/r.html", "--json", "\(folder)/r.json",
                                           "--junit", "\(folder)/r.xml"])
        XCTAssertEqual(report.status, 0, report.errors)
        for file in ["r.html", "r.json", "r.xml"] {
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(file)")[.size] as? Int) ?? 0, 100, file)
        }
        let compare = try ChildProcess.run([Products.report, "compare", "\(folder)/r.json", "\(folder)/r.json"])
        XCTAssertEqual(compare.status, 0, compare.errors)

        let recording = try ChildProcess.run([Products.report, "recording", "\(Self.source)/Tests/Fixtures/qualify-quick-weston.yaml",
                                              "--plan", "quick", "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(recording.status, 0, recording.errors)
        XCTAssertTrue(recording.output.contains(#""qualified":true"#), recording.output.prefix(300) + "")
    }
}
