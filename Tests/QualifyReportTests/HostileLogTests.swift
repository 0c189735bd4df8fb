import EventLogFormat
import Foundation
import PropertyBased
import QualifyReport
import TouchCore
import Testing

/// Logs bent out of shape (docs/qualify.md, "The report": bad input is told, never a
/// crash): a recorded run with lines dropped, doubled and swapped, numbers set to the ends
/// of their ranges, steps and states that do not fit. The judge either refuses the log
/// with a `ReportError` or makes a report that writes as JSON, HTML and JUnit. 60 logs of
/// 12 changes each.
@Suite struct HostileLogTests {
    static let run = try! OfflineJudgeTests.lines("qualify-quick-weston-mirrored.jsonl")
    static let extremes: [Double] = [0, -1, -1e300, 1e300, 1e-300, 4294967296, 9e15, 0.5]
    /// A state the log's type cannot hold (an unknown string) is refused when the line is
    /// read (`EventLogContractTests`); here, every state out of its order.
    static let states = QualifyProgress.State.allCases

    /// One change, decoded from a random number.
    static func change(_ code: Int, _ lines: inout [LogLine]) {
        guard !lines.isEmpty else { return }
        let i = (code >> 4) % lines.count, j = (code >> 16) % lines.count
        let extreme = extremes[(code >> 24) % extremes.count]
        switch code % 8 {
        case 0: lines.remove(at: i)
        case 1: lines.insert(lines[i], at: j)
        case 2: lines.swapAt(i, j)
        case 3, 4:
            guard case .frame(var frame, let spots, let seat) = lines[i], !frame.touches.isEmpty else { return }
            let k = j % frame.touches.count
            if code % 8 == 3 { frame.touches[k].location.x = extreme } else { frame.touches[k].location.y = extreme }
            if code & 0x8 != 0 {
                let ns = UInt64(clamping: Int64(extreme.isFinite && abs(extreme) < 9e18 ? extreme : 9e18))
                for t in frame.touches.indices { frame.touches[t].timeNanoseconds = ns }
            }
            lines[i] = .frame(frame, spots: spots, seat: seat)
        default:
            guard case .qualify(var q) = lines[i] else { return }
            switch code % 4 {
            case 0: q.step = Int(extreme.isFinite && abs(extreme) < 9e15 ? extreme : 7)
            case 1: q.millimetresPerPixel = extreme
            case 2: q.panel = Size(width: extreme, height: q.panel.height)
            default: q.state = states[j % states.count]
            }
            if code & 0x8 != 0, let step = q.guide {
                // Figures no decoder would let through: the judge must survive them too.
                switch step {
                case .line(let from, let to, _): q.guide = .line(from: from, to: to, seconds: extreme)
                case .hold(let at, _): q.guide = .hold(at: at, seconds: extreme)
                case .taps(let at, _): q.guide = .taps(at: at, count: j)
                case .drumroll: q.guide = .drumroll(seconds: extreme)
                case .corners, .maximumContacts, .pinch, .edges: break
                }
            }
            lines[i] = .qualify(q)
        }
    }

    @Test func aBentLogIsToldOrReportedNeverACrash() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int(Int32.max)).array(of: 12)) { codes in
            var lines = Self.run
            for code in codes { Self.change(code, &lines) }
            do {
                let report = try OfflineJudge().report(lines, source: "bent")
                let json = try report.json()
                #expect(!json.isEmpty)
                // What the judge writes, its own reader (`compare`) reads back.
                #expect(try QualifyReport(json: Data(json.utf8), source: "bent") == report)
                #expect(ReportHTML.render(report).contains("</html>"))
                #expect(ReportJUnit.render(report).hasPrefix("<?xml"))
                #expect(report.summary.checks == report.steps.flatMap(\.verdicts).count)
            } catch is ReportError {
                // told: what the tool prints in one line, with status 1
            } catch {
                Issue.record("not a ReportError: \(error)")
            }
        }
    }
}
