import EventLogFormat

/// A touchspots event log's touchscreen frames written as a `libinput record` YAML file
/// (docs/qualify.md, "A libinput recording"): what a panel that delivered exactly those
/// reports would have recorded, so that a run of the robot's can be judged both ways
/// (`Tests/Fixtures/qualify-quick-weston.yaml` is the weston run's log written so). The
/// axes' units are chosen so that a logged position (a multiple of 1/256 px, wl_fixed) is
/// a whole number of units and the axes' resolution a whole number of units per mm:
/// positions and millimetres come back exactly; times are microseconds, as libinput
/// records them.
public enum LibinputRecordWriter {
    public static func yaml(_ frames: [LogFrame], screenWidth: Int, screenHeight: Int, millimetresPerPixel: Double) -> String {
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
        let perPixel = p > 0 ? 256 * p : 256
        let resolution = p > 0 ? 256 * q : Int((256 / millimetresPerPixel).rounded())
        var lines = [
            "# A libinput record of a touchscreen, written by touchspots' harness from an event log",
            "# (LibinputRecordWriter): the log's touchscreen frames as the reports of a panel.",
            "version: 1", "ndevices: 1", "libinput:", "  version: \"1.22.1\"", "  git: \"unknown\"", "system:",
            "  os: \"debian:12\"", "  kernel: \"6.1.0\"", "  dmi: \"dmi:touchspots-harness\"", "devices:",
            "- node: /dev/input/event7", "  evdev:", "    # Name: touchspots robot touchscreen",
            "    name: \"touchspots robot touchscreen\"", "    id: [3, 0, 0, 0]", "    codes:",
            "      0: [0] # EV_SYN", "      3: [47, 53, 54, 57] # EV_ABS", "    absinfo:",
            "      47: [0, 9, 0, 0, 0]",
            "      53: [0, \(screenWidth * perPixel), 0, 0, \(resolution)]",
            "      54: [0, \(screenHeight * perPixel), 0, 0, \(resolution)]",
            "      57: [0, 65535, 0, 0, 0]", "    properties: [1]", "  hid: []", "  udev:", "    properties:",
            "    - ID_INPUT=1", "    - ID_INPUT_TOUCHSCREEN=1", "  quirks: []", "  events:",
        ]
        var slots: [Int: Int] = [:]  // the log's touch id -> slot
        var tracking = 0
        for frame in frames {
            let touches = frame.touches.filter { $0.source == nil }
            guard !touches.isEmpty else { continue }
            let microseconds = frame.timeNs.map { ($0 + 500) / 1000 } ?? frame.time * 1000
            let sec = microseconds / 1_000_000, usec = microseconds % 1_000_000
            func event(_ type: Int, _ code: Int, _ value: Int) { lines.append("    - [\(sec), \(usec), \(type), \(code), \(value)]") }
            lines.append("  - evdev:")
            for touch in touches {
                let x = Int((touch.x * Double(perPixel)).rounded()), y = Int((touch.y * Double(perPixel)).rounded())
                switch touch.phase {
                case "began":
                    let slot = (0...).first { free in !slots.values.contains(free) }!
                    slots[touch.id] = slot
                    event(3, 47, slot)
                    event(3, 57, tracking)
                    tracking = (tracking + 1) % 65536
                    event(3, 53, x)
                    event(3, 54, y)
                case "moved":
                    guard let slot = slots[touch.id] else { continue }
                    event(3, 47, slot)
                    event(3, 53, x)
                    event(3, 54, y)
                case "ended", "cancelled":
                    guard let slot = slots.removeValue(forKey: touch.id) else { continue }
                    event(3, 47, slot)
                    event(3, 57, -1)
                default: continue
                }
            }
            event(0, 0, 0)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
