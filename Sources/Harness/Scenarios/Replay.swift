import EventLogFormat
import ToolSupport
import TouchCore
import Foundation

/// Plays a `Recording` through a headless compositor to a fresh touchspots, at the
/// recorded pace, and compares what touchspots makes of it with what the recording says
/// (docs/replay.md). A user's event log thus becomes a test anyone can run on any
/// compositor the harness drives.
public enum Replay {
    public struct Report: Sendable {
        public var recording: String
        public var compositor: String
        /// The device replayed, for a recording of devices.
        public var device: String?
        public var framesPlayed = 0
        /// What could not be injected on this compositor, and how often.
        public var skipped: [String: Int] = [:]
        public var recordedGestures: [String] = []
        public var replayedGestures: [String] = []
        public var recordedLabels: [String] = []
        public var replayedLabels: [String] = []
        /// Each recorded warning kind: "reproduced", or why not.
        public var warnings: [(kind: String, outcome: String)] = []
        /// Whether there was anything to compare (an event log), and whether it matched.
        public var hasExpectations = false
        /// The delivered stream against the recorded one (event logs only).
        public var stream: StreamComparison?
        /// Who, what and when: touchspots' version and commit, the compositor's version,
        /// the date and the kernel.
        public var provenance: [String] = []
        public var gesturesMatch: Bool { recordedGestures == replayedGestures }
        public var labelsMatch: Bool { recordedLabels == replayedLabels }
        /// An event log replayed passes when the stream, the gestures and the labels are
        /// the recorded ones; a recording of a device has nothing to compare and neither
        /// passes nor fails (`text` says "played; nothing to compare").
        public var passed: Bool { !hasExpectations || ((stream?.matches ?? true) && gesturesMatch && labelsMatch) }

        public var text: String {
            var out = "replay of \(recording) on \(compositor): \(framesPlayed) frames played\n"
            for line in provenance { out += "\(line)\n" }
            if let device { out += "device: \(device)\n" }
            for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
                out += "  skipped \(count) x: \(reason)\n"
            }
            if hasExpectations {
                if let stream {
                    out += "stream: \(stream.matches ? "same" : "DIFFERENT"): \(stream.recordedFrames) frames of fingers played, \(stream.deliveredFrames) delivered"
                    out += " (ids numbered per touch, positions within \(StreamComparison.tolerance) px)\n"
                    if let first = stream.firstDifference { out += "  first difference: \(first)\n" }
                }
                out += "gestures: \(gesturesMatch ? "same" : "DIFFERENT")\n"
                out += "  recorded: \(recordedGestures.joined(separator: "; "))\n"
                out += "  replayed: \(replayedGestures.joined(separator: "; "))\n"
                out += "labels: \(labelsMatch ? "same" : "DIFFERENT")\n"
                out += "  recorded: \(recordedLabels.joined(separator: "; "))\n"
                out += "  replayed: \(replayedLabels.joined(separator: "; "))\n"
                for warning in warnings { out += "warning \(warning.kind): \(warning.outcome)\n" }
            } else {
                out += "gestures: \(replayedGestures.joined(separator: "; "))\n"
                out += "labels: \(replayedLabels.joined(separator: "; "))\n"
            }
            if !hasExpectations {
                out += "played; nothing to compare (a recording of a device says nothing of what a client should receive)\n"
            } else {
                out += passed ? "PASS\n" : "FAIL\n"
            }
            // A recording's words (labels, names, paths) are shown, never passed on: a
            // label of escape sequences once set the terminal's title, and one of 100,000
            // characters was printed whole. Each line shows control characters as `\u{1B}`
            // and is cut at 2,000 characters.
            return out.split(separator: "\n", omittingEmptySubsequences: false)
                .map { printableText(String($0), limit: 2000) }.joined(separator: "\n")
        }
    }

    /// Warnings a harness cannot provoke: it injects well-formed events only.
    static let notInjectable: [LogWarningKind: String] = [
        .anomaly(.duplicateDown): "a harness cannot inject a down for an id already down",
        .anomaly(.unknownID): "a harness cannot inject events for ids that are not down",
        .anomaly(.tabletTool): "a harness injects tablet events in order only",
        .anomaly(.outOfRange): "a harness cannot inject axes beyond their range",
        .anomaly(.framePerEvent): "the harness sends each recorded frame as one frame",
        .anomaly(.noFrameAfterLastUp): "the harness sends a frame after every recorded frame",
    ]

    /// Gaps longer than this in a recording are shortened to it (a user who paused).
    static let longestGap = 3.0

    public static func run(_ recording: Recording, compositor kind: CompositorKind, directory: String,
                           speed: Double = 1, name: String) throws -> Report {
        let run = try HeadlessRun(outputDirectory: directory, compositor: kind,
                                  width: recording.width ?? 1024, height: recording.height ?? 640)
        defer { run.stop() }
        var report = Report(recording: name, compositor: kind.rawValue)
        report.device = recording.device
        var player = Player(run: run)
        let start = MonotonicClock.now()
        var elapsed = 0.0
        var previous = recording.frames.first?.time ?? 0
        for frame in recording.frames {
            elapsed += min(max(0, Double(frame.time - previous) / 1000), longestGap) / speed
            previous = frame.time
            MonotonicClock.sleep(until: start + elapsed)
            try player.play(frame)
            report.framesPlayed += 1
        }
        try player.finish()
        report.skipped = player.skipped
        try run.sync()

        // A tap's count is final only once the tap interval passes with no further tap:
        // wait for as many gestures as recorded (or, with nothing recorded, for a second).
        let expected = recording.gestures.count
        if recording.kind == .eventLog && expected > 0 {
            try? run.eventLog.waitUntil(timeout: 5, "\(expected) gestures") {
                $0.compactMap(\.gesture).count >= expected
            }
        } else {
            Thread.sleep(forTimeInterval: 1)
        }
        try run.sync()
        let events = try run.eventLog.events()
        report.replayedGestures = events.compactMap(\.gesture).map(Recording.summary)
        report.replayedLabels = events.compactMap(\.label).filter { !$0.text.isEmpty }.map { "\($0.slot.rawValue): \($0.text)" }
        report.hasExpectations = recording.kind == .eventLog
        if report.hasExpectations {
            let delivered = events.compactMap { line -> Recording.Frame? in
                guard case .frame(let frame, _, _) = line else { return nil }
                return Recording.Frame(time: Int64(frame.time), touches: Recording.touches(of: frame))
            }
            report.stream = StreamComparison(recorded: player.played, delivered: delivered)
        }
        report.provenance = [
            "compositor: \(kind.version)",
            Provenance.line,
        ]
        report.recordedGestures = recording.gestures
        report.recordedLabels = recording.labels
        let replayedKinds = Set(events.compactMap(\.warningKind))
        for kind in Set(recording.warningKinds).sorted(by: { $0.rawValue < $1.rawValue }) {
            let outcome = replayedKinds.contains(kind) ? "reproduced"
                : "skipped: \(notInjectable[kind] ?? "not reproduced on \(kind.rawValue)")"
            report.warnings.append((kind.rawValue, outcome))
        }
        return report
    }

    /// Turns recorded frames into the compositor's commands, remembering what is down and
    /// what this compositor cannot take.
    struct Player {
        let run: HeadlessRun
        var down: Set<Int> = []
        var pointerDown = false
        var pens: [Int: (name: String, down: Bool)] = [:]
        var unsupported: Set<String> = []
        var skipped: [String: Int] = [:]
        /// The fingers' frames as the harness played them: the recording's, but for what a
        /// compositor could not be given in its shape (a partial cancel played as ups, a
        /// down for an id already down as an up and a down, fingers left down lifted at
        /// the end). What the client received is compared with these.
        var played: [Recording.Frame] = []

        init(run: HeadlessRun) { self.run = run }

        mutating func skip(_ reason: String, _ count: Int = 1) { skipped[reason, default: 0] += count }

        /// Sends `commands`; a compositor that answers "unsupported" for this kind of input
        /// is not asked again, and the entries are counted as skipped.
        mutating func send(_ commands: [String], kind: String) throws -> Bool {
            guard !commands.isEmpty else { return true }
            guard !unsupported.contains(kind) else {
                skip("\(kind) input: \(run.compositor.name) cannot be given it")
                return false
            }
            do {
                try run.send(batch: commands)
                return true
            } catch let error as HarnessError where error.description.contains("unsupported:") {
                unsupported.insert(kind)
                skip("\(kind) input: \(run.compositor.name) cannot be given it")
                return false
            }
        }

        /// Where each finger played was last: an up ends where the finger was.
        var at: [Int: (x: Double, y: Double)] = [:]

        /// The touch commands of one frame as the frame a client should receive.
        mutating func frame(of commands: [String], time: Int64) -> Recording.Frame {
            Recording.Frame(time: time, touches: commands.compactMap { command in
                let words = command.split(separator: " ")
                guard words.count >= 2, let id = Int(words[1]) else { return nil }
                if words.count == 4, let x = Double(words[2]), let y = Double(words[3]) { at[id] = (x, y) }
                let (x, y) = at[id] ?? (0, 0)
                switch words[0] {
                case "down": return Recording.Touch(id: id, phase: .touch(.began), x: x, y: y, source: nil)
                case "motion": return Recording.Touch(id: id, phase: .touch(.moved), x: x, y: y, source: nil)
                case "up": return Recording.Touch(id: id, phase: .touch(.ended), x: x, y: y, source: nil)
                default: return nil
                }
            })
        }

        mutating func play(_ frame: Recording.Frame) throws {
            var touch: [String] = []
            var pointer: [String] = []
            var pen: [String] = []
            let cancelled = frame.touches.filter { $0.source == nil && $0.phase == .cancelled }
            if !cancelled.isEmpty && Set(cancelled.map(\.id)) == down
                && !frame.touches.contains(where: { $0.source == nil && $0.phase == .began && down.contains($0.id) }) {
                // The compositor cancelled every touch: cancel them the same way.
                if try send(["cancel"], kind: "cancel") {
                    played.append(Recording.Frame(time: frame.time, touches: cancelled.map {
                        Recording.Touch(id: $0.id, phase: .touch(.cancelled), x: $0.x, y: $0.y, source: nil)
                    }))
                    down.removeAll()
                } else if try send(cancelled.map { "up \($0.id)" } + ["frame"], kind: "touch") {
                    played.append(Recording.Frame(time: frame.time, touches: cancelled.map {
                        Recording.Touch(id: $0.id, phase: .touch(.ended), x: $0.x, y: $0.y, source: nil)
                    }))
                    down.removeAll()
                }
            }
            for t in frame.touches {
                let x = String(t.x), y = String(t.y)
                switch t.source {
                case nil:
                    switch t.phase {
                    case .began:
                        if down.contains(t.id) {
                            // A down for an id already down (the old touch was cancelled).
                            skip("a down for an id already down, replayed as up then down")
                            touch.append("up \(t.id)")
                        }
                        touch.append("down \(t.id) \(x) \(y)")
                        down.insert(t.id)
                    case .moved:
                        if down.contains(t.id) { touch.append("motion \(t.id) \(x) \(y)") }
                    case .ended, .cancelled:
                        if down.remove(t.id) != nil {
                            if t.phase == .cancelled { skip("a cancel of some touches only, replayed as up") }
                            touch.append("up \(t.id)")
                        }
                    default: break
                    }
                case .pointer:
                    guard t.id == -1 else {
                        skip("the mouse's mirrored Alt finger")
                        continue
                    }
                    switch t.phase {
                    case .began:
                        pointer += ["pointer \(x) \(y)", "button left press"]
                        pointerDown = true
                    case .moved: pointer.append("pointer \(x) \(y)")
                    default:
                        if pointerDown { pointer += ["pointer \(x) \(y)", "button left release"] }
                        pointerDown = false
                    }
                case .pen, .eraser:
                    let name = t.source!.rawValue
                    var state = pens[t.id] ?? (name, false)
                    var axes = ""
                    if let p = t.pressure { axes += " pressure \(min(1, max(0, p)))" }
                    if let tilt = t.tilt, tilt.count == 2 { axes += " tilt \(tilt[0]) \(tilt[1])" }
                    if let d = t.distance { axes += " distance \(min(1, max(0, d)))" }
                    if pens[t.id] == nil && t.phase != .out { pen.append("tool-in \(name) \(x) \(y)") }
                    switch t.phase {
                    case .hover:
                        if state.down { pen.append("tool-tip \(name) up"); state.down = false }
                        pen.append("tool-motion \(name) \(x) \(y)\(axes)")
                    case .began:
                        pen += ["tool-motion \(name) \(x) \(y)\(axes)", "tool-tip \(name) down"]
                        state.down = true
                    case .moved: pen.append("tool-motion \(name) \(x) \(y)\(axes)")
                    case .ended, .cancelled:
                        pen += ["tool-motion \(name) \(x) \(y)\(axes)", "tool-tip \(name) up"]
                        state.down = false
                    case .out:
                        if pens[t.id] != nil {
                            if state.down { pen.append("tool-tip \(name) up") }
                            pen.append("tool-out \(name)")
                        }
                        pens[t.id] = nil
                        continue
                    default: break
                    }
                    pens[t.id] = state
                default:
                    skip("entries of source \(t.source.map(\.rawValue) ?? "?")")
                }
            }
            if !touch.isEmpty, try send(touch + ["frame"], kind: "touch") { played.append(self.frame(of: touch, time: frame.time)) }
            if !pointer.isEmpty { _ = try send(pointer, kind: "pointer") }
            if !pen.isEmpty { _ = try send(pen, kind: "pen") }
        }

        /// Whatever the recording left down is lifted, so the compositor ends clean.
        mutating func finish() throws {
            let lift = down.sorted().map { "up \($0)" }
            if !down.isEmpty, try send(lift + ["frame"], kind: "touch") {
                played.append(self.frame(of: lift, time: played.last?.time ?? 0))
            }
            if pointerDown { _ = try send(["button left release"], kind: "pointer") }
            for (_, pen) in pens {
                _ = try send((pen.down ? ["tool-tip \(pen.name) up"] : []) + ["tool-out \(pen.name)"], kind: "pen")
            }
        }
    }
}
