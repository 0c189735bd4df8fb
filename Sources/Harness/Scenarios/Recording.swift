import Foundation
import EventLogFormat
import ToolSupport
import TouchCore
import LibinputRecord

/// A touch recording to replay (docs/replay.md): frames of touches with their timing, and,
/// from an event log, what touchspots made of them (gestures, labels, warnings) to compare
/// the replay against. Made from a touchspots event log (JSON Lines) or from a
/// `libinput record` YAML file of a touchscreen.
public struct Recording: Sendable {
    public struct Touch: Sendable, Equatable {
        public var id: Int
        public var phase: TouchFrame.Entry.Phase
        public var x: Double, y: Double
        /// nil for a touchscreen finger; `.pointer`, `.pen` or `.eraser` as in the log.
        public var source: TouchSource?
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
    /// What a recording was read from: a closed set, so that a replay asks which by case.
    /// The raw value is how a message names it.
    public enum Kind: String, CaseIterable, Sendable {
        /// A touchspots event log: it also says what touchspots recognized, to compare.
        case eventLog = "event log"
        /// A `libinput record` or `evemu-record` file: touches only.
        case libinputRecord = "libinput record"
    }

    public var kind: Kind
    /// For a recording of devices, the one replayed: `"name" (touchscreen, /dev/input/eventN)`.
    public var device: String?

    /// A gesture as compared between runs: its name and what it says, without a rotation's
    /// exact degrees (a replay's timing moves them by a degree or two).
    public static func summary(_ g: Gesture) -> String { g.replaySummary }

    /// The largest event log replayed: some 20 minutes of ten fingers at 120 Hz. Its lines
    /// are held parsed, some five times the file (a hunt's 182 MB log took 866 MB).
    public static let eventLogLimit: Int = 64 << 20

    /// Reads a touchspots event log.
    public init(eventLog path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw HarnessError("no such file: \(path)") }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw HarnessError("\(path) is not a regular file") }
        guard info.st_size <= Self.eventLogLimit else {
            throw HarnessError("\(path) is over 64 MiB: a replay is of minutes, not hours (cut it to the part that shows the bug)")
        }
        kind = .eventLog
        let events = try EventLogReader(path: path).events()
        guard !events.isEmpty else { throw HarnessError("\(path) holds no event log lines") }
        var lastTime: Int64?
        var base: Int64 = 0
        for event in events {
            switch event {
            case .ready(let w, let h, _):
                // The window is replayed at this size: the sizes --size takes, no others
                // (a width of 1e300 trapped converting it, 20000 took gigabytes of weston).
                guard (1...8192).contains(w), (1...8192).contains(h) else {
                    throw HarnessError("\(path): the ready line's size \(w) x \(h) is outside 1 to 8192")
                }
                if width == nil { (width, height) = (Int(w.rounded()), Int(h.rounded())) }
            case .frame(let frame, _, _):
                // The compositor's 32-bit millisecond clock wraps every 49.7 days.
                var time = Int64(frame.time) + base
                if let last = lastTime, time < last - (1 << 31) {
                    base += 1 << 32
                    time += 1 << 32
                }
                lastTime = time
                frames.append(Frame(time: time, touches: Self.touches(of: frame)))
            case .gesture(let g): gestures.append(Self.summary(g))
            case .label(let text, let slot): if !text.isEmpty { labels.append("\(slot.rawValue): \(text)") }
            case .warning:
                if let kind = event.warningKind { warningKinds.append(kind) }
            default: break
            }
        }
        guard !frames.isEmpty else { throw HarnessError("\(path) holds no frame lines to replay") }
    }

    /// A logged frame's entries as a recording's touches.
    static func touches(of frame: TouchFrame) -> [Touch] {
        frame.entries.map { entry in
            let pen = entry.pen
            return Touch(id: Int(entry.id), phase: entry.phase, x: entry.location.x, y: entry.location.y,
                         source: entry.source == .touchscreen ? nil : entry.source, pressure: pen?.pressure,
                         tilt: pen.flatMap { pen in pen.tiltX.flatMap { x in pen.tiltY.map { [x, $0] } } },
                         distance: pen?.distance)
        }
    }

    /// Reads a recording of a touchscreen (`LibinputRecord`: `libinput record`'s YAML or an
    /// `evemu-record` file, protocol A or B) and turns its reports into frames on a
    /// `width` x `height` output: the device's axis ranges (absinfo) map onto the whole
    /// output, as a compositor maps a touchscreen. `device` picks one of several by name or
    /// node (else the first touchscreen).
    public init(libinputRecord path: String, width: Int, height: Int, device: String? = nil) throws {
        let record: LibinputRecord
        do { record = try LibinputRecord(path: path, device: device) } catch { throw HarnessError("\(error)") }
        self.init(record, width: width, height: height)
    }

    public init(_ record: LibinputRecord, width: Int, height: Int) {
        kind = .libinputRecord
        device = "\(record.device.label), \(record.format)\(record.protocolA ? ", protocol A" : "")"
        self.width = width
        self.height = height
        frames = record.reports.map { report in
            Frame(time: report.microseconds / 1000, touches: report.touches.map { touch in
                Touch(id: touch.slot, phase: .touch(touch.phase), x: record.x.fraction(touch.x) * Double(width),
                      y: record.y.fraction(touch.y) * Double(height))
            })
        }
    }

    /// Whether `path` holds an event log (its first character that is not white space is
    /// `{`: JSON Lines) rather than a recording of a device. Only a regular file is looked
    /// into (a FIFO would block): anything else goes to the recording reader, which refuses it.
    public static func isEventLog(_ path: String) -> Bool {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return path.hasSuffix(".jsonl") }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return head.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
    }
}
