import Foundation
import Glibc
import ToolSupport

/// touchspots against weston-simple-touch, the reference touch client that ships with
/// weston, on the same headless weston and the same paced stream of fingers: client CPU,
/// the weston CPU each one causes, and start-up time to a mapped window. Runs alternate
/// the two clients, so the machine's drift hits both alike; medians are reported.
public enum ClientBenchmark {
    public struct Configuration: Sendable {
        public var fingers = 10
        public var rate = 120.0
        public var seconds = 5.0
        public var runs = 3
        public var width = 1024
        public var height = 768
        /// More arguments for touchspots (`--panel`, `--trails`: their cost when shown).
        public var touchspotsArguments: [String] = []
        public init() {}
    }

    public enum Client: String, CaseIterable, Sendable {
        case westonSimpleTouch = "weston-simple-touch"
        /// touchspots' protocol work and nothing else (Sources/touchspots-reference-client):
        /// the floor of its design, for CPU.
        case reference = "reference-client"
        case touchspots
    }

    public struct Sample: Sendable {
        public let client: Client
        public let run: Int
        /// CPU time the client used during the stream, in ms.
        public let clientCPU: Double
        /// CPU time weston used during the stream, in ms.
        public let westonCPU: Double
        /// From starting the client to its window being on screen and touchable, in ms.
        public let startToMapped: Double
        public let frames: Int
        public let commits: Int
    }

    /// CPU time of a process, all its threads, in ns, from /proc/PID/task/*/schedstat.
    static func cpuTime(of pid: pid_t) -> UInt64 {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total: UInt64 = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let ns = UInt64(first) else { continue }
            total += ns
        }
        return total
    }

    /// Finger `f` of `count` at `step`: fingers spread on a circle that turns, inside the
    /// 600 x 500 window weston-simple-touch draws (touchspots is fullscreen and covers it).
    static func place(_ f: Int, of count: Int, step: Int, rate: Double) -> (Double, Double) {
        let angle = 2 * Double.pi * (Double(f) / Double(count) + Double(step) / rate / 4)
        return (300 + 180 * cos(angle), 250 + 180 * sin(angle))
    }

    /// One frame of the stream: every finger's `verb` (down or motion) at `step`.
    static func batch(step: Int, _ verb: String, fingers: Int, rate: Double) -> [String] {
        (0..<fingers).map { f in
            let (x, y) = place(f, of: fingers, step: step, rate: rate)
            return "\(verb) \(f) \(x) \(y)"
        } + ["frame"]
    }

    /// A fresh run folder (RunFolder: the old run's replaced, a folder of the user's
    /// refused) and a headless weston of the configured size logging into it.
    static func startWeston(in folder: String, _ c: Configuration) throws -> Weston {
        try startWeston(in: folder, width: c.width, height: c.height)
    }

    static func startWeston(in folder: String, width: Int, height: Int) throws -> Weston {
        try RunFolder.fresh(folder)
        var westonConfiguration = Weston.Configuration(modulePath: Products.westonModule,
                                                       logPath: "\(folder)/weston.log")
        westonConfiguration.width = width
        westonConfiguration.height = height
        return try Weston(westonConfiguration)
    }

    /// The fingers land, move `rate` times a second for `seconds`, paced on
    /// CLOCK_MONOTONIC, and lift; then weston syncs with the client.
    static func stream(_ weston: Weston, fingers: Int, rate: Double, seconds: Double) throws {
        try weston.control.send(batch: batch(step: 0, "down", fingers: fingers, rate: rate))
        let start = MonotonicClock.now()
        for step in 1...max(1, Int(rate * seconds)) {
            MonotonicClock.sleep(until: start + Double(step) / rate)
            try weston.control.send(batch: batch(step: step, "motion", fingers: fingers, rate: rate))
        }
        try weston.control.send(batch: (0..<fingers).map { "up \($0)" } + ["frame"])
        try weston.control.send("sync")
    }

    /// One client, one run: start weston, start the client, stream, read the counters.
    public static func measure(_ client: Client, run: Int, configuration c: Configuration,
                               directory: String) throws -> Sample {
        let folder = Self.folder(of: client, run: run, in: directory)
        let weston = try startWeston(in: folder, c)
        defer { weston.stop() }
        let arguments = switch client {
        case .touchspots: [Products.touchspots, "--fullscreen"] + c.touchspotsArguments
        case .reference: [Products.referenceClient]
        case .westonSimpleTouch: ["weston-simple-touch"]
        }
        // weston repaints for a moment after it starts; a client started meanwhile is shown
        // at the first repaint after its buffer that the running cycle allows, so the same
        // start-up could measure 12 or 39 ms. Started on an idle weston, as a user's launch
        // usually is, the window is shown one repaint delay after its first buffer.
        try weston.control.send("wait-idle")
        let started = MonotonicClock.now()
        let process = try ChildProcess(name: client.rawValue, arguments: arguments,
                                       environment: weston.clientEnvironment, logPath: "\(folder)/client.log")
        defer { _ = try? process.stop(timeout: 2) }
        try weston.control.send("wait-ready", timeout: 20)
        let mapped = MonotonicClock.now()
        try weston.control.send("sync")

        let frames = Int(c.rate * c.seconds)
        let commitsBefore = Int(try weston.control.send("commits")) ?? 0
        let clientBefore = cpuTime(of: process.pid), westonBefore = cpuTime(of: weston.pid)
        try stream(weston, fingers: c.fingers, rate: c.rate, seconds: c.seconds)
        let clientCPU = Double(cpuTime(of: process.pid) - clientBefore) / 1e6
        let westonCPU = Double(cpuTime(of: weston.pid) - westonBefore) / 1e6
        let commits = (Int(try weston.control.send("commits")) ?? 0) - commitsBefore
        guard !process.hasExited else { throw HarnessError("\(client.rawValue) exited during the stream") }
        return Sample(client: client, run: run, clientCPU: clientCPU, westonCPU: westonCPU,
                      startToMapped: (mapped - started) * 1000, frames: frames, commits: commits)
    }

    /// Every run, the clients alternating (the first client changes with each run).
    /// Each run's folder under `directory` (RunFolder).
    static func folder(of client: Client, run: Int, in directory: String) -> String {
        "\(directory)/\(client.rawValue)-\(run)"
    }

    static func latencyFolder(rate: Double, in directory: String) -> String { "\(directory)/latency-\(Int(rate))hz" }

    /// Every folder `bench` replaces under `directory`: the runs, the latency streams at
    /// `latencyRates` and the allocation count. Checked before the first run starts
    /// (`RunFolder.checkReplaceable`), so a folder of the user's stops the command at once.
    public static func folders(_ c: Configuration, latencyRates: [Double], in directory: String) -> [String] {
        (1...max(1, c.runs)).flatMap { run in Client.allCases.map { folder(of: $0, run: run, in: directory) } }
            + latencyRates.map { latencyFolder(rate: $0, in: directory) } + ["\(directory)/allocations"]
    }

    public static func run(_ configuration: Configuration, directory: String,
                           progress: (Sample) -> Void = { _ in }) throws -> [Sample] {
        var samples: [Sample] = []
        for run in 1...configuration.runs {
            let order = run % 2 == 1 ? Client.allCases : Client.allCases.reversed()
            for client in order {
                let sample = try measure(client, run: run, configuration: configuration, directory: directory)
                progress(sample)
                samples.append(sample)
            }
        }
        return samples
    }

    /// touchspots' own latency lines (`presented`) for a stream at `rate`: at a slow rate
    /// every touch frame arrives with no frame callback pending, so touch-to-commit is what
    /// touchspots itself adds.
    public struct Latency: Sendable {
        public let rate: Double
        public let touchToCommit: [Double]
        /// Touch to commit for the commits whose touch found no frame callback pending.
        public let touchToCommitUnwaited: [Double]
        public let touchToPresent: [Double]
    }

    public static func latency(rate: Double, seconds: Double, configuration c: Configuration,
                               directory: String) throws -> Latency {
        let folder = Self.latencyFolder(rate: rate, in: directory)
        let weston = try startWeston(in: folder, c)
        defer { weston.stop() }
        let log = EventLogReader(path: "\(folder)/events.jsonl")
        let process = try ChildProcess(name: "touchspots", arguments: [Products.touchspots, "--fullscreen",
                                                                        "--event-log", log.path],
                                       environment: weston.clientEnvironment, logPath: "\(folder)/client.log")
        defer { _ = try? process.stop(timeout: 2) }
        try weston.control.send("wait-ready", timeout: 20)
        try weston.control.send("sync")
        try stream(weston, fingers: c.fingers, rate: rate, seconds: seconds)
        let lines = try log.presentations().filter { $0.discarded != true }
        return Latency(rate: rate, touchToCommit: lines.map(\.touchToCommitMs),
                       touchToCommitUnwaited: lines.filter { $0.waitedForFrame == false }.map(\.touchToCommitMs),
                       touchToPresent: lines.compactMap(\.touchToPresentMs))
    }

    /// The whole client's heap allocations in steady state: touchspots runs with the
    /// allocation counter preloaded (Sources/TouchspotsAllocCount), the fingers land and
    /// move for a second of warm-up, then the count is read (SIGUSR2) before and after
    /// `seconds` of motion.
    public struct Allocations: Sendable {
        public let frames: Int
        public let commits: Int
        public let allocations: Int
        public var perFrame: Double { Double(allocations) / Double(max(1, frames)) }
        public var perCommit: Double { Double(allocations) / Double(max(1, commits)) }
    }

    public static func allocations(configuration c: Configuration, directory: String) throws -> Allocations {
        let counter = Products.allocationCounter
        guard FileManager.default.fileExists(atPath: counter) else {
            throw HarnessError("no allocation counter at \(counter) (build it with swift build, or set TOUCHSPOTS_ALLOC_COUNT)")
        }
        let folder = "\(directory)/allocations"
        let weston = try startWeston(in: folder, c)
        defer { weston.stop() }
        let countFile = "\(folder)/allocations.txt"
        var environment = weston.clientEnvironment
        environment["LD_PRELOAD"] = counter
        environment["TOUCHSPOTS_ALLOC_COUNT_FILE"] = countFile
        let process = try ChildProcess(name: "touchspots",
                                       arguments: [Products.touchspots, "--fullscreen"] + c.touchspotsArguments,
                                       environment: environment, logPath: "\(folder)/client.log")
        defer { _ = try? process.stop(timeout: 2) }
        try weston.control.send("wait-ready", timeout: 20)
        try weston.control.send("sync")

        let warmUp = max(1, Int(c.rate))
        let frames = Int(c.rate * c.seconds)
        try weston.control.send(batch: batch(step: 0, "down", fingers: c.fingers, rate: c.rate))
        var step = 0
        func move(_ count: Int) throws {
            let start = MonotonicClock.now()
            for i in 1...count {
                MonotonicClock.sleep(until: start + Double(i) / c.rate)
                step += 1
                try weston.control.send(batch: batch(step: step, "motion", fingers: c.fingers, rate: c.rate))
            }
            try weston.control.send("sync")
        }
        try move(warmUp)
        let before = try readCount(countFile, of: process, reading: 1)
        let commitsBefore = Int(try weston.control.send("commits")) ?? 0
        try move(frames)
        let after = try readCount(countFile, of: process, reading: 2)
        let commits = (Int(try weston.control.send("commits")) ?? 0) - commitsBefore
        try weston.control.send(batch: (0..<c.fingers).map { "up \($0)" } + ["frame"])
        return Allocations(frames: frames, commits: commits, allocations: after - before)
    }

    /// Asks the counter for its count (SIGUSR2) and waits for its `line`-th line.
    private static func readCount(_ path: String, of process: ChildProcess, reading line: Int) throws -> Int {
        process.signal(SIGUSR2)
        let deadline = MonotonicClock.now() + 5
        while MonotonicClock.now() < deadline {
            let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
            if lines.count >= line, let count = Int(lines[line - 1]) { return count }
            usleep(2000)
        }
        throw HarnessError("the allocation counter did not answer (is \(Products.allocationCounter) preloaded?)")
    }

    public static func report(_ allocations: Allocations, configuration c: Configuration) -> String {
        "The whole client's heap allocations in steady state (\(c.fingers) fingers moving at \(Int(c.rate)) Hz, "
            + "\(allocations.frames) frames after a second of warm-up; malloc, calloc, realloc and the aligned "
            + "allocators counted by Sources/TouchspotsAllocCount): \(allocations.allocations) allocations, "
            + String(format: "%.2f per touch frame, %.2f per commit (%d commits).\n",
                     allocations.perFrame, allocations.perCommit, allocations.commits)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p / 100).rounded(.up)) - 1)]
    }

    public static func report(_ latencies: [Latency]) -> String {
        var out = "touchspots' own latency lines on the same weston (`presented`, ms):\n\n"
        out += "| stream | commits | touch -> commit p50 | p99 | no callback pending: commits | p50 | p99 | touch -> screen p50 | p99 |\n|---|---|---|---|---|---|---|---|---|\n"
        for l in latencies {
            func f(_ v: Double) -> String { String(format: "%.2f", v) }
            out += "| \(Int(l.rate)) Hz | \(l.touchToCommit.count) | \(f(percentile(l.touchToCommit, 50))) | \(f(percentile(l.touchToCommit, 99))) | \(l.touchToCommitUnwaited.count) | \(f(percentile(l.touchToCommitUnwaited, 50))) | \(f(percentile(l.touchToCommitUnwaited, 99))) | \(f(percentile(l.touchToPresent, 50))) | \(f(percentile(l.touchToPresent, 99))) |\n"
        }
        return out
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Medians per client and touchspots' ratio to weston-simple-touch, as Markdown.
    public static func report(_ samples: [Sample], configuration c: Configuration) -> String {
        func medianOf(_ client: Client, _ value: (Sample) -> Double) -> Double {
            median(samples.filter { $0.client == client }.map(value))
        }
        let rows: [(String, (Sample) -> Double, String)] = [
            ("client CPU", { $0.clientCPU }, "ms"),
            ("weston CPU caused", { $0.westonCPU }, "ms"),
            ("start -> window mapped", { $0.startToMapped }, "ms"),
            ("commits", { Double($0.commits) }, ""),
        ]
        var out = "\(c.fingers) fingers at \(Int(c.rate)) Hz for \(c.seconds) s on headless weston "
        out += "(\(c.width)x\(c.height), pixman), \(c.runs) alternated runs, medians; "
        out += "touchspots is \(Products.touchspots):\n\n"
        out += "| | weston-simple-touch | reference client | touchspots | reference ratio | touchspots ratio |\n"
        out += "|---|---|---|---|---|---|\n"
        for (name, value, unit) in rows {
            let simple = medianOf(.westonSimpleTouch, value)
            let reference = medianOf(.reference, value), ours = medianOf(.touchspots, value)
            func ratio(_ v: Double) -> String { simple > 0 ? String(format: "%.2f", v / simple) : "-" }
            func f(_ v: Double) -> String { "\(String(format: "%.1f", v)) \(unit)" }
            out += "| \(name) | \(f(simple)) | \(f(reference)) | \(f(ours)) | \(ratio(reference)) | \(ratio(ours)) |\n"
        }
        out += "\nEvery run:\n\n| client | run | client CPU ms | weston CPU ms | start -> mapped ms | commits |\n|---|---|---|---|---|---|\n"
        for s in samples {
            out += "| \(s.client.rawValue) | \(s.run) | \(String(format: "%.1f", s.clientCPU)) | \(String(format: "%.1f", s.westonCPU)) | \(String(format: "%.1f", s.startToMapped)) | \(s.commits) |\n"
        }
        return out
    }
}
