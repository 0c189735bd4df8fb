import ArgumentParser
import CommandLineErrors
import EventLogFormat
import Foundation
import Glibc
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
/// makes a run that did not qualify exit 2, for a CI that gates on it); with no report
/// asked for, the verdict on standard output is the answer, and the status says it too (0
/// qualified, 2 not, the status `--fail-unless-qualified` gives); `compare` exits 1 when a
/// verdict differs (a table printed; an error prints none). 1 when a file cannot be read or is not what it should
/// be (a log that is not a qualify run's, a hostile line), 64 for wrong arguments (a bad
/// plan, an output that is an input). Every error is one line on standard error:
/// argument-parser's own, which can run to four lines with the usage, are cut to their
/// message.
@main
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots-report",
        abstract: "Judge a touchspots qualify run from its event log or a libinput recording, and compare two runs.",
        // Given alone, argument-parser answers --version before it falls back to `judge`
        // (which would ask for a log), as it does --help.
        version: touchspotsVersionText,
        subcommands: [Judge.self, Recording.self, Compare.self],
        defaultSubcommand: Judge.self)

    static func main() {
        // A closed standard output is an EPIPE told in one line, not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitTelling(error)
        }
    }

    /// Ends the program for `error`: a usage error of the tool's own as its message in one
    /// line (status 64), anything else as every tool ends (`CommandLineErrors`).
    static func exitTelling(_ error: Error) -> Never {
        if let usage = error as? UsageFailure {
            tell(usage.description)
            Glibc.exit(64)
        }
        exitTelling(error) { tell($0) }
    }
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

    @Flag(help: "Exit with status 2 unless every step was judged and every check passed (always so without --html, --json or --junit).")
    var failUnlessQualified = false

    /// What `judge` and `recording` say of their outputs and status in their help.
    static let discussion = """
        The verdict goes to standard error under the reports written: how many checks \
        passed, then each failed check (step, validator, figure, limit) and each step not \
        judged. With no --html, --json or --junit, the verdict is the output, on standard \
        output, and the exit status says it: 0 qualified, 2 not (as \
        --fail-unless-qualified has it).
        """

    var paths: [(flag: String, path: String)] {
        [("--html", html), ("--json", json), ("--junit", junit)].compactMap { flag, path in path.map { (flag, $0) } }
    }

    /// Refuses, before anything is read, outputs that are `inputs` or each other.
    func check(inputs: [String]) throws {
        try ReportOutputs.check(paths, inputs: inputs)
    }

    /// Writes the reports asked for, all or none, says the verdict on standard error, and
    /// gates. Every text is made first: a report whose figures JSON cannot hold writes
    /// nothing. With no report asked for, the verdict is the output: on standard output,
    /// its status 0 qualified or 2 not (a person at a terminal asked "does it qualify?";
    /// refusing them for want of a file was no answer).
    func write(_ judged: QualifyReport) throws {
        // Every report says what made it, when and where (docs/qualify.md, "What a report
        // names"); the terminal says it under the verdict, as the page and the JUnit do.
        var report = judged
        report.madeBy = QualifyReport.madeHere()
        let lines = report.verdictLines + report.provenance.map { "  \($0.label): \(printableText($0.text, limit: 600))" }
        if paths.isEmpty {
            try fail { try ReportOutputs.writeAll(lines.map { $0 + "\n" }.joined(), to: 1, name: "standard output") }
            if !report.summary.qualified { throw ExitCode(2) }
            return
        }
        try fail {
            var texts: [(path: String, text: String)] = []
            if let html { texts.append((html, ReportHTML.render(report))) }
            if let json {
                do { texts.append((json, try report.json())) } catch {
                    throw ReportError("the report cannot be written as JSON: \(error)")
                }
            }
            if let junit { texts.append((junit, ReportJUnit.render(report))) }
            try ReportOutputs.write(texts)
        }
        // The summary told as every line of the tool is; the failed checks under it,
        // indented, as its continuation (standard output may be the report itself).
        tell(lines[0])
        let rest = lines.dropFirst().map { $0 + "\n" }.joined()
        if !rest.isEmpty { try? ReportOutputs.writeAll(rest, to: 2, name: "standard error") }
        if failUnlessQualified && !report.summary.qualified { throw ExitCode(2) }
    }
}

struct Judge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge the qualify run in LOG (touchspots --qualify PLAN --event-log LOG) and write its report.",
        discussion: Outputs.discussion)

    @Argument(help: "The run's event log (JSON Lines).")
    var log: String

    @OptionGroup var outputs: Outputs

    func run() throws {
        try outputs.check(inputs: [log])
        try outputs.write(try fail {
            var reading = OfflineJudge(compositor: outputs.compositor).reading()
            try ReportFiles.readLog(log) { line, number in
                do { try reading.read(line) } catch { throw ReportError("\(log):\(number): \(error)") }
            }
            var report: QualifyReport
            do { report = try reading.report(source: log) } catch { throw ReportError("\(log): \(error)") }
            report.compositorPackage = CompositorPackage.version(of: report.run)
            return report
        })
    }
}

struct Recording: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge a qualify run recorded with `libinput record` (a person following PLAN on a screen of SCREEN pixels).",
        discussion: Outputs.discussion)

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

    @Option(help: ArgumentHelp("Which touches are each step's: found (from the touches themselves: a recording made without touchspots on screen), next (told by Next taps on touchspots' screen), or each step's touches, numbered from 1 in the order they began, like 1/2/3-7/-/8-9,12 ('-' skips a step).", valueName: "HOW"))
    var steps = "found"

    @OptionGroup var outputs: Outputs

    func validate() throws {
        guard let size = screenSize else { throw ValidationError("--screen takes WxH, like 1280x800") }
        guard (100...16384).contains(size.width), (100...16384).contains(size.height) else {
            throw ValidationError("--screen must be 100 to 16384 pixels each way, not \(screen)")
        }
        if let millimetresPerPixel, !OutputSize.judgedScales.contains(millimetresPerPixel) {
            throw ValidationError("--millimetres-per-pixel must be \(OutputSize.judgedScalesText)")
        }
        do { _ = try StepChoice(steps) } catch { throw ValidationError(error.description) }
    }

    private var screenSize: Size? {
        let parts = screen.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        return Size(width: parts[0], height: parts[1])
    }

    func run() throws {
        let path = PlanFormat.path(for: plan)
        try outputs.check(inputs: [recording, path])
        // A plan that cannot be read or is not a plan is a bad argument, as the client's
        // --qualify has it: status 64.
        let parsed: QualifyPlan
        do {
            let text = String(decoding: try ReportFiles.read(path, limit: 64 << 10, what: "plan"), as: UTF8.self)
            parsed = try PlanFormat.parse(text, path: path)
        } catch let error as ReportError {
            throw UsageFailure(error.description)
        } catch {
            throw UsageFailure("\(error)")
        }
        // A list of more steps than the plan has is a bad argument, known before reading.
        if case .given(let lists) = try StepChoice(steps), lists.count > parsed.steps.count {
            throw UsageFailure("--steps names \(lists.count) steps, the plan \(printableText(plan, limit: 200)) has \(parsed.steps.count)")
        }
        try outputs.write(try fail {
            // The recording reader opens its file itself: a FIFO or a device is refused here.
            let checked = try ReportFiles.open(recording, what: "recording")
            if checked != 0 { close(checked) }
            let record: LibinputRecord
            do { record = try LibinputRecord(path: recording, device: device) } catch { throw ReportError("\(error)") }
            return try RecordingJudge(plan: parsed, screen: screenSize!, millimetresPerPixel: millimetresPerPixel,
                                      compositor: outputs.compositor, steps: try StepChoice(steps)).report(record, source: recording)
        })
    }
}

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two reports (JSON) step by step and validator by validator.",
        discussion: """
            Prints one row per step and validator with both figures and verdicts, <> where \
            the verdicts differ. Exits 0 when no verdict differs, 1 when one does (as \
            diff(1) does) or a report cannot be read.
            """)

    @Argument(help: "The first report's JSON (A).")
    var a: String

    @Argument(help: "The second report's JSON (B).")
    var b: String

    func validate() throws {
        guard !(a == "-" && b == "-") else {
            throw ValidationError("A and B cannot both be '-': standard input holds one report")
        }
    }

    func run() throws {
        let comparison = try fail { ReportComparison(try ReportFiles.readReport(a), try ReportFiles.readReport(b)) }
        try fail { try ReportOutputs.writeAll(comparison.text, to: 1, name: "standard output") }
        if comparison.differing > 0 { throw ExitCode(1) }
    }
}

/// Runs `body`; a `ReportError` is told on standard error, one line, and ends the program
/// with status 1.
func fail<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ReportError {
        // A log's own text (a state, a plan's name) may hold escape sequences: `tell` shows
        // them, not runs them.
        tell(error.description)
        throw ExitCode(1)
    }
}

/// One line on standard error, `touchspots-report: ` first, its control characters shown
/// as `\u{..}` and cut at 2,000 characters (a 100 KB argument was echoed whole), as the
/// client and the harness tell theirs. Written with write(2), its errors ignored:
/// FileHandle's `write(_:)` traps when standard error is a full disk.
func tell(_ line: String) {
    let bytes = Array("touchspots-report: \(printableText(line, limit: 2_000))\n".utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}
