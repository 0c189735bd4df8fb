import Conformance
import Foundation
import ToolSupport

/// Drives one compositor through the conformance scenarios and judges what touchspots
/// received, as libwayland traced it (`WAYLAND_DEBUG=client`), against what the driver
/// injected (docs/conformance.md). The compositor runs as shipped: no driver adds to what
/// it sends (`asShipped`). touchspots is only the surface that is touched; its own
/// handling of the stream plays no part in a verdict.
public enum ConformanceRun {
    /// Runs every scenario on `target`, with logs under `directory/<name>/`, and returns
    /// the compositor's entry of the report; a check that does not pass gets an evidence
    /// folder `directory/<name>/<check>/`.
    public static func run(_ target: ConformanceTarget, directory: String, folder name: String? = nil) -> ConformanceReport.Compositor {
        let folder = "\(directory)/\(name ?? target.folderName)"
        var findings: [(Finding, runFolder: String?)] = []
        let fullscreen = "\(folder)/runs/fullscreen"
        var running: HeadlessRun?
        do {
            // The compositor's folder is new for each run: no evidence left of a check
            // that passes now (the command has checked it is the harness's to replace).
            try RunFolder.fresh(folder)
            try RunFolder.fresh(fullscreen)
            let run = try target.start(in: fullscreen)
            running = run
            defer { run.stop() }
            let basic = try play(Scenarios.twoFingers, in: run)
            let cancel: [InjectedGroup]?
            var cancelReason = ""
            switch run.compositor.cancellation {
            case .commands(let batches, _): cancel = try playBackToBack(Scenarios.groups(fromBatches: batches), in: run)
            case .unavailable(let why): cancel = nil; cancelReason = why
            }
            let pen = try optional { try play(Scenarios.pen, in: run, wait: 1) }
            let capability = try optional { () -> [InjectedGroup] in
                try run.send("touch-capability on")  // no change: asks whether the driver can
                return try play(Scenarios.touchCapability, in: run)
            }
            _ = try? run.screenshot("end.png")
            let trace = traceText(run)
            let events = ReceivedEvent.parse(trace: trace)
            findings += [
                TouchStreamJudge.seatHasTouch(events),
                TouchStreamJudge.frameAfterGroups(basic, lastUp: false),
                TouchStreamJudge.frameAfterGroups(basic, lastUp: true),
                TouchStreamJudge.groupInOneFrame(basic),
                TouchStreamJudge.idsUniqueWhileActive(events),
                TouchStreamJudge.nothingAfterUp(events),
                TouchStreamJudge.surfaceLocal(.downSurfaceLocal, basic, context: "fullscreen, scale 1"),
                cancel.map { TouchStreamJudge.cancelEndsEveryTouch($0.flatMap(\.received)) }
                    ?? Finding(.cancelEndsEveryTouch, verdict: .untestable, detail: "the driver cannot make \(target.name) cancel: \(cancelReason)"),
                TouchStreamJudge.serialsIncrease(events),
                TouchStreamJudge.timesNeverGoBack(events),
                TouchStreamJudge.timestampsAgree(events, advertised: trace.contains("\"zwp_input_timestamps_manager_v1\""),
                                                 subscribed: trace.contains(".get_touch_timestamps(")),
                TouchStreamJudge.shapeAndOrientationInFrame(events),
                pen.groups.map(TouchStreamJudge.tabletProximityDownFrame)
                    ?? Finding(.tabletProximityDownFrame, verdict: .untestable, detail: "the driver has no pen for \(target.name): \(pen.reason)"),
                capability.groups.map(TouchStreamJudge.touchCapabilityRemoved)
                    ?? Finding(.touchCapabilityRemoved, verdict: .untestable, detail: "the driver cannot take touch from \(target.name)'s seat: \(capability.reason)"),
            ].map { ($0, fullscreen) }
        } catch {
            let elsewhere: Set<ConformanceCheck> = [.downSurfaceLocalScale2, .downSurfaceLocalRotated, .downSurfaceLocalWindowed,
                                                    .implicitGrab, .downOnSubsurface, .surfaceDestroyedEndsTouch,
                                                    .surfaceUnmappedEndsTouch]
            // A compositor that dies while it is touched fails every check it took with
            // it; a run that never started, or stopped on the harness's side, tested nothing.
            let died = running?.compositor.hasExited == true
            let why = running == nil ? "the fullscreen run did not start: \(firstLine(error))"
                : died ? "the compositor exited while it was touched: \(firstLine(error))"
                : "the fullscreen run stopped: \(firstLine(error))"
            for check in ConformanceCheck.allCases where !elsewhere.contains(check) {
                findings.append((Finding(check, verdict: died ? .fail : .untestable, detail: why), fullscreen))
            }
        }
        if running == nil {
            // A compositor that never started fullscreen is not started four times more
            // (a program that never opens a socket cost 20 s a run, two minutes in all).
            let why = "not tried: the fullscreen run did not start"
            for check: ConformanceCheck in [.downSurfaceLocalScale2, .downSurfaceLocalRotated, .downSurfaceLocalWindowed,
                                            .implicitGrab, .downOnSubsurface, .surfaceDestroyedEndsTouch, .surfaceUnmappedEndsTouch] {
                findings.append((Finding(check, verdict: .untestable, detail: why), nil))
            }
        } else {
            findings += scaled(target, folder: folder)
            findings += rotated(target, folder: folder)
            findings += windowed(target, folder: folder)
            findings += surfaces(target, folder: folder)
        }

        var checks: [ConformanceReport.Check] = []
        for (finding, runFolder) in findings.sorted(by: { order($0.0.check) < order($1.0.check) }) {
            var evidence: String?
            if finding.verdict == .fail || finding.verdict == .differs, let runFolder {
                evidence = writeEvidence(finding, runFolder: runFolder, folder: folder)
            }
            checks.append(ConformanceReport.Check(finding, evidence: evidence))
        }
        return ConformanceReport.Compositor(name: target.name, version: target.version, driver: target.driver,
                                            command: target.command, checks: checks)
    }

    static func order(_ check: ConformanceCheck) -> Int { ConformanceCheck.allCases.firstIndex(of: check)! }

    /// What the harness injects, group by group.
    enum Scenarios {
        /// Two fingers land together, move together, lift together.
        static let twoFingers = [
            InjectedGroup(steps: [.down(id: 1, x: 300, y: 300), .down(id: 2, x: 600, y: 320)]),
            InjectedGroup(steps: [.motion(id: 1, x: 330, y: 310), .motion(id: 2, x: 560, y: 340)]),
            InjectedGroup(steps: [.up(id: 1), .up(id: 2)]),
        ]

        /// A pen comes into proximity, touches, moves, lifts and leaves.
        static let pen = ["tool-in pen 300 300", "tool-tip pen down", "tool-motion pen 340 300 pressure 0.5",
                          "tool-tip pen up", "tool-out pen"].map { InjectedGroup(steps: [.pen($0)]) }

        /// Two fingers down, then the seat loses touch, then gains it again.
        static let touchCapability = [
            // Ids of their own: a compositor that never ended the cancelled 1 and 2 would
            // otherwise break ids-unique-while-active here too.
            InjectedGroup(steps: [.down(id: 11, x: 300, y: 300), .down(id: 12, x: 500, y: 300)]),
            InjectedGroup(steps: [.touchCapability(false)]),
            InjectedGroup(steps: [.touchCapability(true)]),
        ]

        /// A driver's batches of commands (its way to make the compositor cancel) as groups.
        static func groups(fromBatches batches: [[String]]) -> [InjectedGroup] {
            batches.map { batch in
                InjectedGroup(steps: batch.compactMap { command in
                    let words = command.split(separator: " ")
                    let numbers = words.dropFirst().compactMap { Double($0) }
                    switch (words.first, numbers.count) {
                    case ("down", 3): return .down(id: Int32(numbers[0]), x: numbers[1], y: numbers[2])
                    case ("motion", 3): return .motion(id: Int32(numbers[0]), x: numbers[1], y: numbers[2])
                    case ("up", 1): return .up(id: Int32(numbers[0]))
                    case ("cancel", 0): return .cancel
                    default: return nil
                    }
                })
            }
        }
    }

    /// Sends each group, syncs, and keeps what arrived for it. Injected input reaches the
    /// client through the compositor's own queues (mutter's input thread), which a sync of
    /// the client does not wait for: each group waits until something of it arrived (or
    /// 5 s, for a group that rightly brings nothing), then syncs again.
    static func play(_ groups: [InjectedGroup], in run: HeadlessRun, wait: Double = 5) throws -> [InjectedGroup] {
        var played: [InjectedGroup] = []
        var seen = ReceivedEvent.parse(trace: traceText(run)).count
        for var group in groups {
            try run.send(batch: group.commands)
            try run.sync()
            // Until as many touch events as the group has touch steps arrived (any event,
            // for a group of a pen or the seat), or `wait` s: a compositor's input thread
            // may still hold the rest of the group when the client answers the sync.
            let wanted = max(1, group.steps.filter { step in
                switch step {
                case .down, .motion, .up: true
                default: false
                }
            }.count)
            func arrived() -> Int {
                ReceivedEvent.parse(trace: traceText(run)).dropFirst(seen)
                    .filter { !group.isTouch || ($0.object.hasPrefix("wl_touch@") && $0.kind != .frame) }.count
            }
            let deadline = Date().addingTimeInterval(wait)
            while arrived() < wanted && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)  // no sync exists for a compositor's input queue
            }
            try run.sync()
            let events = ReceivedEvent.parse(trace: traceText(run))
            group.received = Array(events.dropFirst(seen))
            seen = events.count
            played.append(group)
        }
        return played
    }

    /// Sends the groups one after another with no wait between them, as a driver's
    /// gesture must be played (gnome-shell's three-finger swipe), then waits until the
    /// trace is quiet for a second (at most 5 s): what arrived is one group's.
    static func playBackToBack(_ groups: [InjectedGroup], in run: HeadlessRun) throws -> [InjectedGroup] {
        let seen = ReceivedEvent.parse(trace: traceText(run)).count
        for group in groups { try run.send(batch: group.commands) }
        try run.sync()
        var count = -1
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let now = ReceivedEvent.parse(trace: traceText(run)).count
            if now == count { break }
            count = now
            Thread.sleep(forTimeInterval: 1)  // no sync exists for a compositor's input queue
        }
        try run.sync()
        var played = groups
        played[played.count - 1].received = Array(ReceivedEvent.parse(trace: traceText(run)).dropFirst(seen))
        return played
    }

    /// A scenario the driver may not be able to play: its groups, or the driver's reason.
    static func optional(_ body: () throws -> [InjectedGroup]) throws -> (groups: [InjectedGroup]?, reason: String) {
        do {
            return (try body(), "")
        } catch let error as HarnessError where error.description.contains("unsupported:") {
            return (nil, error.description.components(separatedBy: "unsupported: ").last ?? "\(error)")
        }
    }

    static func traceText(_ run: HeadlessRun) -> String {
        (try? String(contentsOfFile: run.client.logPath, encoding: .utf8)) ?? ""
    }

    /// A down and an up at output scale 2: logical coordinates either way.
    static func scaled(_ target: ConformanceTarget, folder: String) -> [(Finding, runFolder: String?)] {
        let path = "\(folder)/runs/scale-2"
        if case .nested = target {
            return [(Finding(.downSurfaceLocalScale2, verdict: .untestable,
                             detail: "a nested compositor's output scale is its own: the harness cannot set it (give it in the command)"), nil)]
        }
        return oneTouch(.downSurfaceLocalScale2, at: (300, 200), path: path, context: "fullscreen, scale 2", runName: "the run at scale 2") {
            try target.start(in: path, scale: 2)
        }
    }

    /// A down at `point` and an up in the run `start` makes, judged by `check`; a run that
    /// does not start leaves the check untestable.
    static func oneTouch(_ check: ConformanceCheck, at point: (x: Double, y: Double), path: String, context: String, runName: String,
                         start: () throws -> HeadlessRun) -> [(Finding, runFolder: String?)] {
        do {
            try RunFolder.fresh(path)
            let run = try start()
            defer { run.stop() }
            let groups = try play([InjectedGroup(steps: [.down(id: 1, x: point.x, y: point.y)]), InjectedGroup(steps: [.up(id: 1)])],
                                  in: run)
            _ = try? run.screenshot("end.png")
            return [(TouchStreamJudge.surfaceLocal(check, groups, context: context), path)]
        } catch {
            return [(Finding(check, verdict: .untestable, detail: "\(runName) did not start: \(firstLine(error))"), path)]
        }
    }

    /// A down and an up on an output rotated by 90 degrees: the fullscreen window is
    /// 640 x 1024 logical px, and a touch lands at its logical point.
    static func rotated(_ target: ConformanceTarget, folder: String) -> [(Finding, runFolder: String?)] {
        let path = "\(folder)/runs/rotated"
        guard target == .driven(.weston) else {
            return [(Finding(.downSurfaceLocalRotated, verdict: .untestable, detail: "the harness rotates an output on weston only (its headless backend's --transform)"), nil)]
        }
        return oneTouch(.downSurfaceLocalRotated, at: (200, 700), path: path, context: "output rotated 90 degrees",
                        runName: "the rotated run") {
            try target.start(in: path, transform: "rotate-90")
        }
    }

    /// touchspots as the app grid starts it, in a decorated window the compositor places:
    /// a down inside, a motion out of the window (above its content, onto its title bar
    /// or beyond) and an up there.
    static func windowed(_ target: ConformanceTarget, folder: String) -> [(Finding, runFolder: String?)] {
        let path = "\(folder)/runs/windowed"
        guard target != .driven(.cage) else {
            let why = "cage shows every window fullscreen: no window to leave, no decorated window to place"
            return [(Finding(.downSurfaceLocalWindowed, verdict: .untestable, detail: why), nil), (Finding(.implicitGrab, verdict: .untestable, detail: why), nil)]
        }
        do {
            try RunFolder.fresh(path)
            let run = try target.start(in: path, windowed: true)
            defer { run.stop() }
            // Out through the top (a title bar, a panel) where there is room, else the left.
            let outside: (x: Double, y: Double)
            if run.origin.y >= 8 {
                outside = (200, -(run.origin.y / 2).rounded())
            } else if run.origin.x >= 8 {
                outside = (-(run.origin.x / 2).rounded(), 250)
            } else {
                let groups = try play([InjectedGroup(steps: [.down(id: 1, x: 200, y: 250)]), InjectedGroup(steps: [.up(id: 1)])],
                                      in: run)
                let why = "the window's content starts at the output's corner (\(Int(run.origin.x)),\(Int(run.origin.y))): no room to leave it"
                return [
                    (TouchStreamJudge.surfaceLocal(.downSurfaceLocalWindowed, [groups[0]],
                                                   context: "window at \(Int(run.origin.x)),\(Int(run.origin.y))"), path),
                    (Finding(.implicitGrab, verdict: .untestable, detail: why), nil),
                ]
            }
            let groups = try play([
                InjectedGroup(steps: [.down(id: 1, x: 200, y: 250)]),
                InjectedGroup(steps: [.motion(id: 1, x: outside.x, y: outside.y)]),
                InjectedGroup(steps: [.up(id: 1)]),
            ], in: run)
            _ = try? run.screenshot("end.png")
            return [
                (TouchStreamJudge.surfaceLocal(.downSurfaceLocalWindowed, [groups[0]],
                                               context: "window at \(Int(run.origin.x)),\(Int(run.origin.y))"), path),
                (TouchStreamJudge.implicitGrab(groups, outside: outside), path),
            ]
        } catch {
            let why = "the windowed run did not start: \(firstLine(error))"
            return [(Finding(.downSurfaceLocalWindowed, verdict: .untestable, detail: why), path), (Finding(.implicitGrab, verdict: .untestable, detail: why), path)]
        }
    }

    /// The surface probe (`touchspots-surface-probe`, `SurfaceProbeLayout`) instead of
    /// touchspots, fullscreen: a down on its blue subsurface and one beside it; a finger on
    /// the orange square, which the probe destroys, moved and lifted, then a marker touch on
    /// the window; the same on the green square, which the probe unmaps.
    static func surfaces(_ target: ConformanceTarget, folder: String) -> [(Finding, runFolder: String?)] {
        let path = "\(folder)/runs/surfaces"
        let checks: [ConformanceCheck] = [.downOnSubsurface, .surfaceDestroyedEndsTouch, .surfaceUnmappedEndsTouch]
        let run: HeadlessRun
        do {
            try RunFolder.fresh(path)
            run = try target.start(in: path, probe: true)
        } catch {
            let why = "the surface probe's run did not start: \(firstLine(error))"
            return checks.map { (Finding($0, verdict: .untestable, detail: why), path) }
        }
        defer { run.stop() }
        var found: [ConformanceCheck: Finding] = [:]
        if let ready = try? run.eventLog.events().compactMap(\.ready).first,
           ready.width < Double(SurfaceProbeLayout.minimumSize.width) || ready.height < Double(SurfaceProbeLayout.minimumSize.height) {
            let least = SurfaceProbeLayout.minimumSize
            let why = "the probe's window is \(Int(ready.width)) x \(Int(ready.height)), smaller than the \(least.width) x \(least.height) its squares need"
            return checks.map { (Finding($0, verdict: .untestable, detail: why), path) }
        }
        /// Each scenario judged on its own: one that breaks off (the compositor dies as a
        /// surface goes) leaves those judged before it standing; the compositor dying fails
        /// what it took with it, as in the fullscreen run.
        func attempt(_ scenario: [ConformanceCheck], _ body: () throws -> [Finding]) {
            do {
                for finding in try body() { found[finding.check] = finding }
            } catch {
                let died = run.compositor.hasExited
                for check in scenario where found[check] == nil {
                    found[check] = Finding(check, verdict: died ? .fail : .untestable,
                                           detail: died ? "the compositor exited while it was touched: \(firstLine(error))"
                                               : "the surface probe's run stopped: \(firstLine(error))")
                }
            }
        }
        // The squares on screen before the first touch: a compositor picks the surface under
        // a finger from what it has composited, and a nested one composites on its host's
        // frames, which no sync of the harness reaches (nested weston lost the first touch
        // on the blue square now and then). A screenshot showing the blue square is the
        // sync; after 10 s the run goes on and the verdicts say what came.
        let blue = SurfaceProbeLayout.kept
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let shot = try? run.screenshot("squares.png"), shot.width > Int(blue.middle.x), shot.height > Int(blue.middle.y) {
                let pixel = shot.pixel(x: Int(blue.middle.x), y: Int(blue.middle.y))
                if abs(Int(pixel.r) - Int(blue.color >> 16 & 0xFF)) < 24, abs(Int(pixel.g) - Int(blue.color >> 8 & 0xFF)) < 24,
                   abs(Int(pixel.b) - Int(blue.color & 0xFF)) < 24 { break }
            }
            Thread.sleep(forTimeInterval: 0.1)  // the next screenshot: no sync reaches a nested compositor's repaint
        }
        let parent = SurfaceProbeLayout.parentPoint
        func requests() -> SurfaceRequests { SurfaceRequests.parse(trace: traceText(run)) }
        attempt([.downOnSubsurface]) {
            let kept = SurfaceProbeLayout.kept.middle
            let groups = try play([
                InjectedGroup(steps: [.down(id: 1, x: kept.x, y: kept.y)]), InjectedGroup(steps: [.up(id: 1)]),
                InjectedGroup(steps: [.down(id: 2, x: parent.x, y: parent.y)]), InjectedGroup(steps: [.up(id: 2)]),
            ], in: run)
            return [TouchStreamJudge.downOnSubsurface(groups, requests: requests())]
        }
        for (check, square, id) in [(ConformanceCheck.surfaceDestroyedEndsTouch, SurfaceProbeLayout.destroyed, Int32(3)),
                                    (.surfaceUnmappedEndsTouch, SurfaceProbeLayout.unmapped, 5)] {
            attempt(check == .surfaceDestroyedEndsTouch ? [check, .surfaceUnmappedEndsTouch] : [check]) {
                let at = square.middle
                let groups = try play([
                    InjectedGroup(steps: [.down(id: id, x: at.x, y: at.y)]),
                    InjectedGroup(steps: [.motion(id: id, x: at.x + 20, y: at.y + 10)]),
                    InjectedGroup(steps: [.up(id: id)]),
                    InjectedGroup(steps: [.down(id: id + 1, x: parent.x, y: parent.y)]), InjectedGroup(steps: [.up(id: id + 1)]),
                ], in: run)
                return [TouchStreamJudge.touchEndsWithItsSurface(check, groups, requests: requests())]
            }
        }
        _ = try? run.screenshot("end.png")
        return checks.map { (found[$0]!, path) }
    }

    /// The check's evidence folder: the trace lines at fault, the run's event log and
    /// client trace, the compositor's log and the screenshot at the scenario's end.
    static func writeEvidence(_ finding: Finding, runFolder: String, folder: String) -> String? {
        let name = finding.check.rawValue
        let path = "\(folder)/\(name)"
        do {
            try RunFolder.fresh(path)
            var text = "# \(finding.check.element): \(finding.verdict.rawValue): \(finding.detail)\n"
            text += "# the protocol: \"\(finding.check.sentence)\" (protocols/\(finding.check.source))\n"
            text += "# WAYLAND_DEBUG=client lines of the events at fault:\n"
            text += finding.lines.joined(separator: "\n") + "\n"
            try text.write(toFile: "\(path)/wayland-debug.txt", atomically: false, encoding: .utf8)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: runFolder)) ?? []
            for file in files where file.hasSuffix(".log") || file == "events.jsonl" || file == "end.png" {
                try? FileManager.default.copyItem(atPath: "\(runFolder)/\(file)", toPath: "\(path)/\(file)")
            }
            return "\(URL(fileURLWithPath: folder).lastPathComponent)/\(name)"
        } catch {
            return nil
        }
    }

    static func firstLine(_ error: Error) -> String {
        "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
