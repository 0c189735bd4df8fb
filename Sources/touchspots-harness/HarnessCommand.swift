import ArgumentParser
import CommandLineErrors
import Foundation
import Harness
import ToolSupport
import TouchCore

@main
struct HarnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots-harness",
        abstract: "Runs touchspots under a headless compositor and plays touch scenarios.",
        version: touchspotsVersionText,
        subcommands: [Run.self, InteropCommand.self, BenchCommand.self, TouchToPixelCommand.self, SoakCommand.self,
                      ReplayCommand.self, ConformanceCommand.self, QualifyCommand.self, EventLogSchemaCommand.self,
                      ReportSchemaSetsCommand.self])

    /// Parses and runs; every error is one line on standard error, `touchspots-harness: `
    /// first, as the client and the report tool tell theirs (`CommandLineErrors`): status
    /// 64 for a bad argument or input file, 1 at run time.
    static func main() {
        mainTellingErrorsInOneLine { line in
            // Control characters as `\u{1B}`, as the client and the report tool show them.
            FileHandle.standardError.write(Data("touchspots-harness: \(printableText(line, limit: 2_000))\n".utf8))
        }
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded event log or a libinput recording through a compositor to touchspots.",
        discussion: """
            RECORDING is a touchspots event log (JSON Lines: its frames, at their recorded \
            pace) or a recording of a touchscreen (`libinput record`'s YAML or an \
            `evemu-record` file, protocol A or B: its multi-touch contacts, mapped onto the \
            output; --device picks one device of several). touchspots runs fresh under the \
            compositor; for an event log, the gestures and labels it shows must be the ones \
            recorded (warnings are compared where the compositor can reproduce them; what a \
            harness cannot inject is reported as skipped). Writes DIR/report.txt and \
            prints it; exits 1 when gestures or labels differ. See docs/replay.md.
            """)

    @Argument(help: "The recording: an event log (JSON Lines), a libinput recording (YAML) or an evemu-record file.")
    var recording: String

    @Option(help: ArgumentHelp("The device of a libinput recording to replay, by name or node, where it holds several (the first touchscreen unless given).", valueName: "NAME"))
    var device: String?

    @Option(help: ArgumentHelp("Compositor to replay on: \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "NAME"))
    var compositor = "weston"

    @Option(help: ArgumentHelp("Folder for the new event log, the report and process logs.", valueName: "DIR"))
    var out = "out/replay"

    @Option(help: ArgumentHelp("Output size for a libinput recording (an event log brings its own).", valueName: "WxH"))
    var size = "1024x640"

    @Option(help: "Playback speed (2: twice as fast).") var speed = 1.0

    func validate() throws {
        guard CompositorKind(rawValue: compositor) != nil else { throw ValidationError("unknown compositor '\(printableText(compositor, limit: 200))'") }
        guard speed >= 0.01, speed <= 100 else { throw ValidationError("--speed must be in [0.01, 100]") }
        guard !out.isEmpty else { throw ValidationError("--out needs a folder") }
        // A recording is a file: a FIFO or a device (/dev/zero) is a bad input, status 64, as
        // docs/harness.md has it, not something read at run time.
        var info = stat()
        guard stat(recording, &info) == 0 else {
            throw ValidationError("cannot read the recording \(printableText(recording, limit: 200)): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ValidationError("the recording \(printableText(recording, limit: 200)) is not a regular file")
        }
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (64...8192).contains($0) }) else {
            throw ValidationError("--size must look like 1024x640")
        }
    }

    func run() throws {
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        // The folder is the replay's and is made anew: a recording inside it would go with
        // it (a hunt replayed out/replay/events.jsonl into the default --out and lost it),
        // and a folder of the user's is refused as run, bench and soak refuse it.
        let recordingPath = URL(fileURLWithPath: recording).resolvingSymlinksInPath().path
        let folderPath = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        if recordingPath == folderPath || recordingPath.hasPrefix(folderPath + "/") {
            throw ValidationError("\(recording) lies in the output folder \(out), which a replay makes anew: choose another --out")
        }
        do { try RunFolder.checkReplaceable([directory]) } catch { throw ValidationError("\(error)") }
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let loaded = Recording.isEventLog(recording) ? try Recording(eventLog: recording)
            : try Recording(libinputRecord: recording, width: parts[0], height: parts[1], device: device)
        try RunFolder.fresh(directory)
        let report = try Replay.run(loaded, compositor: CompositorKind(rawValue: compositor)!, directory: directory,
                                    speed: speed, name: (recording as NSString).lastPathComponent)
        try report.text.write(toFile: "\(directory)/report.txt", atomically: true, encoding: .utf8)
        print(report.text, terminator: "")
        if !report.passed { throw ExitCode(1) }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a headless compositor (weston unless told) and touchspots, play a scenario, save screenshots.",
        discussion: """
            The scenario format is described in docs/harness.md. Everything \
            started is stopped at the end, also on error or Ctrl-C.
            """)

    @Argument(help: "Scenario file ('-' for standard input). Omit with --demo.")
    var scenario: String?

    @Flag(help: "Play the built-in demo scenario.")
    var demo = false

    @Option(help: ArgumentHelp("Folder for screenshots, the event log and process logs.",
                               valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("Screen size in logical pixels.", valueName: "WxH"))
    var size = "1024x640"

    @Option(help: "Output scale.")
    var scale: Double = 1

    @Option(help: ArgumentHelp("Compositor to run: \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "NAME"))
    var compositor = "weston"

    @Argument(parsing: .postTerminator, help: "Arguments for touchspots, after --, e.g. -- --scene hittest.")
    var touchspotsArguments: [String] = []

    func validate() throws {
        if demo == (scenario != nil) {
            throw ValidationError("give either a scenario file or --demo")
        }
        guard parsedSize != nil else { throw ValidationError("--size must look like 1024x640") }
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1 to 4 (fractional on kwin)") }
        guard CompositorKind(rawValue: compositor) != nil else {
            throw ValidationError("unknown compositor '\(compositor)'")
        }
    }

    private var parsedSize: (Int, Int)? {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (64...8192).contains($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let parsed: Scenario
        do { parsed = demo ? try Scenario(text: Scenario.demoText) : try Scenario.read(scenario!) } catch {
            throw ValidationError("\(error)")
        }
        let (width, height) = parsedSize!
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        // The folder is the run's and is made anew, marked as the harness's; a folder of the
        // user's is refused, and so is a scenario inside the folder, which would go with it.
        if let scenario, scenario != "-" {
            let scenarioPath = URL(fileURLWithPath: scenario).resolvingSymlinksInPath().path
            let folderPath = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
            if scenarioPath == folderPath || scenarioPath.hasPrefix(folderPath + "/") {
                throw ValidationError("\(scenario) lies in the output folder \(out), which a run makes anew: choose another --out")
            }
        }
        do { try RunFolder.fresh(directory) } catch { throw ValidationError("\(error)") }

        let run = try HeadlessRun(outputDirectory: directory, compositor: CompositorKind(rawValue: compositor)!,
                                  width: width, height: height, scale: scale,
                                  clientArguments: (demo ? Scenario.demoClientArguments : []) + touchspotsArguments)
        StopOnSignal.install { run.stop() }
        let shots: [String]
        do {
            shots = try parsed.play(in: run)
        } catch {
            run.stop()
            throw error
        }
        let status = run.stop()
        print(printableText("event log: \(directory)/events.jsonl"))
        for shot in shots { print(printableText("screenshot: \(shot)")) }
        if demo && !shots.isEmpty {
            let sheet = "\(directory)/demo-contact-sheet.png"
            try ContactSheet.write(shots.map { $0.hasPrefix("/") ? $0 : "\(directory)/\($0)" }, to: sheet)
            print("contact sheet: \(sheet)")
        }
        if let status, status != 0 {
            throw HarnessError("touchspots exited with status \(status); see \(directory)/touchspots.log")
        }
    }
}

struct InteropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interop",
        abstract: "Play the same touch scenarios on several compositors and write the matrix.",
        discussion: """
            Writes DIR/matrix.md and DIR/matrix.json, plus each check's screenshots and logs \
            under DIR/<compositor>/<check>/. A compositor that is not installed is reported \
            as not run. Exits non-zero if any check failed.
            """)

    @Option(help: ArgumentHelp("Folder for the matrix and everything each check wrote.", valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("Comma-separated compositors (default: all).", valueName: "LIST"))
    var compositors = CompositorKind.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("Also write the matrix into this Markdown page, between its matrix markers (scripts/interop: docs/interop.md).",
                               valueName: "PAGE"))
    var page: String?

    func run() throws {
        let kinds = try compositors.split(separator: ",").map { name -> CompositorKind in
            guard let kind = CompositorKind(rawValue: String(name)) else {
                throw ValidationError("unknown compositor '\(name)'")
            }
            return kind
        }
        var pageText: String?
        if let page {
            do { pageText = try Interop.readPage(page) } catch { throw ValidationError("\(error)") }
        }
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        try RunFolder.checkReplaceable(Interop.folders(kinds, in: directory))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var rows: [Interop.Row] = []
        let started = Date()
        for kind in kinds {
            print("interop: \(kind.rawValue)...")
            rows.append(Interop.run(kind, directory: directory))
        }
        let markdown = Interop.markdown(rows)
        try markdown.write(toFile: "\(directory)/matrix.md", atomically: true, encoding: .utf8)
        try Interop.json(rows).write(to: URL(fileURLWithPath: "\(directory)/matrix.json"))
        print(markdown)
        if let page, let pageText {
            let seconds = Int(Date().timeIntervalSince(started).rounded())
            let day = ISO8601DateFormatter.string(from: started, timeZone: .current, formatOptions: [.withFullDate])
            let stamp = "Run on \(day), `scripts/interop \(compositors)`, \(seconds / 60) min \(seconds % 60) s:\n\n"
            try Interop.replacingMatrix(in: pageText, with: stamp + markdown)
                .write(toFile: page, atomically: true, encoding: .utf8)
        }
        if rows.contains(where: { $0.cells.values.contains { $0.outcome == .fail } }) {
            throw ExitCode(1)
        }
    }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compare touchspots with weston-simple-touch on a paced stream of fingers.",
        discussion: """
            Each run starts a headless weston with the harness module, starts one client, \
            streams the fingers at the given rate and reads the CPU time of the client and \
            of weston from /proc/PID/task/*/schedstat; the two clients alternate. Writes \
            DIR/report.md and prints it.
            """)

    @Option(help: ArgumentHelp("Folder for the report and each run's logs.", valueName: "DIR"))
    var out: String
    @Option(help: "Fingers down during the stream.") var fingers = 10
    @Option(help: ArgumentHelp("Frames per second of the stream.", valueName: "HZ")) var rate = 120.0
    @Option(help: "Seconds of streaming per run.") var seconds = 5.0
    @Option(help: "Runs per client (alternated).") var runs = 3
    @Argument(parsing: .postTerminator, help: "More arguments for touchspots, after --, e.g. -- --panel --trails.")
    var touchspotsArguments: [String] = []

    func validate() throws {
        guard (1...64).contains(fingers) else { throw ValidationError("--fingers must be 1...64") }
        guard rate >= 1, rate <= 1000 else { throw ValidationError("--rate must be in [1, 1000] Hz") }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard (1...50).contains(runs) else { throw ValidationError("--runs must be 1...50") }
    }

    func run() throws {
        var configuration = ClientBenchmark.Configuration()
        configuration.fingers = fingers
        configuration.rate = rate
        configuration.seconds = seconds
        configuration.runs = runs
        configuration.touchspotsArguments = touchspotsArguments
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        let latencyRates = [10, rate]
        try RunFolder.checkReplaceable(ClientBenchmark.folders(configuration, latencyRates: latencyRates, in: directory))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let samples = try ClientBenchmark.run(configuration, directory: directory) { sample in
            print("bench: \(sample.client.rawValue) run \(sample.run): client \(Int(sample.clientCPU)) ms, weston \(Int(sample.westonCPU)) ms, mapped after \(Int(sample.startToMapped)) ms")
        }
        // touchspots' own latency: a slow stream (every frame finds no frame callback
        // pending, so nothing waits) and the full-rate one.
        let latencies = try latencyRates.map {
            try ClientBenchmark.latency(rate: $0, seconds: seconds, configuration: configuration, directory: directory)
        }
        let allocations = try ClientBenchmark.allocations(configuration: configuration, directory: directory)
        let report = ClientBenchmark.report(samples, configuration: configuration) + "\n"
            + ClientBenchmark.report(latencies) + "\n"
            + ClientBenchmark.report(allocations, configuration: configuration)
        try report.write(toFile: "\(directory)/report.md", atomically: true, encoding: .utf8)
        print(report)
    }
}

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Stream fingers to touchspots for a long time, watching its memory and its log.",
        discussion: """
            Starts a headless weston with the harness module and touchspots with an event \
            log, streams the fingers at the given rate, reads the client's resident memory \
            (VmRSS) every few seconds and counts the frame lines logged. Fails (status 1) \
            when a frame sent was not logged or resident memory grew by more than \
            --max-growth after warm-up. Writes DIR/report.md and prints it.
            """)

    @Option(help: ArgumentHelp("Folder for the report, the logs and weston's.", valueName: "DIR"))
    var out: String
    @Option(help: "Fingers down during the stream.") var fingers = 10
    @Option(help: ArgumentHelp("Frames per second of the stream.", valueName: "HZ")) var rate = 120.0
    @Option(help: "Seconds of streaming.") var seconds = 600.0
    @Option(help: ArgumentHelp("Most resident memory may grow after warm-up.", valueName: "KB"))
    var maxGrowth = 2048

    func validate() throws {
        guard (1...64).contains(fingers) else { throw ValidationError("--fingers must be 1...64") }
        guard rate >= 1, rate <= 1000 else { throw ValidationError("--rate must be in [1, 1000] Hz") }
        guard seconds >= 10, seconds <= 86_400 else { throw ValidationError("--seconds must be in [10, 86400]") }
        guard maxGrowth >= 0 else { throw ValidationError("--max-growth must not be negative") }
    }

    func run() throws {
        var configuration = Soak.Configuration()
        configuration.fingers = fingers
        configuration.rate = rate
        configuration.seconds = seconds
        configuration.sampleInterval = max(1, seconds / 120)
        let directory = URL(fileURLWithPath: out).standardizedFileURL.path
        let result = try Soak.run(configuration, directory: directory) { elapsed, kB in
            if Int(elapsed) % 60 == 0 { print("soak: \(Int(elapsed)) s, resident \(kB) kB") }
        }
        let report = Soak.report(result, configuration: configuration)
        try report.write(toFile: "\(directory)/report.md", atomically: true, encoding: .utf8)
        print(report)
        if result.framesLogged != result.framesSent || result.growthKB > maxGrowth { throw ExitCode(1) }
    }
}
