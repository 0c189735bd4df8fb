import ArgumentParser
import EventLogFormat
import Foundation
import LibinputRecord
import QualifyPlans
import QualifyReport
import TouchCore

/// `touchspots-report`: a qualify run's event log judged again, offline, into a report
/// (HTML, JSON, JUnit XML), a run recorded with `libinput record` judged the same way, and
/// two reports compared (docs/qualify.md, "The report"). A tool of its own so that the
/// client's start does not carry the report's code.
///
/// Exit status: 0 when the report was written (whatever its verdicts: `--fail-unless-qualified`
/// makes a run that did not qualify exit 2, for a CI that gates on it), 1 when a file cannot
/// be read or is not what it should be (a log that is not a qualify run's, a hostile
/// line), 64 for wrong arguments.
@main
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots-report",
        abstract: "Judge a touchspots qualify run from its event log or a libinput recording, and compare two runs.",
        subcommands: [Judge.self, Recording.self, Compare.self],
        defaultSubcommand: Judge.self)
}

/// Which reports to write, and what they say of the run: the options `judge` and
/// `recording` share.
struct Outputs: ParsableArguments {
    @Option(help: "Write the report as one self-contained HTML page.")
    var html: String?

    @Option(help: "Write the report as JSON (docs/qualify-report.schema.json).")
    var json: String?

    @Option(help: "Write the report as JUnit XML, one test case per validator run.")
    var junit: String?

    @Option(help: "Name the compositor the run went through, for the report.")
    var compositor: String?

    @Flag(help: "Exit with status 2 unless every step was judged and every check passed.")
    var failUnlessQualified = false

    func validate() throws {
        if html == nil && json == nil && junit == nil {
            throw ValidationError("say which report to write: --html FILE, --json FILE or --junit FILE ('-' for standard output)")
        }
    }

    /// Writes the reports asked for, says the verdict on standard error, and gates.
    func write(_ report: QualifyReport) throws {
        try fail {
            if let html { try ReportFiles.write(ReportHTML.render(report), to: html) }
            if let json { try ReportFiles.write(try report.json(), to: json) }
            if let junit { try ReportFiles.write(ReportJUnit.render(report), to: junit) }
        }
        let summary = report.summary
        FileHandle.standardError.write(Data("touchspots-report: \(summary.passed) of \(summary.checks) checks passed\(summary.qualified ? ", qualified" : "")\n".utf8))
        if failUnlessQualified && !summary.qualified { throw ExitCode(2) }
    }
}

struct Judge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge the qualify run in LOG (touchspots --qualify PLAN --event-log LOG) and write its report.")

    @Argument(help: "The run's event log (JSON Lines).")
    var log: String

    @OptionGroup var outputs: Outputs

    func run() throws {
        try outputs.write(try fail {
            try OfflineJudge(compositor: outputs.compositor).report(try ReportFiles.readLog(log), source: log)
        })
    }
}

struct Recording: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge a qualify run recorded with `libinput record` (a person following PLAN on a screen of SCREEN pixels).")

    @Argument(help: "The recording: libinput record's YAML (one device or --all) or an evemu-record file.")
    var recording: String

    @Option(help: ArgumentHelp("The device to judge, by name or node (/dev/input/eventN), where the recording holds several: the first touchscreen unless given; a touchpad only when given.", valueName: "NAME"))
    var device: String?

    @Option(help: "The plan the person followed: quick, chromeos, windows, or a plan file.")
    var plan: String

    @Option(help: "The screen the touchscreen maps onto, logical pixels (WxH).")
    var screen: String

    @Option(help: "Millimetres per logical pixel, where the device does not say its resolution.")
    var millimetresPerPixel: Double?

    @OptionGroup var outputs: Outputs

    func validate() throws {
        guard screenSize != nil else { throw ValidationError("--screen takes WxH, like 1280x800") }
        if let millimetresPerPixel, !(millimetresPerPixel > 0 && millimetresPerPixel < 10) {
            throw ValidationError("--millimetres-per-pixel must be above 0 and below 10")
        }
    }

    private var screenSize: Size? {
        let parts = screen.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        return Size(width: parts[0], height: parts[1])
    }

    func run() throws {
        try outputs.write(try fail {
            let path = PlanFormat.path(for: plan)
            let text = String(decoding: try ReportFiles.read(path, limit: 64 << 10, what: "plan"), as: UTF8.self)
            let parsed: QualifyPlan
            do { parsed = try PlanFormat.parse(text, path: path) } catch { throw ReportError("\(error)") }
            let record: LibinputRecord
            do { record = try LibinputRecord(path: recording, device: device) } catch { throw ReportError("\(error)") }
            return try RecordingJudge(plan: parsed, screen: screenSize!, millimetresPerPixel: millimetresPerPixel,
                                      compositor: outputs.compositor).report(record, source: recording)
        })
    }
}

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two reports (JSON) step by step and validator by validator.")

    @Argument(help: "The first report's JSON (A).")
    var a: String

    @Argument(help: "The second report's JSON (B).")
    var b: String

    func run() throws {
        let comparison = try fail { ReportComparison(try ReportFiles.readReport(a), try ReportFiles.readReport(b)) }
        print(comparison.text, terminator: "")
    }
}

/// Runs `body`; a `ReportError` is told on standard error, one line, and ends the program
/// with status 1.
func fail<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ReportError {
        FileHandle.standardError.write(Data("touchspots-report: \(error.description)\n".utf8))
        throw ExitCode(1)
    }
}
