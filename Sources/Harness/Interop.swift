import Foundation

/// The interop matrix: the same touch scenarios on every compositor the harness can run,
/// one row per compositor, one column per capability.
public enum Interop {
    public enum Outcome: String, Sendable {
        case pass, fail, limitation = "limitation", notRun = "not run"
    }

    public struct Cell: Sendable {
        public var outcome: Outcome
        public var note: String
        public init(outcome: Outcome, note: String) { self.outcome = outcome; self.note = note }
    }

    public struct Row: Sendable {
        public var compositor: String
        public var cells: [String: Cell]
        /// What was measured of the compositor itself (frames, cancel, ids).
        public var observations: [String: String]
        public init(compositor: String, cells: [String: Cell], observations: [String: String]) {
            self.compositor = compositor; self.cells = cells; self.observations = observations
        }
    }

    /// Column order of the matrix.
    public static let capabilities = [
        "maps", "spots", "tap", "swipe", "pinch", "checkmark", "last-up-no-frame", "cancel", "compositor-quits",
    ]

    /// Runs every check on `kind`; a compositor that is not installed is not run.
    public static func run(_ kind: CompositorKind, directory: String) -> Row {
        var row = Row(compositor: kind.rawValue, cells: [:], observations: [:])
        guard kind.isInstalled else {
            for capability in capabilities {
                row.cells[capability] = Cell(outcome: .notRun, note: "\(kind.rawValue) is not installed")
            }
            return row
        }
        for capability in capabilities {
            let folder = "\(directory)/\(kind.rawValue)/\(capability)"
            try? FileManager.default.removeItem(atPath: folder)
            do {
                let session = try Session(outputDirectory: folder, compositor: kind,
                                          environment: ["WAYLAND_DEBUG": "client"])
                defer { session.stop() }
                row.cells[capability] = try check(capability, in: session, row: &row)
            } catch {
                row.cells[capability] = Cell(outcome: .fail, note: "\(error)".split(separator: "\n").first.map(String.init) ?? "")
            }
        }
        return row
    }

    private static func frames(_ session: Session) throws -> [[String: Any]] {
        try session.eventLog.events(ofType: "frame")
    }

    /// "N phase" per touch entry, N numbering the touches in the order they first appear:
    /// compositors pick their own ids (mutter counts from 288), the checks compare the rest.
    private static func phases(_ frames: [[String: Any]]) -> [String] {
        var numbers: [Int: Int] = [:]
        return frames.flatMap { ($0["touches"] as? [[String: Any]] ?? []).map { touch in
            let id = touch["id"] as? Int ?? 0
            if numbers[id] == nil { numbers[id] = numbers.count + 1 }
            return "\(numbers[id]!) \(touch["phase"] as? String ?? "")"
        } }
    }

    /// The last logged place ("X Y") of every touch, numbered as phases() does, and the
    /// numbers of those whose first entry is a began.
    private static func lastPlaces(_ frames: [[String: Any]]) -> (places: [String: String], began: [String]) {
        var places: [String: String] = [:]
        var began: [String] = []
        let touches = frames.flatMap { $0["touches"] as? [[String: Any]] ?? [] }
        for (touch, phase) in zip(touches, phases(frames)) {
            let number = String(phase.split(separator: " ")[0])
            if places[number] == nil && phase.hasSuffix("began") { began.append(number) }
            places[number] = "\(Int((touch["x"] as? Double ?? 0).rounded())) \(Int((touch["y"] as? Double ?? 0).rounded()))"
        }
        return (places, began)
    }

    /// The ids touchspots was given, in order of first appearance.
    private static func ids(_ frames: [[String: Any]]) -> [Int] {
        var seen: [Int] = []
        for frame in frames {
            for touch in frame["touches"] as? [[String: Any]] ?? [] {
                if let id = touch["id"] as? Int, !seen.contains(id) { seen.append(id) }
            }
        }
        return seen
    }

    /// Waits until touchspots has logged at least `count` touch entries: injected input
    /// reaches the client through the compositor's own queues (mutter's input thread).
    private static func waitForPhases(_ count: Int, in session: Session) throws {
        try session.eventLog.waitUntil(timeout: 10, "\(count) touch entries", abandon: { session.client.hasExited }) { events in
            phases(events.filter { $0["type"] as? String == "frame" }).count >= count
        }
    }

    /// Counts of events touchspots received, from its WAYLAND_DEBUG=client log.
    private static func received(_ event: String, in session: Session) -> Int {
        let log = (try? String(contentsOfFile: session.client.logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("wl_touch@") && $0.contains(".\(event)(") && !$0.contains("->") }.count
    }

    /// Whether the last wl_touch.up touchspots received was followed by a wl_touch.frame.
    private static func frameFollowsLastUp(in session: Session) -> Bool {
        let log = (try? String(contentsOfFile: session.client.logPath, encoding: .utf8)) ?? ""
        let events = log.split(separator: "\n").filter { $0.contains("wl_touch@") && !$0.contains("->") }
        guard let lastUp = events.lastIndex(where: { $0.contains(".up(") }) else { return false }
        return events[(lastUp + 1)...].contains { $0.contains(".frame(") }
    }

    private static func gesture(_ name: String, in session: Session) throws -> [String: Any] {
        try session.eventLog.waitFor(timeout: 5, "gesture \(name)") {
            $0["type"] as? String == "gesture" && $0["name"] as? String == name
        }
    }

    private static func check(_ capability: String, in session: Session, row: inout Row) throws -> Cell {
        switch capability {
        case "maps":
            let configure = try session.eventLog.events(ofType: "configure").last
            let size = "\(configure?["width"] as? Int ?? 0)x\(configure?["height"] as? Int ?? 0)"
            return Cell(outcome: .pass, note: "fullscreen \(size)")
        case "spots":
            try session.send(batch: ["down 1 300 300", "down 2 600 320", "frame"])
            try session.send(batch: ["motion 1 330 310", "motion 2 560 340", "frame"])
            // Both fingers began and ended up where they were moved to. Compositors may fold
            // a down and the motion after it into one frame (gnome-shell), which touchspots
            // logs as one began entry at the newer place.
            let target = ["1": "330 310", "2": "560 340"]
            let logged = (try? session.eventLog.waitUntil(timeout: 10, "both touches at their targets", abandon: { session.client.hasExited }) { events in
                let state = lastPlaces(events.filter { $0["type"] as? String == "frame" })
                return state.places == target && state.began == ["1", "2"]
            }) != nil
            let image = try session.screenshot("spots.png")
            // A full-grown spot under each finger: its central 40 x 40 is spot grey.
            let covered = [(330, 310), (560, 340)].allSatisfy { x, y in
                image.count(x: x - 20, y: y - 20, width: 40, height: 40) { $0.isGray(170, tolerance: 6) } >= 1590
            }
            let framesSent = received("frame", in: session)
            row.observations["frames for 2 grouped frames"] = "\(framesSent)"
            row.observations["ids for fingers 1, 2"] = ids(try frames(session)).map(String.init).joined(separator: ", ")
            if covered && logged { return Cell(outcome: .pass, note: "spots under both fingers") }
            return Cell(outcome: .fail, note: "event log \(logged ? "right" : "wrong: \(phases(try frames(session)))"); screenshot \(covered ? "right" : "shows no spots")")
        case "tap":
            for _ in 0..<2 {
                try session.send(batch: ["down 1 500 400", "frame"])
                try session.send(batch: ["up 1", "frame"])
            }
            let count = try gesture("tap", in: session)["count"] as? Int
            return Cell(outcome: count == 2 ? .pass : .fail, note: "double tap reported as \(count ?? 0)")
        case "swipe":
            try session.send(batch: ["down 1 200 300", "frame"])
            for step in 1...5 { try session.send(batch: ["motion 1 \(200 + step * 10) 300", "frame"]) }
            try session.send(batch: ["up 1", "frame"])
            let event = try gesture("swipe", in: session)
            return Cell(outcome: .pass, note: "\(event["direction"] as? String ?? "?") x\(event["fingers"] as? Int ?? 0)")
        case "pinch":
            try session.send(batch: ["down 1 450 300", "down 2 550 300", "frame"])
            for step in 1...8 { try session.send(batch: ["motion 1 \(450 - step * 10) 300", "motion 2 \(550 + step * 10) 300", "frame"]) }
            try session.send(batch: ["up 1", "up 2", "frame"])
            let event = try gesture("pinch", in: session)
            return Cell(outcome: .pass, note: event["direction"] as? String ?? "?")
        case "checkmark":
            try session.send(batch: ["down 1 400 300", "frame"])
            var x = 400, y = 300
            for _ in 0..<15 { x += 2; y += 2; try session.send(batch: ["motion 1 \(x) \(y)", "frame"]) }
            for _ in 0..<20 { x += 2; y -= 4; try session.send(batch: ["motion 1 \(x) \(y)", "frame"]) }
            try session.send(batch: ["up 1", "frame"])
            _ = try gesture("checkmark", in: session)
            return Cell(outcome: .pass, note: "")
        case "last-up-no-frame":
            try session.send(batch: ["down 7 300 300", "frame"])
            try session.send("up 7")  // and no frame, as mutter and weston 10 do
            try session.sync()
            let arrived = (try? waitForPhases(2, in: session)) != nil
            let ended = try arrived && phases(frames(session)).contains("1 ended")
            row.observations["wl_touch.frame after an up injected without one"] = frameFollowsLastUp(in: session) ? "yes" : "no"
            return Cell(outcome: ended ? .pass : .fail, note: ended ? "ended without a frame" : "the up was lost")
        case "cancel":
            guard case .commands(let batches, let touches) = session.compositor.cancellation else {
                if case .unavailable(let why) = session.compositor.cancellation {
                    row.observations["wl_touch.cancel"] = "not tested: no way to make it cancel"
                    return Cell(outcome: .limitation, note: why)
                }
                return Cell(outcome: .fail, note: "unreachable")
            }
            for batch in batches { try session.send(batch: batch) }
            try session.sync()
            let cancelled = (try? session.eventLog.waitUntil(timeout: 5, "cancelled touches") { events in
                phases(events.filter { $0["type"] as? String == "frame" }).filter { $0.hasSuffix("cancelled") }.count >= touches
            }) != nil
            let delivered = received("cancel", in: session) > 0
            row.observations["wl_touch.cancel"] = delivered ? "delivered" : "never sent"
            if cancelled { return Cell(outcome: .pass, note: "all \(touches) touches cancelled") }
            if !delivered {
                return Cell(outcome: .limitation, note: "\(session.compositor.name) does not send wl_touch.cancel for a cancelled touch device")
            }
            return Cell(outcome: .fail, note: "cancel received but not applied")
        case "compositor-quits":
            session.compositor.stop()
            let status = session.client.wait(timeout: 10)
            let said = session.client.logTail(lines: 5).contains("the compositor closed the connection")
            let clean = status == 1 && said
            return Cell(outcome: clean ? .pass : .fail, note: "exit \(status.map(String.init) ?? "none")\(said ? " with message" : "")")
        default:
            return Cell(outcome: .fail, note: "unknown check")
        }
    }

    /// The matrix as Markdown, for people.
    public static func markdown(_ rows: [Row]) -> String {
        var out = "| compositor | " + capabilities.joined(separator: " | ") + " |\n"
        out += "|---|" + capabilities.map { _ in "---" }.joined(separator: "|") + "|\n"
        for row in rows {
            out += "| \(row.compositor) | " + capabilities.map { capability in
                guard let cell = row.cells[capability] else { return "" }
                let mark = ["pass": "pass", "fail": "**FAIL**", "limitation": "limitation", "not run": "not run"][cell.outcome.rawValue]!
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

    /// The matrix as JSON, for machines.
    public static func json(_ rows: [Row]) throws -> Data {
        let object: [[String: Any]] = rows.map { row in
            [
                "compositor": row.compositor,
                "capabilities": row.cells.mapValues { ["outcome": $0.outcome.rawValue, "note": $0.note] },
                "observations": row.observations,
            ]
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
