import Foundation
import Harness
import PropertyBased
import TestCompositor
import EventLogFormat
import ToolSupport
import TouchCore
import Testing
import TouchRobot

/// The real touchspots under random sequences of what a compositor can send: touch down,
/// motion, up, shape, frame and cancel (ids 0...5, so duplicate downs and unknown ids
/// happen, and bursts of 150 fingers that take several socket reads), the pointer (enter,
/// motion, buttons, leave), a tablet tool (added, in and out of proximity, tip down and up,
/// motion, pressure up to 2^32 - 1, tilt, frames or none, removed with its tip down, its
/// tablet removed), seat capabilities coming and going, outputs plugged, entered and
/// unplugged, configures to new sizes, and timestamps that jump or run backwards.
///
/// After every batch the compositor waits for the client's pong (so everything sent is
/// handled and logged) and checks what must always hold:
/// - every touch that began ends exactly once (ended or cancelled), nothing moves before it
///   began or after it ended; a pen hovers or goes out only with its tip up;
/// - no spot without a live touch (a frame's `spots` never exceeds the live touches);
/// - one frame line per wl_touch.frame on a device that sends frames: a batch that is one
///   well-formed frame (no finger moving twice, no last up before other events) logs
///   exactly one line when it changes a touch and none when it names only unknown ids,
///   however many socket reads it takes;
/// - the client is still running; at the end it exits 0 on SIGTERM and every line it
///   wrote follows the schema (docs/event-log.schema.json).
/// 12 sequences of 6,000 steps, about 110,000 compositor events a run; a failure names
/// the seed that replays it (`.fixedSeed(...)`).
@Suite(.serialized) struct RandomSequenceTests {
    static let sequences = Int(ProcessInfo.processInfo.environment["RANDOM_SEQUENCES"] ?? "") ?? 12
    static let steps = 6_000

    /// One random step, decoded from a random number.
    enum Step {
        case down(Int32, Double, Double), motion(Int32, Double, Double), up(Int32)
        case shape(Int32, Double, Double), frame, cancel
        case burst
        case capabilities(UInt32), configure(Int32, Int32)
        case addOutput(Int32), enterOutput, unplugOutput
        case pointerEnter(Double, Double), pointerMotion(Double, Double), pointerButton(UInt32, Bool), pointerLeave
        case timeJump(Int64)
        case penAdd(eraser: Bool), penIn(Double, Double), penMotion(Double, Double), penTip(Bool)
        case penPressure(UInt32), penTilt(Double, Double), penFrame, penOut, penRemove, tabletRemove

        init(_ code: Int) {
            let id = Int32((code >> 8) % 6)
            let x = Double((code >> 11) % 760) - 60 + Double(code % 4) / 4
            let y = Double((code >> 19) % 580) - 50
            switch code % 220 {
            case 0..<40: self = .down(id, x, y)
            case 40..<100: self = .motion(id, x, y)
            case 100..<124: self = .up(id)
            case 124..<126: self = .shape(id, Double(code % 40), Double(code % 25))
            case 126..<160: self = .frame
            case 160..<162: self = .cancel
            case 162: self = .burst
            case 163..<165:
                // Touch and pointer most of the time; sometimes one, sometimes none.
                let both = CompositorRun.touch | CompositorRun.pointer
                self = .capabilities([0, CompositorRun.touch, CompositorRun.pointer, both, both, both][(code >> 8) % 6])
            case 165..<167: self = .configure(Int32((code >> 8) % 1200), Int32((code >> 18) % 900))
            case 167: self = .addOutput(Int32(1 + (code >> 8) % 2))
            case 168: self = .enterOutput
            case 169: self = .unplugOutput
            case 170..<172: self = .pointerEnter(x, y)
            case 172..<186: self = .pointerMotion(x, y)
            case 186..<194: self = .pointerButton((code >> 8) & 1 == 0 ? 0x110 : 0x111, (code >> 9) & 1 == 0)
            case 194..<196: self = .pointerLeave
            case 196..<200: self = .timeJump((code >> 8) % 3 == 0 ? -500 : Int64((code >> 8) % 100_000))
            case 200: self = .penAdd(eraser: (code >> 8) & 1 == 1)
            case 201..<203: self = .penIn(x, y)
            case 203..<208: self = .penMotion(x, y)
            case 208..<210: self = .penTip((code >> 8) & 1 == 0)
            case 210..<212: self = .penPressure((code >> 8) % 5 == 0 ? UInt32.max - UInt32(code >> 12 & 0xff) : UInt32((code >> 8) % 65536))
            case 212..<216: self = .penFrame
            case 216: self = .penOut
            case 217: self = .penRemove
            case 218: self = .tabletRemove
            default: self = .penTilt(Double((code >> 8) % 181) - 90, Double((code >> 16) % 181) - 90)
            }
        }
    }

    /// What the log said, checked line by line as it grows.
    final class LogChecker {
        private(set) var live: Set<String> = []
        private var seen = 0
        var problems: [String] = []

        /// Checks the lines logged since the last call; returns how many frame lines of
        /// touches (not the pointer) they held.
        func checkNewLines(_ events: [LogLine]) -> Int {
            var touchLines = 0
            for event in events[seen...] {
                guard let frame = event.frame, let spots = event.spots else { continue }
                if frame.touches.contains(where: { $0.source == .touchscreen }) { touchLines += 1 }
                for touch in frame.entries {
                    // A pen and its eraser end share nothing but the id space.
                    let key = "\(touch.source == .eraser ? "pen" : touch.source == .touchscreen ? "touch" : touch.source.rawValue) \(touch.id)"
                    switch touch.phase {
                    case .hover, .out:
                        if live.contains(key) { problems.append("\(key) \(touch.phase.rawValue) with its tip down") }
                    case .began:
                        if !live.insert(key).inserted { problems.append("\(key) began while live") }
                    case .moved:
                        if !live.contains(key) { problems.append("\(key) moved while not live") }
                    default:
                        if live.remove(key) == nil { problems.append("\(key) \(touch.phase) while not live") }
                    }
                }
                if spots > live.count {
                    problems.append("\(spots) spots for \(live.count) live touches")
                }
            }
            seen = events.count
            return touchLines
        }
    }

    /// The compositor's side of the touches: which ids are down on the current wl_touch,
    /// and what the batch since the last frame held.
    struct TouchModel {
        var down: Set<Int32> = []
        var sentFrame = false
        var batchChanges = false
        var batchIsOneFrame = true
        var movedInBatch: Set<Int32> = []
        var emptiedBy: Bool = false
        /// A finger went up in this batch (the group holds an up, which waits for its frame
        /// only a grace: SocketReadRules.graceMilliseconds).
        var heldUp = false
        var batchStarted = false

        mutating func startBatch() {
            batchStarted = false
            batchChanges = false
            batchIsOneFrame = true
            movedInBatch = []
            emptiedBy = false
            heldUp = false
        }

        mutating func touched() {
            batchStarted = true
            // An event after the last finger went up: the client hands the group on at
            // that up (some compositors send no frame there), so two lines are right.
            if emptiedBy { batchIsOneFrame = false }
        }

        /// The client caught up in the middle of a frame (the harness waited for it after a
        /// pointer or output event, or tc_enter_output flushed the socket): a group holding
        /// an up is handed on there, as for mutter, which sends no frame after an up.
        mutating func interrupted() {
            if batchStarted { batchIsOneFrame = false }
        }

        mutating func down(_ id: Int32) {
            touched()
            down.insert(id)
            batchChanges = true
        }

        mutating func motion(_ id: Int32) {
            touched()
            guard down.contains(id) else { return }
            batchChanges = true
            // A finger moving twice before a frame means a frame went missing: the client
            // starts a new group, on purpose.
            if !movedInBatch.insert(id).inserted { batchIsOneFrame = false }
        }

        mutating func up(_ id: Int32) {
            touched()
            guard down.remove(id) != nil else { return }
            batchChanges = true
            heldUp = true
            if down.isEmpty { emptiedBy = true }
        }
    }

    /// Shrinking a failing 6,000-step sequence would replay it thousands of times through a
    /// real client; the seed replays it instead.
    @Test(.shrinking(false)) func theClientHoldsUnderRandomCompositorInput() async throws {
        let runs = Counter()
        await propertyCheck(count: Self.sequences, input: Gen.int(in: 0...Int(Int32.max)).array(of: Self.steps)) { codes in
            // Recorded, not thrown: PropertyBased (2.x on Swift 6.2+) counts recorded issues
            // only, and would drop a thrown error along with its seed.
            do { try play(codes, run: runs.next()) } catch { Issue.record(error) }
        }
        print("RandomSequenceTests: \(runs.events) compositor events in \(runs.value) sequences, \(runs.oneFrameBatches) one-frame batches checked for exactly one line")
        #expect(runs.events >= 100_000)
    }

    final class Counter: @unchecked Sendable {
        var value = 0
        var events = 0
        var oneFrameBatches = 0
        func next() -> Counter { value += 1; return self }
    }

    private func play(_ codes: [Int], run counter: Counter) throws {
        let run = try CompositorRun(name: "random-\(counter.value)",
                                    capabilities: CompositorRun.touch | CompositorRun.pointer)
        defer { run.close() }
        let tc = run.tc
        let checker = LogChecker()
        var model = TouchModel()
        var time: UInt32 = 1000
        var events = 0
        var hasTouch = true

        /// Waits for the client, then checks the new lines; returns the touch frame lines.
        func sync(_ what: @autoclosure () -> String) throws -> Int {
            model.interrupted()
            guard run.sync() else {
                throw HarnessError("no pong after \(what()); touchspots \(run.client.hasExited ? "exited (\(run.client.exitStatus!))" : "hangs"): \(run.client.logTail())")
            }
            let lines = checker.checkNewLines(try run.log.events())
            if !checker.problems.isEmpty {
                throw HarnessError("after \(what()): \(checker.problems.prefix(5))")
            }
            return lines
        }
        func send(_ count: Int = 1) { events += count }
        func capabilitiesChanged(_ caps: UInt32) throws {
            tc_set_capabilities(tc, caps)
            send()
            _ = try sync("capabilities \(caps)")
            let nowHasTouch = tc_touches_alive(tc) > 0
            if !nowHasTouch || !hasTouch {
                // The wl_touch went (its touches cancelled) or is new (it has sent no frame).
                model = TouchModel()
            }
            hasTouch = nowHasTouch
        }

        _ = try sync("start")
        for (index, code) in codes.enumerated() {
            time &+= UInt32((code >> 3) % 17)
            let flushes = tc_flush_count(tc)
            switch Step(code) {
            case .down(let id, let x, let y):
                tc_touch_down(tc, time, id, x, y)
                if hasTouch { model.down(id) }
                send()
            case .motion(let id, let x, let y):
                tc_touch_motion(tc, time, id, x, y)
                if hasTouch { model.motion(id) }
                send()
            case .up(let id):
                tc_touch_up(tc, time, id)
                if hasTouch { model.up(id) }
                send()
            case .shape(let id, let major, let minor):
                tc_touch_shape(tc, id, major, minor)
                send()
            case .frame:
                tc_touch_frame(tc)
                send()
                let oneFrame = model.batchIsOneFrame
                let lines = try sync("frame at step \(index)")
                if hasTouch && model.sentFrame && oneFrame {
                    let expected = model.batchChanges ? 1 : 0
                    if lines != expected {
                        throw HarnessError("step \(index): one wl_touch.frame logged \(lines) frame lines, expected \(expected)")
                    }
                    counter.oneFrameBatches += 1
                }
                if hasTouch { model.sentFrame = true }
                model.startBatch()
            case .cancel:
                tc_touch_cancel(tc)
                send()
                _ = try sync("cancel at step \(index)")
                model.down = []
                model.startBatch()
            case .burst:
                // 150 fingers down in one frame, then up in one frame: several reads each.
                for id in Int32(100)..<250 { tc_touch_down(tc, time, id, Double(id * 4 % 640), Double(id % 480)) }
                // (A device that has never sent a frame has its group handed on after every
                // dispatch, so the first of them may come in pieces.)
                // (Nor may the last finger have gone up just before: that up is its own group.
                // Nor any finger: the burst fills libwayland's 4 KiB buffer, which is flushed
                // then, and an up in the first piece waits only the 20 ms mid-burst grace.)
                let oneFrame = model.batchIsOneFrame && model.sentFrame && !model.heldUp
                tc_touch_frame(tc)
                for id in Int32(100)..<250 { tc_touch_up(tc, time, id) }
                tc_touch_frame(tc)
                send(302)
                let lines = try sync("a 150-finger burst at step \(index)")
                if hasTouch && oneFrame && lines != 2 {
                    let counts = try run.log.frames().suffix(lines).map { frame in
                        Dictionary(grouping: frame.touches, by: \.phase).mapValues(\.count)
                    }
                    throw HarnessError("step \(index): two frames of 150 fingers logged \(lines) frame lines: \(counts)")
                }
                if hasTouch { model.sentFrame = true }
                model.startBatch()
            case .capabilities(let caps):
                try capabilitiesChanged(caps)
            case .configure(let width, let height):
                tc_configure(tc, width, height)
                send()
                _ = try sync("configure \(width)x\(height)")
            case .addOutput(let scale):
                tc_add_output(tc, scale)
                send()
                _ = try sync("output added")
            case .enterOutput:
                tc_enter_output(tc)
                send()
            case .unplugOutput:
                tc_unplug_output(tc)
                send()
                _ = try sync("output unplugged")
            case .pointerEnter(let x, let y):
                tc_pointer_enter(tc, x, y)
                send()
                _ = try sync("pointer enter")
            case .pointerMotion(let x, let y):
                tc_pointer_motion(tc, time, x, y)
                send()
                _ = try sync("pointer motion")
            case .pointerButton(let button, let pressed):
                tc_pointer_button(tc, time, button, pressed)
                send()
                _ = try sync("pointer button")
            case .pointerLeave:
                tc_pointer_leave(tc)
                send()
                _ = try sync("pointer leave")
            case .timeJump(let delta):
                time = UInt32(truncatingIfNeeded: Int64(time) + delta)
            case .penAdd(let eraser):
                _ = tc_tablet_add(tc)
                _ = tc_tool_add(tc, eraser)
                send(2)
            case .penIn(let x, let y):
                tc_tool_proximity_in(tc, x, y)
                send(2)
            case .penMotion(let x, let y):
                tc_tool_motion(tc, x, y)
                send()
            case .penTip(let down):
                tc_tool_tip(tc, down)
                send()
            case .penPressure(let raw):
                tc_tool_pressure(tc, raw)
                send()
            case .penTilt(let x, let y):
                tc_tool_tilt(tc, x, y)
                send()
            case .penFrame:
                tc_tool_frame(tc, time)
                send()
            case .penOut:
                tc_tool_proximity_out(tc)
                send()
            case .penRemove:
                tc_tool_remove(tc)
                send()
                _ = try sync("tool removed at step \(index)")
            case .tabletRemove:
                tc_tablet_remove(tc)
                send()
                _ = try sync("tablet removed at step \(index)")
            }
            // A step that sent the compositor's queue (tc_enter_output does, without a
            // sync): the client may read the batch so far on its own and, after 2 ms of
            // quiet, hand on a group that holds an up (what mutter needs,
            // SocketReadRules.graceMilliseconds), as after a sync.
            if tc_flush_count(tc) != flushes { model.interrupted() }
        }
        // Everything lets go: the touches are cancelled, the buttons released, the pointer
        // leaves. Nothing may stay live.
        tc_touch_cancel(tc)
        tc_pointer_button(tc, time, 0x110, false)
        tc_pointer_button(tc, time, 0x111, false)
        tc_pointer_leave(tc)
        tc_tool_remove(tc)
        send(5)
        _ = try sync("the end")
        #expect(checker.live.isEmpty, "never ended: \(checker.live)")
        #expect(try run.client.stop(timeout: 5) == 0, "SIGTERM ends touchspots with status 0")
        let schema = try EventLogSchema.validate([run.log.path])
        #expect(schema.status == 0, "\(schema.output)")
        counter.events += events
    }
}
