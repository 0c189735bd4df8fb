import EventLogFormat
import Foundation
import Glibc
import PropertyBased
import QualifyReport
import Testing
@testable import TouchCore

/// A hunt for crashes, hangs and runaway memory beyond the project's own formats (issue 39,
/// docs/qualify.md "The report's limits"): random JSON lines with extreme numbers, mutated
/// lines of a real run, random and mutated stroke files, random bytes. Every input is told
/// (a `ReportError`, a `LogLineError`, a `FileError`) or handled; a crash ends the test
/// process, a hang runs past the budget, memory is measured at the end.
///
/// In CI: fixed seeds (`seeds`), under 2 minutes with the other tests of the target. By
/// hand before a release, each hunt for as long as `TOUCHSPOTS_HUNT_SECONDS` says (the four
/// run two at a time on two cores: 900 makes half an hour), from the seed in
/// `TOUCHSPOTS_HUNT_SEED` (else the time's), each case's seed printed when it fails:
///
///     TOUCHSPOTS_HUNT_SECONDS=900 swift test --filter HostileInputHunt
///
/// The recording reader's cases (random evdev events and absinfo, YAML with anchors) join
/// here once its rewrite lands.
@Suite struct HostileInputHunt {
    /// CI's cases per hunt, seeds 1...seeds: together about 30 s in a debug build here.
    static let seeds: UInt64 = 150
    static let run = try! OfflineJudgeTests.lines("qualify-quick-weston.jsonl")
    static let runText = try! String(contentsOfFile: OfflineJudgeTests.fixture("qualify-quick-weston.jsonl"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
    static let extremes = ["1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-0", "1e400", "-1e400",
                           "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
                           "1e306", "0", "-1", "0.5", "4294967296", "2147483648", "NaN", "1e-400", "100000000000000000000000"]

    /// Runs `body` for CI's fixed seeds, or as many as the by-hand budget allows.
    static func hunt(_ name: String, cases: UInt64 = seeds, _ body: (inout Xoshiro) throws -> Void) rethrows {
        let environment = ProcessInfo.processInfo.environment
        let budget = environment["TOUCHSPOTS_HUNT_SECONDS"].flatMap(Double.init)
        let first = environment["TOUCHSPOTS_HUNT_SEED"].flatMap(UInt64.init) ?? (budget == nil ? 1 : UInt64(time(nil)))
        let start = Date()
        var seed = first
        while budget.map({ Date().timeIntervalSince(start) < $0 }) ?? (seed < first + cases) {
            var random = Xoshiro(seed: (seed, 0x39, 0x5eed, 0x7071))
            let caseStart = Date()
            try body(&random)
            let took = Date().timeIntervalSince(caseStart)
            #expect(took < 10, "\(name): seed \(seed) took \(took) s")
            seed += 1
        }
        if budget != nil { print("\(name): seeds \(first)..<\(seed) in \(Int(Date().timeIntervalSince(start))) s") }
        #expect(peakMemory() < 1 << 30, "\(name): peak memory \(peakMemory() >> 20) MiB")
    }

    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    static func pick<T: Sendable>(_ items: [T], _ random: inout Xoshiro) -> T { Gen.element(of: items).run(using: &random)! }
    static func int(_ range: ClosedRange<Int>, _ random: inout Xoshiro) -> Int { Gen.int(in: range).run(using: &random) }

    /// A run's line with its numbers, keys and punctuation bent.
    static func mutated(_ line: String, _ random: inout Xoshiro) -> String {
        var bytes = Array(line.utf8)
        for _ in 0..<int(1...6, &random) {
            guard !bytes.isEmpty else { break }
            let at = int(0...(bytes.count - 1), &random)
            switch int(0...5, &random) {
            case 0, 1:
                // A number replaced by an extreme one.
                var end = at
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
                var begin = at
                while begin > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[begin - 1]) || bytes[begin - 1] == UInt8(ascii: ".") { begin -= 1 }
                bytes.replaceSubrange(begin..<max(begin, end), with: Array(pick(extremes, &random).utf8))
            case 2: bytes.remove(at: at)
            case 3: bytes.insert(pick(Array("{}[],:\"0-e\\".utf8), &random), at: at)
            case 4: bytes = Array(bytes[..<at])
            default:
                let keys = ["\"of\":", "\"step\":", "\"x\":", "\"timeNs\":", "\"millimetresPerPixel\":", "\"count\":", "\"id\":"]
                bytes.insert(contentsOf: Array((pick(keys, &random) + pick(extremes, &random) + ",").utf8), at: at)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A log judged as the tool judges it; a report made is written every way.
    static func judge(_ lines: [String]) {
        var reading = OfflineJudge().reading()
        do {
            for text in lines {
                guard let line = try? LogLine(json: Array(text.utf8)) else { continue }
                try reading.read(line)
            }
            let report = try reading.report(source: "hunt")
            let json = try report.json()
            _ = try QualifyReport(json: Data(json.utf8), source: "hunt")
            #expect(HTMLScan.scripts(in: ReportHTML.render(report)).isEmpty)
            #expect(ReportJUnit.render(report).hasPrefix("<?xml"))
            _ = ReportComparison(report, report).text
        } catch is ReportError {
            // told in one line
        } catch {
            Issue.record("not a ReportError: \(error)")
        }
    }

    @Test func bentLinesOfARealRun() {
        // A whole run judged and written each time: 0.45 s a case in a debug build.
        Self.hunt("bent lines", cases: 40) { random in
            var lines = Self.runText
            for _ in 0..<Self.int(1...12, &random) {
                let at = Self.int(0...(lines.count - 1), &random)
                lines[at] = Self.mutated(lines[at], &random)
            }
            Self.judge(lines)
        }
    }

    /// JSON built from nothing: objects of the log's keys with numbers from the ends of
    /// every range, nesting, strings with escapes.
    @Test func randomJSONWithExtremeNumbers() {
        let types = ["frame", "qualify", "presented", "output", "sync", "scene", "teach", "warning", "gesture"]
        let keys = ["type", "time", "timeNs", "touches", "id", "phase", "x", "y", "plan", "step", "of", "kind", "state",
                    "millimetresPerPixel", "panel", "guide", "verdicts", "seconds", "count", "points", "from", "to", "at",
                    "touchToCommitMs", "touchToPresentMs", "inputToReadMs", "physicalWidth", "width", "scale", "limits"]
        func value(_ depth: Int, _ random: inout Xoshiro) -> String {
            switch Self.int(0...(depth > 3 ? 3 : 6), &random) {
            case 0, 1: return Self.pick(Self.extremes, &random)
            case 2: return "\"" + Self.pick(["began", "moved", "ended", "started", "judged", "taps", "\\u0000", "\\ud800", "quick"], &random) + "\""
            case 3: return Self.pick(["true", "null", "[]", "{}"], &random)
            case 4: return "[" + (0..<Self.int(0...4, &random)).map { _ in value(depth + 1, &random) }.joined(separator: ",") + "]"
            default: return object(depth + 1, &random)
            }
        }
        func object(_ depth: Int, _ random: inout Xoshiro) -> String {
            var fields = ["\"type\":\"\(Self.pick(types, &random))\""]
            for _ in 0..<Self.int(0...8, &random) { fields.append("\"\(Self.pick(keys, &random))\":\(value(depth, &random))") }
            return "{" + fields.shuffled(using: &random).joined(separator: ",") + "}"
        }
        Self.hunt("random JSON") { random in
            var lines = Array(Self.runText.prefix(Self.int(0...60, &random)))
            for _ in 0..<Self.int(1...30, &random) { lines.insert(object(0, &random), at: Self.int(0...lines.count, &random)) }
            Self.judge(lines)
        }
    }

    /// Random bytes and random lines, told or read, never a crash.
    @Test func randomLogLines() {
        Self.hunt("random lines") { random in
            for _ in 0..<20 {
                let count = Self.int(0...300, &random)
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if let line = try? LogLine(json: bytes) { _ = line.text }
                let text = Self.mutated(Self.pick(Self.runText, &random), &random)
                if let line = try? LogLine(json: Array(text.utf8)) { _ = line.text }
            }
        }
    }

    /// Stroke files: random and mutated, read, matched and checked for a checkmark, in
    /// bounded time (the resampler once never ended on coordinates near 1e16).
    @Test func randomStrokeFiles() {
        let numbers = Self.extremes + ["10000000000000000", "10000000000000002", "1e15", "999999", "1000000", "-1000000",
                                       "0.0000001", "3", "7", "12.5"]
        Self.hunt("stroke files") { random in
            var lines = [StrokeTemplate.fileHeader]
            for _ in 0..<Self.int(0...20, &random) {
                switch Self.int(0...9, &random) {
                case 0: lines.append("# " + Self.pick(numbers, &random))
                case 1: lines.append("")
                case 2: lines.append(Self.mutated("example 0,0 10,10 20,0", &random))
                default:
                    let points = (0..<Self.int(0...60, &random)).map { _ in
                        "\(Self.pick(numbers, &random)),\(Self.pick(numbers, &random))"
                    }
                    lines.append("example " + points.joined(separator: " "))
                }
            }
            let text = lines.joined(separator: "\n")
            let stroke = (0..<Self.int(2...80, &random)).map { _ in
                Point(x: Double(Self.pick(numbers, &random)) ?? 0, y: Double(Self.pick(numbers, &random)) ?? 0)
            }
            if let template = try? StrokeTemplate(name: "hunted", text: text) {
                _ = StrokeTemplates([template]).match(stroke)
                for example in template.examples { _ = CheckmarkShape.matches(example, settings: GestureSettings()) }
            }
            _ = CheckmarkShape.matches(stroke.filter { $0.x.isFinite && $0.y.isFinite }, settings: GestureSettings())
            _ = StrokeTemplate(name: "direct", examples: [stroke.filter { $0.x.isFinite && $0.y.isFinite }])
        }
    }
}
