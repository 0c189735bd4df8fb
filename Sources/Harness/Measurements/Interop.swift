import EventLogFormat
import ToolSupport
import TouchCore
import Foundation

/// The interop matrix: the same touch scenarios on every compositor the harness can run,
/// one row per compositor, one column per capability.
public enum Interop {
    public enum Outcome: String, CaseIterable, Sendable {
        case pass, fail, limitation = "limitation", notRun = "not run"
    }

    public struct Cell: Sendable {
        public var outcome: Outcome
        public var note: String
        public init(outcome: Outcome, note: String) { self.outcome = outcome; self.note = note }
    }

    public struct Row: Sendable {
        public var compositor: String
        /// What the compositor's binary says of its version (`Provenance.version`).
        public var version = ""
        public var cells: [Capability: Cell]
        /// What was measured of the compositor itself (frames, cancel, ids).
        public var observations: [String: String]
        public init(compositor: String, cells: [Capability: Cell], observations: [String: String]) {
            self.compositor = compositor; self.cells = cells; self.observations = observations
        }
    }

    /// What the matrix checks on each compositor, one column each, in the matrix's order: a
    /// closed set, so that the run, the checks and the page's columns name a capability by
    /// its case. The raw value is the column's heading, the run folder's name and the JSON's
    /// key, as when they were strings.
    public enum Capability: String, CaseIterable, Sendable {
        case maps, spots, windowed, tap, swipe, pinch, checkmark
        case lastUpNoFrame = "last-up-no-frame"
        case cancel
        case compositorQuits = "compositor-quits"
        case pen
    }

    /// Column order of the matrix.
    public static let capabilities = Capability.allCases

    /// Runs every check on `kind`; a compositor that is not installed is not run.
    /// Each installed compositor's and capability's folder under `directory` (RunFolder):
    /// one not installed runs nothing and writes no folder.
    public static func folders(_ kinds: [CompositorKind], in directory: String) -> [String] {
        kinds.filter(\.isInstalled).flatMap { kind in capabilities.map { folder(kind, $0, in: directory) } }
    }

    static func folder(_ kind: CompositorKind, _ capability: Capability, in directory: String) -> String {
        "\(directory)/\(kind.rawValue)/\(capability.rawValue)"
    }

    public static func run(_ kind: CompositorKind, directory: String) -> Row {
        var row = Row(compositor: kind.rawValue, cells: [:], observations: [:])
        row.version = kind.isInstalled ? kind.version : "not installed"
        guard kind.isInstalled else {
            for capability in capabilities {
                row.cells[capability] = Cell(outcome: .notRun, note: "\(kind.rawValue) is not installed")
            }
            return row
        }
        for capability in capabilities {
            let folder = Self.folder(kind, capability, in: directory)
            do {
                try RunFolder.fresh(folder)
                if capability == .windowed && kind == .cage {
                    row.cells[capability] = Cell(outcome: .limitation, note: "cage shows every window fullscreen")
                    continue
                }
                let run = try HeadlessRun(outputDirectory: folder, compositor: kind, windowed: capability == .windowed,
                                          environment: ["WAYLAND_DEBUG": "client"])
                defer { run.stop() }
                row.cells[capability] = try check(capability, in: run, row: &row)
            } catch {
                row.cells[capability] = Cell(outcome: .fail, note: "\(error)".split(separator: "\n").first.map(String.init) ?? "")
            }
        }
        return row
    }

    /// One touch entry of the event log, its touch numbered in order of first appearance:
    /// compositors pick their own ids (mutter counts from 288), the checks compare the rest.
    private struct Entry {
        let id: Int32
        let number: Int
        let phase: TouchFrame.Entry.Phase
        let place: String  // "X Y", rounded
        var summary: String { "\(number) \(phase)" }
    }

    private static func entries(_ events: [LogLine]) -> [Entry] {
        var numbers: [Int32: Int] = [:]
        return events.compactMap(\.frame).flatMap(\.entries).map { touch in
            if numbers[touch.id] == nil { numbers[touch.id] = numbers.count + 1 }
            let x = Int(touch.location.x.rounded()), y = Int(touch.location.y.rounded())
            return Entry(id: touch.id, number: numbers[touch.id]!, phase: touch.phase, place: "\(x) \(y)")
        }
    }

    private static func phases(_ run: HeadlessRun) throws -> [String] {
        try entries(run.eventLog.events()).map(\.summary)
    }

    /// Waits until the touch entries logged so far satisfy `condition`: injected input
    /// reaches the client through the compositor's own queues (mutter's input thread).
    private static func waitForEntries(_ what: String, in run: HeadlessRun, timeout: Double = 10,
                                       _ condition: @escaping ([Entry]) -> Bool) -> Bool {
        (try? run.eventLog.waitUntil(timeout: timeout, what, abandon: { run.client.hasExited }) {
            condition(entries($0))
        }) != nil
    }

    /// The wl_touch events touchspots received, from its WAYLAND_DEBUG=client log.
    private static func touchEventsReceived(in run: HeadlessRun) -> [Substring] {
        let log = (try? String(contentsOfFile: run.client.logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("wl_touch@") && !$0.contains("->") }
    }

    private static func received(_ event: String, in run: HeadlessRun) -> Int {
        touchEventsReceived(in: run).filter { $0.contains(".\(event)(") }.count
    }

    /// Whether the last wl_touch.up touchspots received was followed by a wl_touch.frame.
    private static func frameFollowsLastUp(in run: HeadlessRun) -> Bool {
        let events = touchEventsReceived(in: run)
        guard let lastUp = events.lastIndex(where: { $0.contains(".up(") }) else { return false }
        return events[(lastUp + 1)...].contains { $0.contains(".frame(") }
    }

    private static func gesture(_ kind: Gesture.Kind, in run: HeadlessRun) throws -> Gesture {
        try run.eventLog.waitFor(timeout: 5, "gesture \(kind.rawValue)") { $0.gesture?.kind == kind }.gesture!
    }

    private static func check(_ capability: Capability, in run: HeadlessRun, row: inout Row) throws -> Cell {
        switch capability {
        case .maps:
            let configure = try run.eventLog.events().compactMap(\.configure).last
            let size = "\(Int(configure?.width ?? 0))x\(Int(configure?.height ?? 0))"
            return Cell(outcome: .pass, note: "fullscreen \(size)")
        case .spots:
            try run.send(batch: ["down 1 300 300", "down 2 600 320", "frame"])
            try run.send(batch: ["motion 1 330 310", "motion 2 560 340", "frame"])
            // Both fingers began and ended up where they were moved to. Compositors may fold
            // a down and the motion after it into one frame (gnome-shell), which touchspots
            // logs as one began entry at the newer place.
            let logged = waitForEntries("both touches at their targets", in: run) { entries in
                var last: [Int: String] = [:]
                for entry in entries { last[entry.number] = entry.place }
                let firsts = [1, 2].map { number in entries.first { $0.number == number }?.phase }
                return last == [1: "330 310", 2: "560 340"] && firsts == [.began, .began]
            }
            let image = try run.screenshot("spots.png")
            // A full-grown spot under each finger: its central 40 x 40 is spot grey.
            let covered = [(330, 310), (560, 340)].allSatisfy { x, y in
                image.count(x: x - 20, y: y - 20, width: 40, height: 40) { $0.isGray(170, tolerance: 6) } >= 1590
            }
            let framesSent = received("frame", in: run)
            row.observations["frames for 2 grouped frames"] = "\(framesSent)"
            let ids = entries(try run.eventLog.events()).filter { $0.phase == .began }.map(\.id)
            row.observations["ids for fingers 1, 2"] = ids.map(String.init).joined(separator: ", ")
            // And nothing is left once they lift.
            try run.send(batch: ["up 1", "up 2", "frame"])
            _ = waitForEntries("both touches ended", in: run) { $0.filter { $0.phase == .ended }.count >= 2 }
            let lifted = try run.screenshot("spots-lifted.png")
            let gone = [(330, 310), (560, 340)].allSatisfy { x, y in
                lifted.count(x: x - 30, y: y - 30, width: 60, height: 60) { !$0.isGray(255, tolerance: 0) } == 0
            }
            if covered && logged && gone { return Cell(outcome: .pass, note: "spots under both fingers, none left after the lift") }
            return Cell(outcome: .fail, note: "event log \(logged ? "right" : "wrong: \(try phases(run))"); screenshot \(covered ? "right" : "shows no spots")\(gone ? "" : "; spots left after the lift")")
        case .windowed:
            return try checkWindowed(in: run)
        case .tap:
            for _ in 0..<2 {
                try run.send(batch: ["down 1 500 400", "frame"])
                try run.send(batch: ["up 1", "frame"])
            }
            guard case .tap(let count) = try gesture(.tap, in: run) else { return Cell(outcome: .fail, note: "no tap") }
            return Cell(outcome: count == 2 ? .pass : .fail, note: "double tap reported as \(count)")
        case .swipe:
            try run.send(batch: ["down 1 200 300", "frame"])
            for step in 1...5 { try run.send(batch: ["motion 1 \(200 + step * 10) 300", "frame"]) }
            try run.send(batch: ["up 1", "frame"])
            guard case .swipe(let axis, let fingers) = try gesture(.swipe, in: run) else { return Cell(outcome: .fail, note: "no swipe") }
            return Cell(outcome: .pass, note: "\(axis.rawValue) x\(fingers)")
        case .pinch:
            try run.send(batch: ["down 1 450 300", "down 2 550 300", "frame"])
            for step in 1...8 { try run.send(batch: ["motion 1 \(450 - step * 10) 300", "motion 2 \(550 + step * 10) 300", "frame"]) }
            try run.send(batch: ["up 1", "up 2", "frame"])
            guard case .pinch(let direction) = try gesture(.pinch, in: run) else { return Cell(outcome: .fail, note: "no pinch") }
            return Cell(outcome: .pass, note: direction.rawValue)
        case .checkmark:
            try run.send(batch: ["down 1 400 300", "frame"])
            var x = 400, y = 300
            for _ in 0..<15 { x += 2; y += 2; try run.send(batch: ["motion 1 \(x) \(y)", "frame"]) }
            for _ in 0..<20 { x += 2; y -= 4; try run.send(batch: ["motion 1 \(x) \(y)", "frame"]) }
            try run.send(batch: ["up 1", "frame"])
            _ = try gesture(.checkmark, in: run)
            return Cell(outcome: .pass, note: "")
        case .lastUpNoFrame:
            try run.send(batch: ["down 7 300 300", "frame"])
            try run.send("up 7")  // and no frame, as mutter and weston 10 do
            try run.sync()
            let ended = waitForEntries("the touch ended", in: run) { $0.contains { $0.summary == "1 ended" } }
            row.observations["wl_touch.frame after an up injected without one"] = frameFollowsLastUp(in: run) ? "yes" : "no"
            return Cell(outcome: ended ? .pass : .fail, note: ended ? "ended without a frame" : "the up was lost")
        case .cancel:
            let batches: [[String]], touches: Int
            switch run.compositor.cancellation {
            case .unavailable(let why):
                row.observations["wl_touch.cancel"] = "not tested: no way to make it cancel"
                return Cell(outcome: .limitation, note: why)
            case .commands(let commands, let count):
                (batches, touches) = (commands, count)
            }
            for batch in batches { try run.send(batch: batch) }
            try run.sync()
            let cancelled = waitForEntries("cancelled touches", in: run, timeout: 5) {
                $0.filter { $0.phase == .cancelled }.count >= touches
            }
            let delivered = received("cancel", in: run) > 0
            row.observations["wl_touch.cancel"] = delivered ? "delivered" : "never sent"
            if cancelled { return Cell(outcome: .pass, note: "all \(touches) touches cancelled") }
            if !delivered {
                return Cell(outcome: .limitation, note: "\(run.compositor.name) does not send wl_touch.cancel for a cancelled touch device")
            }
            return Cell(outcome: .fail, note: "cancel received but not applied")
        case .pen:
            return try checkPen(in: run, row: &row)
        case .compositorQuits:
            run.compositor.stop()
            let status = run.client.wait(timeout: 10)
            let said = run.client.logTail(lines: 5).contains("the compositor closed the connection")
            let clean = status == 1 && said
            return Cell(outcome: clean ? .pass : .fail, note: "exit \(status.map(String.init) ?? "none")\(said ? " with message" : "")")
        }
    }

    /// touchspots as the app grid starts it (a decorated window the compositor places):
    /// two fingers land and lift inside the window; their spots show, then nothing is left.
    private static func checkWindowed(in run: HeadlessRun) throws -> Cell {
        let o = run.origin
        try run.send(batch: ["down 1 200 250", "down 2 420 260", "frame"])
        try run.send(batch: ["motion 1 220 270", "motion 2 440 280", "frame"])
        _ = waitForEntries("both touches moved", in: run) { entries in
            entries.filter { $0.phase == .moved || $0.phase == .began }.count >= 4
        }
        let down = try run.screenshot("windowed-down.png")
        try run.send(batch: ["up 1", "up 2", "frame"])
        _ = waitForEntries("both touches ended", in: run) { $0.filter { $0.phase == .ended }.count >= 2 }
        let lifted = try run.screenshot("windowed-lifted.png")
        let points = [(220.0, 270.0), (440.0, 280.0)].map { (Int($0 + o.x), Int($1 + o.y)) }
        let shown = points.allSatisfy { x, y in
            down.count(x: x - 20, y: y - 20, width: 40, height: 40) { $0.isGray(170, tolerance: 6) } >= 1590
        }
        let gone = points.allSatisfy { x, y in
            lifted.count(x: x - 30, y: y - 30, width: 60, height: 60) { !$0.isGray(255, tolerance: 0) } == 0
        }
        let place = "window at \(Int(o.x)),\(Int(o.y))"
        if shown && gone { return Cell(outcome: .pass, note: "\(place); spots shown, none left after the lift") }
        return Cell(outcome: .fail, note: "\(place); spots \(shown ? "shown" : "not shown"), \(gone ? "none left" : "left on screen after the lift")")
    }

    /// A pen stroke (proximity, tip down at pressure 0.5, a move, tip up, out) through
    /// tablet-v2, where the harness can inject one.
    private static func checkPen(in run: HeadlessRun, row: inout Row) throws -> Cell {
        let offered = run.client.logTail(lines: 100_000).contains("zwp_tablet_manager_v2")
        row.observations["zwp_tablet_manager_v2"] = offered ? "offered" : "not offered"
        do {
            try run.send("tool-in pen 300 300")
        } catch let error as HarnessError where error.description.contains("unsupported:") {
            let why = error.description.components(separatedBy: "unsupported: ").last ?? ""
            return Cell(outcome: .limitation, note: "no pen can be injected (\(why))")
        }
        try run.send(batch: ["tool-tip pen down", "tool-motion pen 340 300 pressure 0.5 tilt 20 0"])
        try run.send("tool-tip pen up")
        try run.send("tool-out pen")
        try run.sync()
        let pens = try run.eventLog.frames().flatMap(\.entries).filter { $0.source == .pen }
        let phases = pens.map(\.phase).reduce(into: [TouchFrame.Entry.Phase]()) { if $0.last != $1 { $0.append($1) } }
        row.observations["pen phases"] = phases.isEmpty ? "none" : phases.map(\.rawValue).joined(separator: ",")
        guard let began = pens.first(where: { $0.phase == .began }) else {
            return Cell(outcome: .limitation,
                        note: offered ? "tablet-v2 offered, but no pen event reached the client"
                            : "\(run.compositor.name) does not offer tablet-v2 here")
        }
        let pressureRight = abs((began.pen?.pressure ?? -1) - 0.5) <= 0.02
        let complete = phases.contains(.hover) && phases.contains(.ended) && phases.last == .out
        return pressureRight && complete
            ? Cell(outcome: .pass, note: "pressure and tilt forwarded")
            : Cell(outcome: .fail, note: "phases \(phases.map(\.rawValue)), pressure \(began.pen?.pressure.map { String($0) } ?? "none")")
    }

    /// The matrix as Markdown, for people: what ran and on which versions first. The matrix
    /// asks whether touchspots works on each compositor; whether the compositor keeps the
    /// protocol's words is `touchspots-harness conformance`'s question (docs/conformance.md).
    public static func markdown(_ rows: [Row]) -> String {
        var out = "\(Provenance.line)\n\n"
        for row in rows { out += "- \(row.compositor): \(row.version)\n" }
        out += "\n| compositor | " + capabilities.map(\.rawValue).joined(separator: " | ") + " |\n"
        out += "|---|" + capabilities.map { _ in "---" }.joined(separator: "|") + "|\n"
        for row in rows {
            out += "| \(row.compositor) | " + capabilities.map { capability in
                guard let cell = row.cells[capability] else { return "" }
                let mark = cell.outcome == .fail ? "**FAIL**" : cell.outcome.rawValue
                return cell.note.isEmpty ? mark : "\(mark): \(cell.note)"
            }.joined(separator: " | ") + " |\n"
        }
        out += "\nMeasured from touchspots' side (WAYLAND_DEBUG=client):\n\n"
        for row in rows where !row.observations.isEmpty {
            let facts = row.observations.keys.sorted().map { "\($0): \(row.observations[$0]!)" }
            out += "- \(row.compositor): " + facts.joined(separator: "; ") + "\n"
        }
        return out
    }

    static let matrixBegin = "<!-- matrix: written by scripts/interop, do not edit by hand -->"
    static let matrixEnd = "<!-- end of matrix -->"

    /// The largest page `--page` takes: docs/interop.md is some 20 KB.
    static let pageLimit = 4 << 20

    /// The text of the page the matrix is written into, read before any compositor runs so
    /// that a page that cannot take it stops the run at once, not half an hour later: a new
    /// file is empty; a page that is no regular file, over 4 MiB or not UTF-8 is refused
    /// (a hostile-input hunt found a Latin-1 page read as nothing and replaced by the matrix).
    public static func readPage(_ path: String) throws(HarnessError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw HarnessError("cannot read the page \(path): \(String(cString: strerror(errno)))") }
            return ""
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw HarnessError("the page \(path) is not a regular file") }
        guard info.st_size <= pageLimit else { throw HarnessError("the page \(path) is over 4 MiB: not a Markdown page") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("cannot read the page \(path)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw HarnessError("the page \(path) is not UTF-8 text; it is left as it is")
        }
        return text
    }

    /// `page` with the text between its matrix markers replaced by `matrix` (a page
    /// without the markers gets them, with the matrix, at its end).
    public static func replacingMatrix(in page: String, with matrix: String) -> String {
        let section = "\(matrixBegin)\n\(matrix)\n\(matrixEnd)"
        guard let begin = page.range(of: matrixBegin),
              let end = page.range(of: matrixEnd, range: begin.upperBound..<page.endIndex)
        else { return page + "\n" + section + "\n" }
        return page.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: section)
    }

    /// The matrix as JSON, for machines.
    public static func json(_ rows: [Row]) throws -> Data {
        let object: [[String: Any]] = rows.map { row in
            [
                "compositor": row.compositor,
                "version": row.version,
                "capabilities": Dictionary(uniqueKeysWithValues: row.cells.map { capability, cell in
                    (capability.rawValue, ["outcome": cell.outcome.rawValue, "note": cell.note])
                }),
                "observations": row.observations,
            ]
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
