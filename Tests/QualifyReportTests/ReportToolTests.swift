import ToolSupport
import TouchCore
import EventLogFormat
import Foundation
import QualifyReport
import XCTest

/// `touchspots-report` as a person and a CI run it: the HTML report looked at in a real
/// browser (Debian's chromium, headless), and bad input told in one line with status 1
/// (files) or 64 (arguments), never a crash.
final class ReportToolTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "touchspots-report-tool-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A test leaves nothing in the temporary folder (every CI run left five folders). A
    /// failure's message names what went wrong; keeping its files was meant, but inside
    /// tearDown corelibs XCTest's `testRun.hasSucceeded` is always false, so nothing was ever
    /// removed.
    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try ChildProcess.run([executable] + arguments)
    }

    private func report(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try run(Products.report, arguments)
    }

    /// The HTML report in headless chromium: one SVG per plotted figure (each judged step's
    /// contacts, the report-rate and the latency histograms), and a screenshot that shows
    /// the red "Not qualified" banner and the plots, not a blank page.
    func testTheHTMLReportRendersInChromium() throws {
        guard let chromium = ChildProcess.which("chromium") else {
            return XCTFail("chromium is not installed (scripts/install-deps installs it)")
        }
        let html = "\(directory!)/report.html"
        let made = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), "--html", html,
                               "--compositor", "weston"])
        XCTAssertEqual(made.status, 0, made.errors)
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(directory!)/chromium"]
        let dom = try run(chromium, flags + ["--dump-dom", "file://\(html)"])
        XCTAssertEqual(dom.status, 0, dom.errors)
        XCTAssertEqual(dom.output.components(separatedBy: "<svg").count - 1, 8 + 2, "8 steps plotted, 2 histograms")
        let checks = try OfflineJudgeTests.quickChecks()
        XCTAssertTrue(dom.output.contains("Qualified: \(checks) of \(checks) checks passed."))

        let mirrored = "\(directory!)/mirrored.html"
        XCTAssertEqual(try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl"), "--html", mirrored]).status, 0)
        let png = "\(directory!)/report.png"
        let shot = try run(chromium, flags + ["--window-size=1200,1600", "--screenshot=\(png)", "file://\(mirrored)"])
        XCTAssertEqual(shot.status, 0, shot.errors)
        let image = try PNGImage(path: png)
        let red = image.count(x: 0, y: 0, width: image.width, height: 150) { $0.r > 180 && $0.g < 80 && $0.b < 80 }
        XCTAssertGreaterThan(red, 500, "the banner's 'Not qualified' in red")
        let drawn = image.count(x: 0, y: 300, width: image.width, height: 1000) { $0.r < 200 || $0.g < 200 || $0.b < 200 }
        XCTAssertGreaterThan(drawn, 20_000, "plots and tables drawn, not a blank page")
    }

    func testBadArgumentsAreAUsageError() throws {
        XCTAssertEqual(try report(["judge", "--frobnicate", "x"]).status, 64)
        XCTAssertEqual(try report(["compare", "only-one.json"]).status, 64)
    }

    /// Every report names what made it (touchspots-report's version, the date, the host)
    /// in its JSON, its page and its JUnit; a judged recording names its device's ids and
    /// axes, a run's log the output's make and model (issue 60).
    func testEveryReportNamesWhatMadeItAndOnWhat() throws {
        let json = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), "--json", "-"])
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let made = try XCTUnwrap(report["madeBy"] as? [String: String])
        XCTAssertEqual(made["touchspots"], touchspotsVersion)
        XCTAssertTrue(made["date"]?.hasSuffix("Z") == true && made["date"]?.count == 20, "\(made)")
        XCTAssertNotNil(made["host"])
        XCTAssertNotNil(made["commit"], "a source build names its tree's HEAD")
        let junit = try self.report(["recording", OfflineJudgeTests.fixture("qualify-quick-weston.yaml"), "--plan", "quick",
                                     "--screen", "1280x800", "--junit", "-"])
        XCTAssertTrue(junit.output.contains(#"<property name="report made" value="touchspots-report \#(touchspotsVersion)"#), junit.output.prefix(2000).description)
        XCTAssertTrue(junit.output.contains(#"<property name="device" value="&quot;touchspots robot touchscreen&quot; (touchscreen, /dev/input/event7), bus 0003 vendor 0000"#),
                      junit.output.prefix(2000).description)
        let html = try self.report(["recording", OfflineJudgeTests.fixture("qualify-quick-weston.yaml"), "--plan", "quick",
                                    "--screen", "1280x800", "--html", "-"])
        XCTAssertTrue(html.output.contains("report made"), "the page's facts")
        XCTAssertTrue(html.output.contains("x 0-71106560 at 327680 units/mm (217.0 mm)"), "the device's axes on the page")
    }

    func testFailUnlessQualifiedGatesACI() throws {
        let perfect = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), "--junit", "-", "--fail-unless-qualified"])
        XCTAssertEqual(perfect.status, 0, perfect.errors)
        XCTAssertTrue(perfect.output.hasPrefix("<?xml"))
        let mirrored = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl"), "--json", "\(directory!)/m.json",
                                   "--fail-unless-qualified"])
        XCTAssertEqual(mirrored.status, 2)
        let checks = try OfflineJudgeTests.quickChecks()
        XCTAssertEqual(Self.verdict(mirrored.errors), """
            touchspots-report: \(checks - 2) of \(checks) checks passed, not qualified
            \(Self.mirroredFailures)
            """)
        // Without the flag the report is written and the run succeeds, verdict said all the same.
        let written = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl"), "--json", "\(directory!)/m.json"])
        XCTAssertEqual(written.status, 0, written.errors)
        XCTAssertTrue(written.errors.contains("  step 4 corners: mapping 197.000 mm"), written.errors)
    }

    /// The two failed checks of the mirrored run, as the terminal says them: step and kind,
    /// validator, figure and limit with their unit, and the validator's detail.
    static let mirroredFailures = """
          step 3 taps: tap offset 86.800 mm, limit at most 1.000 mm (centroid 151.9, 47.5 mm)
          step 4 corners: mapping 197.000 mm, limit at most 2.000 mm (mirrored left-right; corrected by \
        LIBINPUT_CALIBRATION_MATRIX="-1.0000 0.0000 1.0000 0.0000 1.0000 0.0000")

        """

    /// The verdict's lines of a terminal's text: without the lines that say what made the
    /// report and what ran (`provenance`), which follow them.
    static func verdict(_ text: String) -> String {
        let facts = ["  report made: ", "  run: ", "  compositor: ", "  output: ", "  device: "]
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !facts.contains { line.hasPrefix($0) } }.joined(separator: "\n")
    }

    /// No --html, --json or --junit: the verdict is the output (standard output), and the
    /// status says it, 0 qualified and 2 not, for `judge` and `recording` alike; then what
    /// made the report, when and where, and what ran on what (issue 60).
    func testWithNoReportAskedForTheVerdictIsTheOutput() throws {
        let qualified = try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl")])
        XCTAssertEqual(qualified.status, 0, qualified.errors)
        let checks = try OfflineJudgeTests.quickChecks()
        XCTAssertEqual(Self.verdict(qualified.output), "\(checks) of \(checks) checks passed, qualified\n")
        XCTAssertEqual(qualified.errors, "")
        let mirrored = try report([OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl")])
        XCTAssertEqual(mirrored.status, 2, mirrored.errors)
        XCTAssertEqual(Self.verdict(mirrored.output), "\(checks - 2) of \(checks) checks passed, not qualified\n" + Self.mirroredFailures)
        let recording = try report(["recording", OfflineJudgeTests.fixture("qualify-quick-weston.yaml"), "--plan", "quick",
                                    "--screen", "1280x800"])
        XCTAssertEqual(recording.status, 0, recording.errors)
        XCTAssertEqual(Self.verdict(recording.output), "\(checks) of \(checks) checks passed, qualified\n")
        XCTAssertTrue(recording.output.contains("\n  report made: touchspots-report \(touchspotsVersion)"), recording.output)
        XCTAssertTrue(recording.output.contains("\n  device: " + #""touchspots robot touchscreen" (touchscreen, /dev/input/event7), bus 0003 vendor 0000 product 0000 version 0000; x 0-71106560 at 327680 units/mm (217.0 mm)"#),
                      recording.output)
        XCTAssertTrue(qualified.output.contains("\n  output: unnamed: 1280 x 800 px"), qualified.output)

        // A run stopped before its first judgement says that nothing was judged, in plain
        // words, not "0 of 0 checks passed"; one stopped after two steps names the rest.
        let lines = try String(contentsOfFile: OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let secondJudged = try XCTUnwrap(lines.indices.filter { lines[$0].contains(#""state":"judged""#) }.dropFirst().first)
        let none = "\(directory!)/none.jsonl", two = "\(directory!)/two.jsonl"
        try lines.prefix { !$0.contains(#""state":"judged""#) }.joined(separator: "\n").write(toFile: none, atomically: true, encoding: .utf8)
        try lines[...secondJudged].joined(separator: "\n").write(toFile: two, atomically: true, encoding: .utf8)
        let nothing = try report(["judge", none])
        XCTAssertEqual(nothing.status, 2, nothing.errors)
        XCTAssertEqual(Self.verdict(nothing.output), "no step was judged (8 steps not reached), not qualified\n  steps 1 to 8: not reached\n")
        let stopped = try report(["judge", two])
        let first2 = QualifyValidator.checks(of: .line).count + QualifyValidator.checks(of: .hold).count
        XCTAssertEqual(stopped.status, 2, stopped.errors)
        XCTAssertEqual(Self.verdict(stopped.output), "\(first2) of \(first2) checks passed; 6 steps not reached, not qualified\n  steps 3 to 8: not reached\n")
    }

    func testComparingTwoReports() throws {
        let a = "\(directory!)/a.json", b = "\(directory!)/b.json"
        XCTAssertEqual(try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), "--json", a]).status, 0)
        XCTAssertEqual(try report(["judge", OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl"), "--json", b]).status, 0)
        // A verdict that differs is status 1, as diff(1) has it; the table is written all the same.
        let compared = try report(["compare", a, b])
        XCTAssertEqual(compared.status, 1, compared.errors)
        XCTAssertEqual(compared.errors, "")
        XCTAssertTrue(compared.output.contains("2 verdicts differ."), compared.output)
        XCTAssertTrue(compared.output.contains("<>"))
        // Counts are whole numbers; measurements keep their thousandths.
        let contacts = try XCTUnwrap(compared.output.split(separator: "\n").first { $0.contains("maximum contacts") })
        XCTAssertTrue(contacts.contains("10 contacts pass  10 contacts pass"), String(contacts))
        XCTAssertFalse(compared.output.contains("10.000 contacts"), compared.output)
        XCTAssertTrue(compared.output.contains("0 faults pass"), compared.output)
        XCTAssertTrue(compared.output.contains("99.997 Hz pass"), compared.output)
        let same = try report(["compare", a, a])
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertTrue(same.output.hasSuffix("No verdict differs.\n"), same.output)
    }

    /// Hostile and broken files: each is one line on standard error, naming the file (and
    /// the line), with status 1.
    func testHostileFilesAreToldNotCrashedOn() throws {
        let valid = try String(contentsOfFile: OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), encoding: .utf8)
        let lines = valid.split(separator: "\n").map(String.init)
        let started = lines.first { $0.contains(#""state":"started""#) }!
        var cases: [(name: String, content: Data, told: String)] = [
            ("binary", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }), "not a line of touchspots' event log"),
            ("empty", Data(), "no qualify line"),
            ("playground", Data(#"{"type":"scene","name":"playground"}"#.utf8), "no qualify line"),
            ("unknown-type", Data((lines[0] + "\n" + #"{"type":"teleport"}"#).utf8), ":2: not a line"),
            ("nested", Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), ":1: not a line"),
            ("no-guide", Data(started.replacingOccurrences(of: #""guide""#, with: #""guidance""#).utf8), "started without its panel or guide"),
            ("infinite", Data(started.replacingOccurrences(of: #""seconds":3"#, with: #""seconds":1e999"#).utf8),
             ":1: not a line of touchspots' event log: a 'guide' that does not describe a step of kind 'line'"),
            ("judged-first", Data(lines.first { $0.contains(#""state":"judged""#) }!.utf8), "judged but never started"),
            ("truncated", Data(valid.utf8.prefix(valid.utf8.count / 2)), "not a line"),
        ]
        // Numbers out of every range, in the frames of a real run.
        let huge = lines.map { $0.contains(#""type":"frame""#) ? $0.replacingOccurrences(of: #""x":"#, with: #""x":1e300,"was":"#) : $0 }
        cases.append(("huge-places", Data(huge.joined(separator: "\n").utf8), ""))
        for (name, content, told) in cases {
            let path = "\(directory!)/\(name).jsonl"
            try content.write(to: URL(fileURLWithPath: path))
            let result = try report(["judge", path, "--json", "\(directory!)/\(name).json", "--html", "\(directory!)/\(name).html"])
            if told.isEmpty {
                XCTAssertEqual(result.status, 0, "\(name): \(result.errors)")
                continue
            }
            XCTAssertEqual(result.status, 1, "\(name): \(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix("touchspots-report: \(path)") || result.errors.hasPrefix("touchspots-report: "),
                          "\(name): \(result.errors)")
            XCTAssertTrue(result.errors.contains(told), "\(name): \(result.errors)")
            XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, "\(name): one line")
        }
        let missing = try report(["judge", "\(directory!)/none.jsonl", "--json", "-"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.errors.contains("no such file"), missing.errors)
        let notReport = try report(["compare", OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), OfflineJudgeTests.fixture("qualify-quick-weston.jsonl")])
        XCTAssertEqual(notReport.status, 1)
        XCTAssertTrue(notReport.errors.contains("not a touchspots qualify report"), notReport.errors)
    }
}
