import Foundation
import EventLogFormat
import Yams

/// A touch recording to replay (docs/replay.md): frames of touches with their timing, and,
/// from an event log, what touchspots made of them (gestures, labels, warnings) to compare
/// the replay against. Made from a touchspots event log (JSON Lines) or from a
/// `libinput record` YAML file of a touchscreen.
public struct Recording: Sendable {
    public struct Touch: Sendable, Equatable {
        public var id: Int
        public var phase: String
        public var x: Double, y: Double
        /// nil for a touchscreen finger; "pointer", "pen" or "eraser" as in the log.
        public var source: String?
        public var pressure: Double?
        public var tilt: [Double]?
        public var distance: Double?
    }

    public struct Frame: Sendable {
        /// Milliseconds, on the recording's own clock.
        public var time: Int64
        public var touches: [Touch]
    }

    /// The recorded window's logical size, when known (an event log's `ready` line).
    public var width: Int?
    public var height: Int?
    public var frames: [Frame] = []
    /// What touchspots recognized and showed when the recording was made (event logs only).
    public var gestures: [String] = []
    public var labels: [String] = []
    public var warningKinds: [LogWarningKind] = []
    /// "event log" or "libinput record".
    public var kind: String

    /// A gesture as compared between runs: its name and what it says, without a rotation's
    /// exact degrees (a replay's timing moves them by a degree or two).
    public static func summary(_ g: LogGesture) -> String {
        var parts = [g.name]
        if let count = g.count { parts.append("count \(count)") }
        if let direction = g.direction { parts.append(direction) }
        if let fingers = g.fingers { parts.append("\(fingers) fingers") }
        if let edge = g.edge { parts.append("from \(edge)") }
        return parts.joined(separator: " ")
    }

    /// Reads a touchspots event log.
    public init(eventLog path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw HarnessError("no such file: \(path)") }
        kind = "event log"
        let events = try EventLogReader(path: path).events()
        guard !events.isEmpty else { throw HarnessError("\(path) holds no event log lines") }
        var lastTime: Int64?
        var base: Int64 = 0
        for event in events {
            switch event {
            case .ready(let w, let h, _):
                if width == nil { (width, height) = (Int(w.rounded()), Int(h.rounded())) }
            case .frame(let frame):
                // The compositor's 32-bit millisecond clock wraps every 49.7 days.
                var time = Int64(frame.time) + base
                if let last = lastTime, time < last - (1 << 31) {
                    base += 1 << 32
                    time += 1 << 32
                }
                lastTime = time
                frames.append(Frame(time: time, touches: frame.touches.map {
                    Touch(id: $0.id, phase: $0.phase, x: $0.x, y: $0.y, source: $0.source,
                          pressure: $0.pressure, tilt: $0.tilt, distance: $0.distance)
                }))
            case .gesture(let g): gestures.append(Self.summary(g))
            case .label(let text, let slot): if !text.isEmpty { labels.append("\(slot): \(text)") }
            case .warning:
                if let kind = event.warningKind { warningKinds.append(kind) }
            default: break
            }
        }
        guard !frames.isEmpty else { throw HarnessError("\(path) holds no frame lines to replay") }
    }

    /// Reads a `libinput record` YAML file and turns its touchscreen's multi-touch slots
    /// (evdev protocol B: ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y, each
    /// SYN_REPORT a frame) into frames on a `width` x `height` output: the device's axis
    /// ranges (absinfo) map onto the whole output, as a compositor maps a touchscreen.
    public init(libinputRecord path: String, width: Int, height: Int) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw HarnessError("cannot read \(path)")
        }
        kind = "libinput record"
        self.width = width
        self.height = height
        let root: Any?
        do { root = try Yams.load(yaml: text) } catch {
            throw HarnessError("\(path) is not YAML: \(error)")
        }
        guard let document = root as? [String: Any], let devices = document["devices"] as? [[String: Any]] else {
            throw HarnessError("\(path) is not a libinput recording (no devices list)")
        }
        func int(_ any: Any?) -> Int? { (any as? Int) ?? (any as? NSNumber)?.intValue ?? (any as? String).flatMap { Int($0) } }
        // The first device with multi-touch positions is the touchscreen.
        for device in devices {
            guard let evdev = device["evdev"] as? [String: Any],
                  let absinfo = evdev["absinfo"] as? [AnyHashable: Any] else { continue }
            func range(_ code: Int) -> (Double, Double)? {
                let entry = absinfo.first { int($0.key) == code }?.value as? [Any]
                guard let entry, entry.count >= 2, let lo = int(entry[0]), let hi = int(entry[1]), hi > lo else { return nil }
                return (Double(lo), Double(hi))
            }
            guard let xRange = range(53), let yRange = range(54) else { continue }
            let events = (device["events"] as? [[String: Any]]) ?? []
            var slots: [Int: (id: Int, x: Double, y: Double, began: Bool, moved: Bool, ended: Bool)] = [:]
            var slot = 0
            for entry in events {
                for raw in (entry["evdev"] as? [[Any]]) ?? [] {
                    guard raw.count >= 5, let sec = int(raw[0]), let usec = int(raw[1]), let type = int(raw[2]),
                          let code = int(raw[3]), let value = int(raw[4]) else {
                        throw HarnessError("\(path): an evdev event is not [sec, usec, type, code, value]: \(raw)")
                    }
                    switch (type, code) {
                    case (3, 47): slot = value
                    case (3, 57):
                        if value >= 0 {
                            slots[slot] = (value, slots[slot]?.x ?? 0, slots[slot]?.y ?? 0, true, false, false)
                        } else if slots[slot] != nil {
                            slots[slot]!.ended = true
                        }
                    case (3, 53):
                        if slots[slot] != nil {
                            slots[slot]!.x = (Double(value) - xRange.0) / (xRange.1 - xRange.0) * Double(width)
                            slots[slot]!.moved = true
                        }
                    case (3, 54):
                        if slots[slot] != nil {
                            slots[slot]!.y = (Double(value) - yRange.0) / (yRange.1 - yRange.0) * Double(height)
                            slots[slot]!.moved = true
                        }
                    case (0, 0):  // SYN_REPORT: one frame
                        var touches: [Touch] = []
                        for key in slots.keys.sorted() {
                            let s = slots[key]!
                            if s.began {
                                touches.append(Touch(id: key, phase: "began", x: s.x, y: s.y))
                            } else if s.moved && !s.ended {
                                touches.append(Touch(id: key, phase: "moved", x: s.x, y: s.y))
                            }
                            if s.ended {
                                touches.append(Touch(id: key, phase: "ended", x: s.x, y: s.y))
                                slots[key] = nil
                            } else {
                                slots[key]!.began = false
                                slots[key]!.moved = false
                            }
                        }
                        if !touches.isEmpty {
                            frames.append(Frame(time: Int64(sec) * 1000 + Int64(usec) / 1000, touches: touches))
                        }
                    default: break
                    }
                }
            }
            guard !frames.isEmpty else { throw HarnessError("\(path): the touchscreen recorded no touches") }
            return
        }
        throw HarnessError("\(path): no device with multi-touch positions (ABS_MT_POSITION_X/Y)")
    }
}
