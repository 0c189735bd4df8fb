import Foundation
import Glibc
import ToolSupport

/// A long paced stream of fingers to touchspots under headless weston, watching what a
/// leak or an unbounded queue would show: the client's resident memory over time, and
/// whether every frame sent was logged.
public enum Soak {
    public struct Configuration: Sendable {
        public var fingers = 10
        public var rate = 120.0
        public var seconds = 600.0
        /// Seconds between two readings of the client's resident memory.
        public var sampleInterval = 5.0
        public init() {}
    }

    public struct Result: Sendable {
        /// Frames the stream sent (the down, every motion, the up).
        public let framesSent: Int
        /// `frame` lines in the event log.
        public let framesLogged: Int
        /// (seconds since the stream began, resident kB) at every reading.
        public let residentKB: [(seconds: Double, kB: Int)]

        /// Growth of resident memory over the run, in kB: the median of the last fifth of
        /// the readings minus the median of the second fifth (the first fifth is warm-up:
        /// buffers, glyph caches and the allocator's arenas filling).
        public var growthKB: Int {
            let count = residentKB.count
            guard count >= 5 else { return 0 }
            func median(_ slice: ArraySlice<(seconds: Double, kB: Int)>) -> Int {
                let sorted = slice.map(\.kB).sorted()
                return sorted[sorted.count / 2]
            }
            return median(residentKB[(count * 4 / 5)...]) - median(residentKB[(count / 5)..<(count * 2 / 5)])
        }
    }

    /// Resident memory of a process in kB (VmRSS of /proc/PID/status); nil once it is gone.
    static func residentKB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// Counts the `frame` lines of an event log without parsing it (a 10-minute run of 10
    /// fingers writes some 70 MB).
    static func frameLines(in path: String) throws -> Int {
        guard let file = FileHandle(forReadingAtPath: path) else { throw HarnessError("cannot read \(path)") }
        defer { try? file.close() }
        let marker = Array(#"{"type":"frame""#.utf8)
        var count = 0
        var carry: [UInt8] = []
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            let bytes = carry + chunk
            var lineStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                if index - lineStart >= marker.count, Array(bytes[lineStart..<lineStart + marker.count]) == marker {
                    count += 1
                }
                lineStart = index + 1
            }
            carry = Array(bytes[lineStart...])
        }
        return count
    }

    public static func run(_ c: Configuration, directory: String,
                           progress: (Double, Int) -> Void = { _, _ in }) throws -> Result {
        var benchmark = ClientBenchmark.Configuration()
        benchmark.fingers = c.fingers
        // The run's own subfolder, made anew: `directory` is the user's --out, which may
        // hold files of theirs; startWeston replaces only a folder a run made (RunFolder).
        let folder = "\(directory)/soak"
        let weston = try ClientBenchmark.startWeston(in: folder, benchmark)
        defer { weston.stop() }
        let log = "\(folder)/events.jsonl"
        let client = try ChildProcess(name: "touchspots", arguments: [Products.touchspots, "--fullscreen", "--event-log", log],
                                      environment: weston.clientEnvironment, logPath: "\(folder)/touchspots.log")
        defer { _ = try? client.stop(timeout: 5) }
        try weston.control.send("wait-ready", timeout: 20)
        try weston.control.send("sync")

        func batch(_ step: Int, _ verb: String) -> [String] {
            ClientBenchmark.batch(step: step, verb, fingers: c.fingers, rate: c.rate)
        }
        let framesBefore = try frameLines(in: log)
        try weston.control.send(batch: batch(0, "down"))
        var readings: [(seconds: Double, kB: Int)] = []
        let start = MonotonicClock.now()
        var nextReading = 0.0
        let steps = max(1, Int(c.rate * c.seconds))
        for step in 1...steps {
            MonotonicClock.sleep(until: start + Double(step) / c.rate)
            try weston.control.send(batch: batch(step, "motion"))
            let elapsed = Double(step) / c.rate
            if elapsed >= nextReading {
                guard let kB = residentKB(of: client.pid) else {
                    throw HarnessError("touchspots exited during the soak: \(client.logTail())")
                }
                readings.append((elapsed, kB))
                progress(elapsed, kB)
                nextReading += c.sampleInterval
            }
        }
        try weston.control.send(batch: (0..<c.fingers).map { "up \($0)" } + ["frame"])
        try weston.control.send("sync")
        guard !client.hasExited else { throw HarnessError("touchspots exited during the soak: \(client.logTail())") }
        // Everything read is logged before the client answers the sync's pings.
        return Result(framesSent: steps + 2, framesLogged: try frameLines(in: log) - framesBefore,
                      residentKB: readings)
    }

    public static func report(_ result: Result, configuration c: Configuration) -> String {
        let first = result.residentKB.first?.kB ?? 0, last = result.residentKB.last?.kB ?? 0
        return """
            Soak: \(c.fingers) fingers at \(Int(c.rate)) Hz for \(Int(c.seconds)) s under headless weston.
            Frames sent \(result.framesSent), logged \(result.framesLogged).
            Resident memory: \(first) kB at the start, \(last) kB at the end, growth after warm-up \(result.growthKB) kB \
            (median of the last fifth of \(result.residentKB.count) readings minus median of the second fifth).

            """
    }
}
