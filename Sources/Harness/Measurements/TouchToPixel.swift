import Foundation
import Glibc
import ToolSupport
import TouchRobot

/// Touch to pixel, measured from outside the client: the weston module's pixel watch
/// (`watch X Y`, `watch-result`; Sources/TouchspotsWeston/pixel-watch.h) remembers the
/// output pixels where a probe finger is about to land and reports the presentation time
/// of the first repaint that changed them, and the floor (the first repaint that began at
/// least 1 ms after the touch: what a client answering at once would get).
///
/// Probe fingers land at seeded random moments on fresh points of the probe area (the
/// 600 x 500 window weston-simple-touch draws, centred on the output), stay 60 ms and lift;
/// with or without five other fingers circling at 120 Hz in a corner of that window,
/// away from every probe point. Every client gets the same schedule. Without the stream
/// ("nothing else moving") each probe waits until the previous one's tap has been shown
/// and weston's repaint cycle has stopped: it lands on a screen at rest.
public enum TouchToPixel {
    public enum Condition: String, CaseIterable, Sendable {
        case landingWithStream = "landing, 5 fingers streaming"
        case landingAlone = "landing, nothing else moving"
        case moveWithStream = "a finger jumps, 5 fingers streaming"

        var streams: Bool { self != .landingAlone }
        var moves: Bool { self == .moveWithStream }
    }

    /// A client under test: a name for the report and its command line.
    public struct Client: Sendable {
        public let name: String
        public let arguments: [String]
        public init(name: String, arguments: [String]) {
            self.name = name
            self.arguments = arguments
        }
        public static let westonSimpleTouch = Client(name: "weston-simple-touch", arguments: ["weston-simple-touch"])
        /// touchspots' protocol work and nothing else (Sources/touchspots-reference-client).
        public static let reference = Client(name: "reference client", arguments: [Products.referenceClient])
        public static func touchspots(_ extra: [String] = []) -> Client {
            Client(name: (["touchspots"] + extra).joined(separator: " "),
                   arguments: [Products.touchspots, "--fullscreen"] + extra)
        }
    }

    public struct Probe: Sendable {
        /// Injection to the end of the first repaint that changed the pixels (they are in
        /// the output's buffer), ms.
        public let toPixel: Double
        /// Injection to the end of the floor repaint, ms.
        public let floor: Double
        /// The same to those repaints' presentation (on headless weston a refresh later:
        /// its finish-frame timer), ms; `touchToPresentMs` counts to this.
        public let toPresented: Double
        public let floorPresented: Double
        /// Repaints between the floor and the one that changed the pixels (0: at the floor).
        public let repaintsPastFloor: Int
        /// The changed repaint's presentation time, CLOCK_MONOTONIC ns.
        public let presentedNanoseconds: UInt64
        /// The injection time, CLOCK_MONOTONIC ns.
        public let injectedNanoseconds: UInt64
        /// Its place in the run (0 first) and the seconds from the client's start to it:
        /// a late probe's, in the report, says whether lateness keeps to a run's start.
        public let index: Int
        public let sinceStart: Double
    }

    public struct Run: Sendable {
        public let client: String
        public let condition: Condition
        public let probes: [Probe]
        /// Probes whose pixels never changed (within the watch's 10 s).
        public let missed: Int
    }

    public struct Configuration: Sendable {
        public var probes = 200
        public var seed: UInt64 = 28
        public var width = 1024
        public var height = 768
        public init() {}
    }

    /// The probe area: the window weston-simple-touch draws, centred on the output by
    /// kiosk-shell.
    static func probeArea(_ c: Configuration) -> (x: Double, y: Double, width: Double, height: Double) {
        (Double(c.width - 600) / 2, Double(c.height - 500) / 2, 600, 500)
    }

    /// Where the five background fingers circle: the area's top-left corner.
    static func streamCentre(_ c: Configuration) -> (Double, Double) {
        let area = probeArea(c)
        return (area.x + 70, area.y + 70)
    }

    /// Background finger `f` at `step` of the 120 Hz stream: a circle of 30 px radius.
    static func streamFinger(_ f: Int, step: Int, _ c: Configuration) -> (Double, Double) {
        let (cx, cy) = streamCentre(c)
        let angle = 2 * Double.pi * (Double(f) / 5 + Double(step) / 120)
        return (cx + 30 * cos(angle), cy + 30 * sin(angle))
    }

    /// The probe points, in order: on a 4 px grid inside the area, never twice, at least
    /// 180 px from the stream (whose spots reach 80 px from its centre) and 130 px from
    /// the previous two probes (a spot is 100 px across and shrinks away after its lift).
    static func points(count: Int, _ c: Configuration, random: inout SplitMix) -> [(Double, Double)] {
        let area = probeArea(c)
        let (cx, cy) = streamCentre(c)
        var candidates: [(Double, Double)] = []
        var y = area.y + 10
        while y < area.y + area.height - 10 {
            var x = area.x + 10
            while x < area.x + area.width - 10 {
                if hypot(x - cx, y - cy) >= 180 { candidates.append((x + 0.5, y + 0.5)) }
                x += 4
            }
            y += 4
        }
        var chosen: [(Double, Double)] = []
        var tries = 0
        while chosen.count < count && !candidates.isEmpty && tries < 100_000 {
            tries += 1
            let index = Int(random.next() % UInt64(candidates.count))
            let point = candidates[index]
            if chosen.suffix(2).contains(where: { hypot($0.0 - point.0, $0.1 - point.1) < 130 }) { continue }
            chosen.append(point)
            candidates.swapAt(index, candidates.count - 1)
            candidates.removeLast()
        }
        return chosen
    }

    /// One client's folder under one condition (RunFolder).
    static func folder(of client: Client, _ condition: Condition, in directory: String) -> String {
        let name = String(client.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        return "\(directory)/\(name)-\(condition)"
    }

    static func roundFolder(_ round: Int, in directory: String) -> String { "\(directory)/round-\(round + 1)" }

    /// Every folder `run` replaces under `directory`, checked before the first run starts.
    public static func folders(_ clients: [Client], conditions: [Condition], rounds: Int, in directory: String) -> [String] {
        (0..<rounds).flatMap { round in
            conditions.flatMap { condition in clients.map { folder(of: $0, condition, in: roundFolder(round, in: directory)) } }
        }
    }

    /// One client under one condition on a fresh weston.
    public static func measure(_ client: Client, _ condition: Condition, configuration c: Configuration,
                               directory: String, progress: (String) -> Void = { _ in }) throws -> Run {
        let folder = Self.folder(of: client, condition, in: directory)
        let weston = try ClientBenchmark.startWeston(in: folder, width: c.width, height: c.height)
        defer { weston.stop() }
        try weston.control.send("wait-idle")
        let started = MonotonicClock.now()
        let process = try ChildProcess(name: client.name, arguments: client.arguments,
                                       environment: weston.clientEnvironment, logPath: "\(folder)/client.log")
        defer { _ = try? process.stop(timeout: 2) }
        try weston.control.send("wait-ready", timeout: 20)
        try weston.control.send("sync")

        var random = SplitMix(seed: c.seed)
        let points = points(count: c.probes, c, random: &random)
        var probes: [Probe] = []
        var missed = 0
        let start = MonotonicClock.now()
        var step = 0
        let probeID = 100
        /// Streams the background until `time`, then returns.
        func stream(until time: Double) throws {
            guard condition.streams else {
                MonotonicClock.sleep(until: time)
                return
            }
            while true {
                let next = start + Double(step + 1) / 120
                if next > time { break }
                MonotonicClock.sleep(until: next)
                step += 1
                try weston.control.send(batch: (0..<5).map { f in
                    let (x, y) = streamFinger(f, step: step, c)
                    return "motion \(f) \(x) \(y)"
                } + ["frame"])
            }
            MonotonicClock.sleep(until: time)
        }
        if condition.streams {
            try weston.control.send(batch: (0..<5).map { f in
                let (x, y) = streamFinger(f, step: 0, c)
                return "down \(f) \(x) \(y)"
            } + ["frame"])
        }
        var now = start + 0.3
        if condition.moves {
            // The moving finger lands away from every probe point first.
            let (cx, cy) = streamCentre(c)
            try stream(until: now)
            try weston.control.send(batch: ["down \(probeID) \(cx + 100) \(cy)", "frame"])
            now += 0.3
        }
        /// The previous probe's result: asked for right before the next probe (the watch
        /// command waits, if need be, for the repaint that shows it and its presentation).
        func collect() throws {
            do {
                let words = try weston.control.send("watch-result").split(separator: " ")
                guard words.count == 6, let toPresent = Double(words[0]), let floorPresent = Double(words[1]),
                      let late = Int(words[2]), let presented = UInt64(words[3]),
                      let toRepaint = Double(words[4]), let floorRepaint = Double(words[5]) else {
                    throw HarnessError("watch-result: unexpected reply '\(words.joined(separator: " "))'")
                }
                let injected = presented - UInt64((toPresent * 1e6).rounded())
                probes.append(Probe(toPixel: toRepaint, floor: floorRepaint, toPresented: toPresent,
                                    floorPresented: floorPresent, repaintsPastFloor: late,
                                    presentedNanoseconds: presented, injectedNanoseconds: injected,
                                    index: probes.count + missed, sinceStart: Double(injected) / 1e9 - started))
            } catch let error as HarnessError where error.description.contains("timed out") {
                missed += 1
            }
        }
        for (index, point) in points.enumerated() {
            // A random moment: the landing falls anywhere in weston's repaint cycle, often
            // while the previous probe's spot is still shrinking away.
            if condition.streams {
                now += random.uniform(0.02, 0.12)
            } else {
                // Nothing else moving: the previous probe's tap has been resolved and
                // shown (0.4 s after its lift) and weston has stopped repainting, so each
                // landing meets a screen at rest, whatever the client shows after a tap.
                now += 0.45 + random.uniform(0, 0.1)
            }
            try stream(until: now)
            if index > 0 { try collect() }
            if !condition.streams { try weston.control.send("wait-idle") }
            let verb = condition.moves ? "motion" : "down"
            try weston.control.send(batch: ["watch \(point.0) \(point.1)", "\(verb) \(probeID) \(point.0) \(point.1)", "frame"])
            now = max(now, MonotonicClock.now()) + 0.06
            try stream(until: now)
            if !condition.moves { try weston.control.send(batch: ["up \(probeID)", "frame"]) }
            if index % 50 == 49 { progress("\(client.name), \(condition.rawValue): \(index + 1) probes") }
            guard !process.hasExited else { throw HarnessError("\(client.name) exited during the probes") }
        }
        if !points.isEmpty { try collect() }
        if condition.moves { try weston.control.send(batch: ["up \(probeID)", "frame"]) }
        if condition.streams { try weston.control.send(batch: (0..<5).map { "up \($0)" } + ["frame"]) }
        try weston.control.send("sync")
        return Run(client: client.name, condition: condition, probes: probes, missed: missed)
    }

    /// Every client under every condition, the clients alternating within each condition
    /// (the first client changes with each round), `rounds` rounds of `probes` each.
    public static func run(_ clients: [Client], conditions: [Condition] = Condition.allCases, rounds: Int,
                           configuration c: Configuration, directory: String,
                           progress: (String) -> Void = { _ in }) throws -> [Run] {
        var runs: [Run] = []
        for condition in conditions {
            for round in 0..<rounds {
                var configuration = c
                configuration.seed = c.seed &+ UInt64(round)
                let order = round % 2 == 0 ? clients : clients.reversed()
                for client in order {
                    runs.append(try measure(client, condition, configuration: configuration,
                                            directory: roundFolder(round, in: directory), progress: progress))
                }
            }
        }
        return runs
    }

    /// p50 / p90 / p99 of touch to pixel, and the share of probes a repaint or more past the
    /// floor, per client and condition, as Markdown.
    public static func report(_ runs: [Run]) -> String {
        var out = "| condition | client | probes | touch to pixel p50 | p90 | p99 | floor p50 | a repaint or more past the floor | touch to presented p50 | p90 |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|\n"
        var keys: [(Condition, String)] = []
        for run in runs where !keys.contains(where: { $0.0 == run.condition && $0.1 == run.client }) {
            keys.append((run.condition, run.client))
        }
        for (condition, client) in keys {
            let all = runs.filter { $0.condition == condition && $0.client == client }
            let probes = all.flatMap(\.probes)
            let missed = all.reduce(0) { $0 + $1.missed }
            let late = probes.filter { $0.repaintsPastFloor >= 1 }.count
            func f(_ v: Double) -> String { String(format: "%.1f ms", v) }
            let share = String(format: "%.1f %%", 100 * Double(late + missed) / Double(max(1, probes.count + missed)))
            out += "| \(condition.rawValue) | \(client) | \(probes.count)\(missed > 0 ? " (+\(missed) never shown)" : "") "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.toPixel), 50))) "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.toPixel), 90))) "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.toPixel), 99))) "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.floor), 50))) | \(share) "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.toPresented), 50))) "
            out += "| \(f(ClientBenchmark.percentile(probes.map(\.toPresented), 90))) |\n"
        }
        // Each late probe, where it fell: one that keeps to a run's first seconds is start-up's.
        var late: [String] = []
        for run in runs {
            for probe in run.probes where probe.repaintsPastFloor >= 1 {
                let when = String(format: "%.2f s after the client started: %.1f ms to pixel, floor %.1f ms",
                                  probe.sinceStart, probe.toPixel, probe.floor)
                late.append("- \(run.client), \(run.condition.rawValue): probe \(probe.index + 1) of \(run.probes.count + run.missed), "
                            + "\(when), \(probe.repaintsPastFloor) repaint(s) past it")
            }
        }
        if !late.isEmpty { out += "\nProbes a repaint or more past the floor:\n\n" + late.joined(separator: "\n") + "\n" }
        return out
    }
}
