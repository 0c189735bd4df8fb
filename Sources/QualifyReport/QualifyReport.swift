import EventLogFormat
import TouchCore
import Foundation

/// A qualify run's report (docs/qualify.md, "The report"): the one type the JSON is, so
/// that `touchspots-report` writes it, `touchspots-report compare` and the tests read it,
/// and docs/qualify-report.schema.json describes it (`QualifyReportTests` validates every
/// report it makes against that schema). Keys may be added, never renamed or removed.
public struct QualifyReport: Codable, Equatable, Sendable {
    /// `format` is always this; `version` is `formatVersion`.
    public static let format = "touchspots-qualify-report"
    public static let formatVersion = 1

    public var format = Self.format
    public var version = Self.formatVersion
    /// The plan's name, as the run's lines give it.
    public var plan: String
    /// Where the report came from: the log's path as given.
    public var source: String
    /// The compositor the run went through, as whoever ran it named it (`--compositor`);
    /// a log does not say. Every figure is what that compositor delivered.
    public var compositor: String?
    /// What ran, when, on what and through which compositor, as the log's first line (`run`)
    /// says; nil for a log written before that line existed, or for a judged recording.
    public var run: LogRun?
    /// The compositor's version as this host's package manager says of `run`'s binary
    /// ("Debian package weston 10.0.1-1+b1"), asked when the report is made on the run's
    /// own host; nil elsewhere, or where no package holds it.
    public var compositorPackage: String?
    /// For a judged recording, the device judged among the recording's: its name, what it
    /// is and its node, as `"name" (touchscreen, /dev/input/event7)`.
    public var device: String?
    /// For a judged recording, the device as the recording describes it: its ids and axes.
    public var recording: RecordingFacts?
    /// What made this report, when and where: touchspots-report's version and commit, the
    /// date it judged, the host (the `run` line's keys).
    public var madeBy: LogRun?
    /// For a judged recording whose steps were found from its touches: the touches no
    /// step took (a stray tap, a Next tap), in words.
    public var leftOut: [String]?
    /// How pixels became millimetres.
    public var scale: Scale
    /// The output the window was on, as its `output` line said (the first, where several).
    public var output: Output?
    public var steps: [Step]
    public var summary: Summary
    /// Every interval between two reports of one contact, over the whole run.
    public var reportIntervals: Histogram
    /// From the `presented` lines: touch read to commit, and to the screen.
    public var latency: Latency
    /// Whether the verdicts judged here are the ones the live run showed, step by step
    /// (figures to the thousandth, as the log writes them). False points at a log edited
    /// after the run, or at a judge that changed since. A validator added since the run
    /// (one the log's verdicts never name) is judged and shown, and is no such change.
    public var agreesWithLiveRun: Bool

    public struct Scale: Codable, Equatable, Sendable {
        public var millimetresPerPixel: Double
        /// The panel (the window) in mm.
        public var panel: [Double]
        public var from: Source

        /// Where the millimetres per pixel came from; the raw values are the JSON's.
        public enum Source: String, CaseIterable, Codable, Sendable {
            /// The output's physical size.
            case output
            /// The card calibration.
            case card
            /// A recorded touchscreen's axis resolution.
            case device
            /// `--millimetres-per-pixel`.
            case given

            /// How the HTML report says it.
            public var text: String {
                switch self {
                case .output: "from the output's physical size"
                case .card: "from the card calibration"
                case .device: "from the recorded touchscreen's resolution"
                case .given: "given (--millimetres-per-pixel)"
                }
            }
        }
    }

    public struct Output: Codable, Equatable, Sendable {
        public var name: String?
        /// wl_output's make, model and description, where the compositor sent them.
        public var make: String?
        public var model: String?
        public var description: String?
        public var physicalWidth: Int
        public var physicalHeight: Int
        public var width: Int
        public var height: Int
        public var refreshHz: Double
        public var transform: LogOutput.Transform
        public var scale: Int
    }

    public struct Step: Codable, Equatable, Sendable {
        /// 1-based, as the run numbered it.
        public var number: Int
        /// The step's kind; nil for a step the run did not reach (the JSON writes "").
        public var kind: QualifyKind?
        public var state: State
        /// What was asked (mm, seconds), as the `started` line gave it; the JSON writes its
        /// guide's keys (`QualifyStep.GuideKey`), as the line does.
        public var guide: QualifyStep?
        /// The core's own verdicts, as the log's `judged` line holds them (`Verdict.logged`),
        /// so the report and the log say them one way.
        public var verdicts: [Verdict]
        /// Each contact's reports: [seconds from the step's first report, x mm, y mm].
        public var contacts: [[[Double]]]
        /// For a judged recording whose steps were found from its touches (or given), which
        /// touches the step took and why (`StepsTaken`); nil where Next taps told them.
        public var touches: String?

        /// Judged, skipped, or not reached (the run ended before it).
        public enum State: String, CaseIterable, Codable, Sendable {
            case judged, skipped
            case notReached = "not reached"
        }

        public init(number: Int, kind: QualifyKind?, state: State, guide: QualifyStep?, verdicts: [Verdict],
                    contacts: [[[Double]]]) {
            self.number = number; self.kind = kind; self.state = state; self.guide = guide
            self.verdicts = verdicts; self.contacts = contacts
        }

        private enum CodingKeys: String, CodingKey { case number, kind, state, guide, verdicts, contacts, touches }

        // A step not reached has the kind "" in the JSON (the schema's), not a missing key.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            number = try c.decode(Int.self, forKey: .number)
            let name = try c.decode(String.self, forKey: .kind)
            if name.isEmpty { kind = nil } else {
                guard let known = QualifyKind(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown step kind '\(name)'")
                }
                kind = known
            }
            state = try c.decode(State.self, forKey: .state)
            // A guide is read as its kind's (`QualifyStep(kind:guideFrom:)`): one without what
            // the kind needs is refused, keys the kind does not use are ignored.
            if c.contains(.guide), try !c.decodeNil(forKey: .guide) {
                guard let kind, let step = try QualifyStep(kind: kind, guideFrom: c.superDecoder(forKey: .guide)) else {
                    throw DecodingError.dataCorruptedError(forKey: .guide, in: c,
                                                           debugDescription: "a guide that does not describe a step of kind '\(name)'")
                }
                guide = step
            } else {
                guide = nil
            }
            verdicts = try c.decode([Verdict].self, forKey: .verdicts)
            contacts = try c.decode([[[Double]]].self, forKey: .contacts)
            touches = try c.decodeIfPresent(String.self, forKey: .touches)
            // The schema's sample is three numbers; `[]` samples were taken (22 million of
            // them cost 1.1 GB) and would have been drawn at (0, 0).
            for (index, contact) in contacts.enumerated() where contact.contains(where: { $0.count != 3 }) {
                throw DecodingError.dataCorruptedError(forKey: .contacts, in: c,
                    debugDescription: "contact \(index + 1) has a sample that is not [seconds, x mm, y mm]")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(number, forKey: .number)
            try c.encode(kind?.rawValue ?? "", forKey: .kind)
            try c.encode(state, forKey: .state)
            try c.encodeIfPresent(guide, forKey: .guide)
            try c.encode(verdicts, forKey: .verdicts)
            try c.encode(contacts, forKey: .contacts)
            try c.encodeIfPresent(touches, forKey: .touches)
        }
    }


    public struct Summary: Codable, Equatable, Sendable {
        public var checks: Int
        public var passed: Int
        public var failed: Int
        public var stepsJudged: Int
        public var stepsSkipped: Int
        public var stepsNotReached: Int
        /// Every step judged and every check passed: `QualifyOutcome.isQualified`, the
        /// rule the end screen shows too.
        public var qualified: Bool
    }

    public struct Histogram: Codable, Equatable, Sendable {
        /// "ms".
        public var unit: String
        /// Bin i counts values from `edges[i]` up to (not including) `edges[i + 1]`; the
        /// last bin counts everything from its edge up.
        public var edges: [Double]
        public var counts: [Int]
        public var median: Double?
    }

    /// The touch's path in stages, from the `presented` lines (docs/event-log.md,
    /// "Latency"): the input's own timestamp (ns where the compositor offers it) to
    /// touchspots reading it, read to commit, commit to the screen; and input to screen,
    /// the whole.
    public struct Latency: Codable, Equatable, Sendable {
        public var inputToRead: Percentiles?
        /// Read to commit: touchspots' own work.
        public var touchToCommit: Percentiles?
        public var commitToPresent: Percentiles?
        /// Input to the screen.
        public var touchToPresent: Percentiles?
        public var presentHistogram: Histogram?
    }

    public struct Percentiles: Codable, Equatable, Sendable {
        public var count: Int
        public var p50: Double
        public var p95: Double
        public var p99: Double
    }
}

extension QualifyReport.Histogram {
    /// `values` counted into bins of `width` from 0, the last bin open-ended at `top`.
    static func of(_ values: [Double], width: Double, top: Double) -> Self {
        let values = values.filter(\.isFinite)
        let bins = Int((top / width).rounded())
        var counts = [Int](repeating: 0, count: bins + 1)
        for value in values where value.isFinite { counts[Int(min(Double(bins), max(0, value / width)))] += 1 }
        return Self(unit: "ms", edges: (0...bins).map { Double($0) * width }, counts: counts,
                    median: values.isEmpty ? nil : Percentile.thousandths(Percentile.of(values, 0.5)))
    }
}

/// Nearest-rank percentiles, the way the latency meter reports them.
enum Percentile {
    /// `value` to the thousandth; a value too large to scale (above about 1.8e305, in a
    /// hostile log) as it is, since JSON cannot hold the infinity scaling would make.
    static func thousandths(_ value: Double) -> Double {
        let scaled = (value * 1000).rounded() / 1000
        return scaled.isFinite ? scaled : value
    }

    static func of(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        let rank = max(1, Int((p * Double(sorted.count)).rounded(.up)))
        return sorted[min(sorted.count, rank) - 1]
    }

    static func summary(_ values: [Double]) -> QualifyReport.Percentiles? {
        guard !values.isEmpty else { return nil }
        let round = thousandths
        return QualifyReport.Percentiles(count: values.count, p50: round(of(values, 0.5)), p95: round(of(values, 0.95)),
                                         p99: round(of(values, 0.99)))
    }
}

extension QualifyReport {
    /// The report as JSON (keys sorted, one line): what `touchspots-report --json` writes.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The most JSON values (numbers, strings, arrays, objects, and keys, which the decoder
    /// maps too) a report read back may hold: what a 64 MiB report of real samples holds
    /// (about 25 bytes and four values a sample: 2.7 million samples), so the file limit,
    /// not this count, bounds a report the judge wrote. Foundation's decoder builds a map of
    /// the whole document first, about 52 bytes a value whatever is decoded from it: a 64
    /// MiB report of minimal samples (`[0,0,0]`, 8 million) took 1.76 GB to read, twice that
    /// to compare; within this count a hostile report costs what the largest real one does.
    /// Counted on the bytes before decoding (`valueCount`).
    public static let largestValueCount = 11_000_000

    /// About how many values `data` holds (its commas, colons and its arrays' and objects'
    /// openings outside strings, plus one), counting stops past `limit`.
    static func valueCount(_ data: Data, limit: Int) -> Int {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
            var count = 1, inString = false, escaped = false
            for byte in bytes {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                    else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"):
                    count += 1
                    if count > limit { return count }
                default: break
                }
            }
            return count
        }
    }

    /// A report read back from its JSON; a `ReportError` names what is wrong.
    public init(json data: Data, source: String) throws {
        guard Self.valueCount(data, limit: Self.largestValueCount) <= Self.largestValueCount else {
            throw ReportError("\(source): over \(Self.largestValueCount) JSON values, more than a report of touchspots' holds")
        }
        do {
            self = try JSONDecoder().decode(QualifyReport.self, from: data)
        } catch {
            throw ReportError("\(source): not a touchspots qualify report (touchspots-report --json): \(Self.describe(error))")
        }
        guard format == Self.format else {
            throw ReportError("\(source): its format is '\(LogLineError.quoted(format))', not '\(Self.format)'")
        }
        guard version <= Self.formatVersion else {
            throw ReportError("\(source): a report of version \(version); this touchspots-report reads up to \(Self.formatVersion)")
        }
    }

    /// The decoder's complaint, led by the key it is about where it knows one: a closed set
    /// (a verdict's `comparison`, the output's `transform`) refuses an unknown value as
    /// corrupted data at that key, and the key tells the reader where to look. The
    /// decoder's own words quote the value whole; they are cut (`LogLineError.quoted`).
    static func describe(_ error: Error) -> String {
        guard let decoding = error as? DecodingError else { return error.localizedDescription }
        func at(_ c: DecodingError.Context) -> String {
            let path = c.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "" : "'\(path)': "
        }
        switch decoding {
        case .dataCorrupted(let c): return at(c) + LogLineError.quoted(c.debugDescription, limit: 200)
        case .keyNotFound(let key, _): return "no key '\(key.stringValue)'"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return at(c) + LogLineError.quoted(c.debugDescription, limit: 200)
        @unknown default: return "\(error)"
        }
    }
}
