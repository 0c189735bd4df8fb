import Foundation
import EventLogFormat
import LibinputRecord

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

    /// Reads a `libinput record` YAML file (`LibinputRecord`) and turns its touchscreen's
    /// reports into frames on a `width` x `height` output: the device's axis ranges
    /// (absinfo) map onto the whole output, as a compositor maps a touchscreen.
    public init(libinputRecord path: String, width: Int, height: Int) throws {
        kind = "libinput record"
        self.width = width
        self.height = height
        let record: LibinputRecord
        do { record = try LibinputRecord(path: path) } catch { throw HarnessError("\(error)") }
        func scaled(_ value: Int, _ axis: LibinputRecord.Axis, _ size: Int) -> Double {
            (Double(value) - Double(axis.minimum)) / Double(axis.maximum - axis.minimum) * Double(size)
        }
        frames = record.reports.map { report in
            Frame(time: report.microseconds / 1000, touches: report.touches.map { touch in
                Touch(id: touch.slot, phase: touch.phase, x: scaled(touch.x, record.x, width), y: scaled(touch.y, record.y, height))
            })
        }
    }
}
