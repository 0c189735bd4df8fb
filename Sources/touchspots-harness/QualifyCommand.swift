import ArgumentParser
import CommandLineErrors
import Foundation
import Harness
import QualifyPlans
import ToolSupport
import TouchCore
import TouchRobot

/// `touchspots-harness qualify`: the robot qualifies a simulated panel through the real
/// client on a real headless compositor (docs/qualify.md, "The robot, live"). What the tests'
/// robot runs are is this command: a panel maker tries the judge on a known fault before
/// trusting it with a real panel, and a compositor developer sees a run end to end.
struct QualifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qualify",
        abstract: "The robot plays a qualify plan through touchspots on a headless compositor, with the panel faults asked for.",
        discussion: """
            touchspots runs fullscreen with --qualify PLAN under the compositor; the robot \
            follows the steps it announces, puts a careful person's fingers through a model of \
            the panel (its report rate, its mapping and the faults given) and taps Next. DIR \
            gets the run's event log (events.jsonl), the report (report.html, report.json, \
            report.xml: touchspots-report judge of that log) and every process's log. The \
            output is 1280x800 logical pixels on a panel of 217 x 136 mm (a 10.1-inch 16:10 \
            tablet) unless told. Exit status: 0 when the report was written, 2 with \
            --fail-unless-qualified when the panel did not qualify, 1 when the run could not \
            be made, 64 for a bad argument.

            Faults (--fault NAME[=N], as many as wanted): \(PanelFault.helpText).
            """)

    @Option(help: ArgumentHelp("The plan: quick, chromeos, windows, or a plan file.", valueName: "NAME|FILE"))
    var plan: String

    @Option(help: ArgumentHelp("Compositor to run on: \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "NAME"))
    var compositor = "weston"

    @Option(help: ArgumentHelp("A fault of the panel, NAME or NAME=N (repeatable; listed below).", valueName: "F"))
    var fault: [String] = []

    @Option(help: ArgumentHelp("Folder for the log, the report and the processes' logs (made anew).", valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("Output size in logical pixels.", valueName: "WxH"))
    var size = "1280x800"

    @Option(help: ArgumentHelp("The panel's size in millimetres.", valueName: "WxH"))
    var panel = "217x136"

    @Option(help: "Seed of the panel's noise and ghosts (the same seed, the same run).")
    var seed: UInt64 = 1

    @Flag(help: "Exit with status 2 unless every step was judged and every check passed.")
    var failUnlessQualified = false

    func validate() throws {
        guard CompositorKind(rawValue: compositor) != nil else {
            throw ValidationError("unknown compositor '\(printableText(compositor, limit: 200))': one of \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a folder") }
        guard let pixels = Self.pair(size, in: 320...4096) else { throw ValidationError("--size must look like 1280x800 (320 to 4096 each way)") }
        guard let millimetres = Self.pair(panel, in: 20...2000) else {
            throw ValidationError("--panel must look like 217x136 (millimetres, 20 to 2000 each way)")
        }
        // One millimetres per pixel both ways, as the client takes it from the output (its
        // width): a panel of another shape than the output would be judged wrong.
        let across = Double(millimetres.0) / Double(pixels.0), down = Double(millimetres.1) / Double(pixels.1)
        guard abs(across - down) <= 0.02 * across else {
            throw ValidationError("--size \(size) and --panel \(panel) differ in shape (\(fixed(across, decimals: 4)) and \(fixed(down, decimals: 4)) mm a pixel): a panel's pixels are square")
        }
        _ = try faults()
        _ = try readPlan()
    }

    /// `WxH` as two whole numbers within `range`.
    static func pair(_ text: String, in range: ClosedRange<Int>) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], range.contains(w), range.contains(h) else { return nil }
        return (w, h)
    }

    /// The faults asked for, each once.
    func faults() throws -> [PanelFault: Double] {
        var faults: [PanelFault: Double] = [:]
        for text in fault {
            let parsed: (fault: PanelFault, size: Double)
            do { parsed = try PanelFault.parse(text) } catch { throw ValidationError(printableText(error.description, limit: 400)) }
            guard faults[parsed.fault] == nil else { throw ValidationError("--fault \(parsed.fault.name) is given twice") }
            if parsed.fault != .none { faults[parsed.fault] = parsed.size }
        }
        return faults
    }

    /// The plan, read as the client will read it, so that a bad one is refused before a
    /// compositor starts.
    func readPlan() throws -> QualifyPlan {
        do { return try PlanFormat.read(plan) } catch { throw ValidationError(printableText(error.description, limit: 400)) }
    }

    func run() throws {
        let kind = CompositorKind(rawValue: compositor)!
        let (width, height) = Self.pair(size, in: 320...4096)!
        let (millimetresWide, millimetresHigh) = Self.pair(panel, in: 20...2000)!
        let faults = try faults()
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        do { try RunFolder.checkReplaceable([directory]) } catch { throw ValidationError("\(error)") }
        // The folder is made anew: a plan inside it would go with it before touchspots reads it.
        let planPath = URL(fileURLWithPath: PlanFormat.path(for: plan)).resolvingSymlinksInPath().path
        let folderPath = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        if planPath.hasPrefix(folderPath + "/") {
            throw ValidationError("the plan \(printableText(plan, limit: 200)) lies in the output folder \(printableText(out, limit: 200)), which a run makes anew: choose another --out")
        }
        do { try RunFolder.fresh(directory) } catch {
            throw HarnessError("cannot make the folder \(printableText(directory, limit: 200)): \((error as NSError).localizedDescription)")
        }
        // The output says the panel's size where the harness can give it one; elsewhere the
        // run begins with the card calibration, which the robot does at the panel's scale.
        let physical = [.weston, .sway, .cage, .phoc].contains(kind) ? PhysicalSize(width: millimetresWide, height: millimetresHigh) : nil
        let described = faults.isEmpty ? "a perfect panel" : faults.keys.sorted { $0.name < $1.name }
            .map { $0.defaultSize == nil ? $0.name : "\($0.name)=\(Self.number(faults[$0]!))" }.joined(separator: ", ")
        print("qualify: \(printableText(plan, limit: 200)) on \(kind.rawValue), \(width)x\(height) px, \(millimetresWide)x\(millimetresHigh) mm, \(described)")
        let run = try HeadlessRun(outputDirectory: directory, compositor: kind, width: width, height: height,
                                  clientArguments: ["--qualify", plan], physicalSize: physical)
        StopOnSignal.install { run.stop() }
        let finished: QualifyProgress
        do {
            finished = try QualifyPlayer(run: run, faults: faults, seed: seed,
                                         millimetresPerPixel: Double(millimetresWide) / Double(width)).play()
        } catch {
            run.stop()
            throw HarnessError("the run stopped: \(error) (logs in \(directory))")
        }
        run.stop()
        print("qualify: \(finished.of) steps played; the report:")
        let log = "\(directory)/events.jsonl"
        let report = try ChildProcess.run([Products.report, "judge", log, "--compositor", kind.rawValue,
                                           "--html", "\(directory)/report.html", "--json", "\(directory)/report.json",
                                           "--junit", "\(directory)/report.xml"]
                                          + (failUnlessQualified ? ["--fail-unless-qualified"] : []))
        for line in (report.output + report.errors).split(separator: "\n") {
            print(String(line).hasPrefix("touchspots-report: ") ? String(line) : "  \(line)")
        }
        print("event log: \(log)\nreport: \(directory)/report.html, report.json, report.xml")
        switch report.status {
        case 0: return
        case 2: throw ExitCode(2)
        default: throw HarnessError("touchspots-report could not judge the run (status \(report.status))")
        }
    }

    /// A fault's size as given: 30, not 30.0.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value))" : "\(value)"
    }
}
