import Foundation
import Yams

/// Why a file is not a `libinput record` of a touchscreen: one line naming it.
public struct LibinputRecordError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The touchscreen of a `libinput record` YAML file, as its evdev events tell it (protocol
/// B: ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y, each SYN_REPORT one report):
/// one reader for the harness's replay (which maps the axes onto an output) and for
/// `touchspots-report`, which judges a recorded qualify run (docs/qualify.md, "A libinput
/// recording"). Positions stay in the device's units, times in the recording's
/// microseconds.
public struct LibinputRecord: Sendable {
    /// An axis's range and resolution (units per millimetre; 0 where the device does not
    /// say), as absinfo gives them.
    public struct Axis: Sendable, Equatable {
        public var minimum: Int
        public var maximum: Int
        public var resolution: Int

        /// The axis's length in millimetres, where the device says its resolution.
        public var millimetres: Double? { resolution > 0 ? Double(maximum - minimum) / Double(resolution) : nil }
    }

    public struct Touch: Sendable, Equatable {
        /// The slot: the id a compositor gives the touch.
        public var slot: Int
        /// "began", "moved" or "ended".
        public var phase: String
        public var x: Int
        public var y: Int
    }

    public struct Report: Sendable {
        /// Microseconds, on the recording's clock.
        public var microseconds: Int64
        public var touches: [Touch]
    }

    public var deviceName: String
    public var x: Axis
    public var y: Axis
    /// The reports that changed a touch, in order.
    public var reports: [Report] = []

    /// Reads `path`: at most 512 MiB of YAML (an hour of a 10-finger panel at 240 Hz is
    /// under 400 MiB).
    public init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw LibinputRecordError("cannot read \(path)") }
        defer { try? handle.close() }
        let limit = 512 << 20
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw LibinputRecordError("\(path) is larger than 512 MiB") }
        try self.init(yaml: String(decoding: data, as: UTF8.self), source: path)
    }

    public init(yaml text: String, source path: String) throws {
        let root: Any?
        do { root = try Yams.load(yaml: text) } catch {
            throw LibinputRecordError("\(path) is not YAML: \(error)")
        }
        guard let document = root as? [String: Any], let devices = document["devices"] as? [[String: Any]] else {
            throw LibinputRecordError("\(path) is not a libinput recording (no devices list)")
        }
        func int(_ any: Any?) -> Int? { (any as? Int) ?? (any as? NSNumber)?.intValue ?? (any as? String).flatMap { Int($0) } }
        // The first device with multi-touch positions is the touchscreen.
        for device in devices {
            guard let evdev = device["evdev"] as? [String: Any],
                  let absinfo = evdev["absinfo"] as? [AnyHashable: Any] else { continue }
            func axis(_ code: Int) -> Axis? {
                let entry = absinfo.first { int($0.key) == code }?.value as? [Any]
                guard let entry, entry.count >= 2, let lo = int(entry[0]), let hi = int(entry[1]), hi > lo else { return nil }
                return Axis(minimum: lo, maximum: hi, resolution: entry.count >= 5 ? max(0, int(entry[4]) ?? 0) : 0)
            }
            guard let x = axis(53), let y = axis(54) else { continue }
            deviceName = (evdev["name"] as? String) ?? "touchscreen"
            self.x = x
            self.y = y
            reports = try Self.reports(of: (device["events"] as? [[String: Any]]) ?? [], path: path, int: int)
            guard !reports.isEmpty else { throw LibinputRecordError("\(path): the touchscreen recorded no touches") }
            return
        }
        throw LibinputRecordError("\(path): no device with multi-touch positions (ABS_MT_POSITION_X/Y)")
    }

    private static func reports(of events: [[String: Any]], path: String, int: (Any?) -> Int?) throws -> [Report] {
        var reports: [Report] = []
        var slots: [Int: (x: Int, y: Int, began: Bool, moved: Bool, ended: Bool)] = [:]
        var slot = 0
        for entry in events {
            for raw in (entry["evdev"] as? [[Any]]) ?? [] {
                guard raw.count >= 5, let sec = int(raw[0]), let usec = int(raw[1]), let type = int(raw[2]),
                      let code = int(raw[3]), let value = int(raw[4]) else {
                    throw LibinputRecordError("\(path): an evdev event is not [sec, usec, type, code, value]: \(raw)")
                }
                switch (type, code) {
                case (3, 47): slot = value
                case (3, 57):
                    if value >= 0 {
                        slots[slot] = (slots[slot]?.x ?? 0, slots[slot]?.y ?? 0, true, false, false)
                    } else if slots[slot] != nil {
                        slots[slot]!.ended = true
                    }
                case (3, 53):
                    if slots[slot] != nil { slots[slot]!.x = value; slots[slot]!.moved = true }
                case (3, 54):
                    if slots[slot] != nil { slots[slot]!.y = value; slots[slot]!.moved = true }
                case (0, 0):  // SYN_REPORT: one report
                    var touches: [Touch] = []
                    for key in slots.keys.sorted() {
                        let s = slots[key]!
                        if s.began {
                            touches.append(Touch(slot: key, phase: "began", x: s.x, y: s.y))
                        } else if s.moved && !s.ended {
                            touches.append(Touch(slot: key, phase: "moved", x: s.x, y: s.y))
                        }
                        if s.ended {
                            touches.append(Touch(slot: key, phase: "ended", x: s.x, y: s.y))
                            slots[key] = nil
                        } else {
                            slots[key]!.began = false
                            slots[key]!.moved = false
                        }
                    }
                    if !touches.isEmpty {
                        reports.append(Report(microseconds: Int64(sec) * 1_000_000 + Int64(usec), touches: touches))
                    }
                default: break
                }
            }
        }
        return reports
    }
}
