import ArgumentParser
import EventLogFormat
import Foundation
import QualifyReport

/// `touchspots-report`: a qualify run's event log judged again, offline, into a report
/// (HTML, JSON, JUnit XML), and two reports compared (docs/qualify.md, "The report"). A
/// tool of its own so that the client's start does not carry the report's code.
///
/// Exit status: 0 when the report was written (whatever its verdicts: `--fail-unless-qualified`
/// makes a run that did not qualify exit 2, for a CI that gates on it), 1 when a file cannot
/// be read or is not what it should be (a log that is not a qualify run's, a hostile
/// line), 64 for wrong arguments.
@main
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots-report",
        abstract: "Judge a touchspots qualify run from its event log, and compare two runs.",
        subcommands: [Judge.self, Compare.self],
        defaultSubcommand: Judge.self)
}

struct Judge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge the qualify run in LOG (touchspots --qualify PLAN --event-log LOG) and write its report.")

    @Argument(help: "The run's event log (JSON Lines).")
    var log: String

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

    func run() throws {
        let report = try fail {
            try OfflineJudge(compositor: compositor).report(try ReportFiles.readLog(log), source: log)
        }
        try fail {
            if let html { try ReportFiles.write(ReportHTML.render(report), to: html) }
            if let json { try ReportFiles.write(try report.json(), to: json) }
            if let junit { try ReportFiles.write(ReportJUnit.render(report), to: junit) }
        }
        FileHandle.standardError.write(Data("touchspots-report: \(report.summary.passed) of \(report.summary.checks) checks passed\(report.summary.qualified ? ", qualified" : "")\n".utf8))
        if failUnlessQualified && !report.summary.qualified { throw ExitCode(2) }
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
