import EventLogFormat
import TouchCore

/// A touchspots event log's touchscreen frames written as a `libinput record` YAML file
/// (docs/qualify.md, "A libinput recording"): what a panel that delivered exactly those
/// reports would have recorded, so that a run of the robot's can be judged both ways.
///
/// Two shapes. `.everyValue` (the first writer's, kept so that files written with it still
/// read the same: `Tests/Fixtures/qualify-quick-weston.yaml`) sends the slot, X and Y of
/// every touch in every report. `.kernel` sends what a kernel sends (docs/replay.md,
/// "Kernel semantics"): `ABS_MT_SLOT` only when another slot is meant (slot 0 is selected
/// at the start), X and Y only when they changed from the slot's last values, also across
/// touches (a new touch where the last one in its slot left off sends no position),
/// `BTN_TOUCH` when the first finger lands and the last lifts, and the single-touch
/// `ABS_X`/`ABS_Y` of the oldest contact when they change.
///
/// The axes' units: by default chosen so that a logged position (a multiple of 1/256 px,
/// wl_fixed) is a whole number of units and the resolution a whole number of units per
/// mm, so positions and millimetres come back exactly; or, with `resolution`, that many
/// units a millimetre on each axis (the two may differ, as on many panels), positions
/// rounded to a unit. Times are microseconds, as libinput records them.
public enum LibinputRecordWriter {
    public enum Shape: Sendable { case everyValue, kernel }

    public static func yaml(_ frames: [TouchFrame], screenWidth: Int, screenHeight: Int, millimetresPerPixel: Double,
                            shape: Shape = .everyValue, resolution: (x: Int, y: Int)? = nil,
                            deviceName: String = "touchspots robot touchscreen", node: String = "/dev/input/event7") -> String {
        // millimetresPerPixel as p / q: a unit is 1 / (256 p) px, the resolution 256 q units a mm.
        var p = 0, q = 1
        for denominator in 1...100_000 {
            let numerator = millimetresPerPixel * Double(denominator)
            if abs(numerator - numerator.rounded()) < 1e-9 * Double(denominator) {
                p = Int(numerator.rounded())
                q = denominator
                break
            }
        }
        let exact = p > 0 ? 256 * q : Int((256 / millimetresPerPixel).rounded())
        // Units per pixel and units per mm, for each axis.
        let unitsPerPixel = resolution.map { (Double($0.x) * millimetresPerPixel, Double($0.y) * millimetresPerPixel) }
            ?? (Double(p > 0 ? 256 * p : 256), Double(p > 0 ? 256 * p : 256))
        let perMillimetre = resolution ?? (exact, exact)
        let maxX = Int((Double(screenWidth) * unitsPerPixel.0).rounded()), maxY = Int((Double(screenHeight) * unitsPerPixel.1).rounded())
        let kernel = shape == .kernel
        var lines = [
            "# A libinput record of a touchscreen, written by touchspots' harness from an event log",
            kernel ? "# (LibinputRecordWriter, in the kernel's shape: only changed values): the log's touchscreen frames as a panel's reports."
                : "# (LibinputRecordWriter): the log's touchscreen frames as the reports of a panel.",
            "version: 1", "ndevices: 1", "libinput:", "  version: \"1.22.1\"", "  git: \"unknown\"", "system:",
            "  os: \"debian:12\"", "  kernel: \"6.1.0\"", "  dmi: \"dmi:touchspots-harness\"", "devices:",
            "- node: \(node)", "  evdev:", "    # Name: \(deviceName)",
            "    name: \"\(deviceName)\"", "    id: [3, 0, 0, 0]", "    codes:", "      0: [0] # EV_SYN",
        ]
        if kernel {
            lines += ["      1: [330] # EV_KEY", "      3: [0, 1, 47, 53, 54, 57] # EV_ABS", "    absinfo:",
                      "      0: [0, \(maxX), 0, 0, \(perMillimetre.x)]", "      1: [0, \(maxY), 0, 0, \(perMillimetre.y)]"]
        } else {
            lines += ["      3: [47, 53, 54, 57] # EV_ABS", "    absinfo:"]
        }
        lines += [
            "      47: [0, 9, 0, 0, 0]",
            "      53: [0, \(maxX), 0, 0, \(perMillimetre.x)]",
            "      54: [0, \(maxY), 0, 0, \(perMillimetre.y)]",
            "      57: [0, 65535, 0, 0, 0]", "    properties: [1]", "  hid: []", "  udev:", "    properties:",
            "    - ID_INPUT=1", "    - ID_INPUT_TOUCHSCREEN=1", "  quirks: []", "  events:",
        ]
        var state = KernelState()
        var slots: [Int32: Int] = [:]  // the log's touch id -> slot
        var tracking = 0
        var previous: Int?
        for frame in frames {
            let touches = frame.touches.filter { $0.source == .touchscreen }
            guard !touches.isEmpty else { continue }
            let microseconds = frame.timeNanoseconds.map { Int(($0 + 500) / 1000) } ?? Int(frame.time) * 1000
            let sec = microseconds / 1_000_000, usec = microseconds % 1_000_000
            var events: [String] = []
            func event(_ type: Int, _ code: Int, _ value: Int) {
                events.append(kernel ? "    - [\(sec), \(usec), \(type), \(code), \(value)] # \(name(type, code)) \(value)"
                                     : "    - [\(sec), \(usec), \(type), \(code), \(value)]")
            }
            func select(_ slot: Int) {
                if !kernel || state.slot != slot { event(3, 47, slot) }
                state.slot = slot
            }
            func position(_ slot: Int, _ x: Int, _ y: Int) {
                if !kernel || state.x[slot] != x { event(3, 53, x) }
                if !kernel || state.y[slot] != y { event(3, 54, y) }
                state.x[slot] = x
                state.y[slot] = y
            }
            for touch in touches {
                let x = Int((touch.location.x * unitsPerPixel.0).rounded()), y = Int((touch.location.y * unitsPerPixel.1).rounded())
                switch touch.phase {
                case .began:
                    let slot = (0...).first { free in !slots.values.contains(free) }!
                    slots[touch.id] = slot
                    select(slot)
                    event(3, 57, tracking)
                    state.down.append((slot, tracking))
                    tracking = (tracking + 1) % 65536
                    position(slot, x, y)
                case .moved:
                    guard let slot = slots[touch.id] else { continue }
                    if kernel && state.x[slot] == x && state.y[slot] == y { continue }
                    select(slot)
                    position(slot, x, y)
                case .ended, .cancelled:
                    guard let slot = slots.removeValue(forKey: touch.id) else { continue }
                    select(slot)
                    event(3, 57, -1)
                    state.down.removeAll { $0.slot == slot }
                }
            }
            if kernel {
                let touching = !state.down.isEmpty
                if touching != state.touching { event(1, 330, touching ? 1 : 0) }
                state.touching = touching
                if let oldest = state.down.min(by: { $0.tracking < $1.tracking }), let x = state.x[oldest.slot], let y = state.y[oldest.slot] {
                    if state.pointer?.x != x { event(3, 0, x) }
                    if state.pointer?.y != y { event(3, 1, y) }
                    state.pointer = (x, y)
                }
            }
            // The kernel sends no report that changed nothing.
            if kernel && events.isEmpty { continue }
            lines.append("  - evdev:")
            lines += events
            if kernel {
                let since = previous.map { (microseconds - $0) / 1000 } ?? 0
                lines.append("    - [\(sec), \(usec), 0, 0, 0] # ------------ SYN_REPORT (0) ---------- +\(since)ms")
            } else {
                lines.append("    - [\(sec), \(usec), 0, 0, 0]")
            }
            previous = microseconds
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Contacts (millimetres, seconds) as the frames a compositor would have delivered on a
    /// screen of `millimetresPerPixel`: each contact's down at its first report, a move at
    /// every other, its up one report interval after its last (a panel notices a lift
    /// then), at the last place. Times start `start` seconds into the clock.
    public static func frames(of contacts: [Contact], millimetresPerPixel: Double, reportInterval: Double = 0.01,
                              start: Double = 1000) -> [TouchFrame] {
        var byTime: [Int: [Touch]] = [:]
        func touch(_ id: Int, _ phase: TouchPhase, at point: Point, ns: Int) -> Touch {
            var touch = Touch(id: Int32(id), finger: FingerID(id), phase: phase,
                              location: Point(x: point.x / millimetresPerPixel, y: point.y / millimetresPerPixel),
                              time: UInt32(truncatingIfNeeded: ns / 1_000_000))
            touch.timeNanoseconds = UInt64(clamping: ns)
            return touch
        }
        for (id, contact) in contacts.enumerated() {
            for (index, sample) in contact.samples.enumerated() {
                let ns = Int(((start + sample.time) * 1e9).rounded())
                byTime[ns, default: []].append(touch(id, index == 0 ? .began : .moved, at: sample.point, ns: ns))
            }
            if let last = contact.samples.last {
                let ns = Int(((start + last.time + reportInterval) * 1e9).rounded())
                byTime[ns, default: []].append(touch(id, .ended, at: last.point, ns: ns))
            }
        }
        return byTime.keys.sorted().map { ns in
            // Ups before downs: a finger lifted and another landed in one report.
            let touches = byTime[ns]!.sorted { ($0.phase == .ended ? 0 : 1) < ($1.phase == .ended ? 0 : 1) }
            return TouchFrame(time: UInt32(truncatingIfNeeded: ns / 1_000_000), touches: touches, activeTouches: [])
        }
    }

    /// A qualify run's touchscreen frames without the touches made between its steps (the
    /// Next taps: each touch that began after a step's `judged` line and before the next
    /// `started` or `finished` line): what the panel would have recorded had the same
    /// steps been drawn with no touchspots on screen, for `touchspots-report recording`
    /// to find the steps in (docs/qualify.md, "Steps found from the touches").
    public static func stepFrames(of lines: [LogLine]) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var betweenSteps = false
        var taps = Set<FingerID>()
        for line in lines {
            if let q = line.qualify { betweenSteps = q.state == .judged }
            guard var frame = line.frame else { continue }
            for touch in frame.touches where betweenSteps && touch.phase == .began { taps.insert(touch.finger) }
            frame.touches.removeAll { taps.contains($0.finger) }
            frame.activeTouches.removeAll { taps.contains($0.finger) }
            for touch in frame.touches where touch.phase != .began && touch.phase != .moved { taps.remove(touch.finger) }
            if !frame.touches.isEmpty { frames.append(frame) }
        }
        return frames
    }

    /// What the kernel last sent: the slot selected, each slot's values, the contacts down
    /// (slot and tracking id, oldest first) and the single-touch emulation's.
    private struct KernelState {
        var slot = 0
        var x: [Int: Int] = [:]
        var y: [Int: Int] = [:]
        var down: [(slot: Int, tracking: Int)] = []
        var touching = false
        var pointer: (x: Int, y: Int)?
    }

    /// libinput record's comment for an event.
    private static func name(_ type: Int, _ code: Int) -> String {
        switch (type, code) {
        case (1, 330): "EV_KEY / BTN_TOUCH"
        case (3, 0): "EV_ABS / ABS_X"
        case (3, 1): "EV_ABS / ABS_Y"
        case (3, 47): "EV_ABS / ABS_MT_SLOT"
        case (3, 53): "EV_ABS / ABS_MT_POSITION_X"
        case (3, 54): "EV_ABS / ABS_MT_POSITION_Y"
        case (3, 57): "EV_ABS / ABS_MT_TRACKING_ID"
        default: "EV_\(type) / \(code)"
        }
    }
}
