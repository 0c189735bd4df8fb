import Foundation
import LibinputRecord
import ToolSupport
import TouchCore
import TouchRobot
import XCTest

/// Tap accuracy on a recording shaped as ChromiumOS's "20 rapid taps at one spot" are
/// (docs/design/qualify.md, "Agreement with ChromiumOS"): the digitizer model's contacts for 20
/// quick taps on one spot (each landing a little off, each finger rolling a little as it
/// presses, one tap 0.6 mm right of the rest and one rolling 0.25 mm left), written in the
/// kernel's shape by `LibinputRecordWriter` (one slot for every tap; an X or Y the slot
/// already holds is not sent again) on axes of 12 units a mm across and 10 down, kept as
/// Tests/Fixtures/kernel-repeated-taps.yaml. `touchspots-report recording` judges it as a
/// person runs it; ChromiumOS's figure is computed here from the file's events on its own.
final class RepeatedTapsTests: XCTestCase {
    static let panel = KernelRecordingFaultTests.panel
    static let millimetresPerPixel = KernelRecordingFaultTests.millimetresPerPixel
    static let resolution = (x: 12, y: 10)

    /// 20 taps of 60 ms, one every 150 ms, on (30 %, 35 %) of the panel.
    static func fingers(seed: UInt64 = 37) -> [IdealFinger] {
        var random = SplitMix(seed: seed)
        let spot = Point(x: panel.width * 0.3, y: panel.height * 0.35)
        return (0..<20).map { i in
            var landing = Point(x: spot.x + 0.04 * random.gaussian(), y: spot.y + 0.04 * random.gaussian())
            var roll = Point(x: 0.03 * random.gaussian(), y: 0.03 * random.gaussian())
            if i == 13 { landing.x += 0.6 }
            if i == 5 { roll.x -= 0.25 }
            let (start, end) = (landing, roll), down = Double(i) * 0.15
            return IdealFinger(down: down, up: down + 0.06) { t in
                let f = min(1, max(0, (t - down) / 0.06))
                return Point(x: start.x + end.x * f, y: start.y + end.y * f)
            }
        }
    }

    static var yaml: String {
        let contacts = Digitizer(panel: panel, millimetresPerPixel: millimetresPerPixel).contacts(fingers())
        let frames = LibinputRecordWriter.frames(of: contacts, millimetresPerPixel: millimetresPerPixel)
        return LibinputRecordWriter.yaml(frames, screenWidth: 1280, screenHeight: 800, millimetresPerPixel: millimetresPerPixel,
                                         shape: .kernel, resolution: resolution)
    }

    /// The reports of a recording's touchscreen as ChromiumOS's touch firmware test reads
    /// them (its multi-touch protocol B state machine): slot 0 selected at the start, each
    /// slot keeping its X and Y until they are sent again, and at each SYN_REPORT a point
    /// for every slot with a contact (a panel that sends no pressure counted as touching),
    /// in millimetres from each axis's own resolution. With
    /// them, the landings: each contact's point in the report it began in.
    static func chromiumOSReports(_ yaml: String) -> (all: [Point], landings: [Point]) {
        var resolution: [Int: Double] = [:]
        var slot = 0, x: [Int: Int] = [:], y: [Int: Int] = [:], inUse: Set<Int> = [], began: Set<Int> = []
        var all: [Point] = [], landings: [Point] = []
        for line in yaml.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else { continue }
            let numbers = text[text.index(after: open)..<close].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if text.hasPrefix("53: [") || text.hasPrefix("54: [") { resolution[text.hasPrefix("53") ? 53 : 54] = Double(numbers[4]) }
            guard text.hasPrefix("- ["), numbers.count == 5 else { continue }
            switch (numbers[2], numbers[3], numbers[4]) {
            case (3, 47, let value): slot = value
            case (3, 57, let value) where value < 0: inUse.remove(slot)
            case (3, 57, _): inUse.insert(slot); began.insert(slot)
            case (3, 53, let value): x[slot] = value
            case (3, 54, let value): y[slot] = value
            case (0, 0, _):
                for s in inUse {
                    let p = Point(x: Double(x[s]!) / resolution[53]!, y: Double(y[s]!) / resolution[54]!)
                    all.append(p)
                    if began.contains(s) { landings.append(p) }
                }
                began = []
            default: break
            }
        }
        return (all, landings)
    }

    /// The radius of the smallest circle around `points`, found apart from the judge's
    /// Welzl: its centre minimises the largest distance to a point, a convex function of
    /// the centre, so a ternary search over x of a ternary search over y finds it.
    static func smallestEnclosingRadius(_ points: [Point]) -> Double {
        func minimum(_ low: Double, _ high: Double, _ f: (Double) -> Double) -> Double {
            var (low, high) = (low, high)
            for _ in 0..<60 {
                let a = low + (high - low) / 3, b = high - (high - low) / 3
                if f(a) < f(b) { high = b } else { low = a }
            }
            return f((low + high) / 2)
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        return minimum(xs.min()!, xs.max()!) { cx in
            minimum(ys.min()!, ys.max()!) { cy in points.map { $0.distance(to: Point(x: cx, y: cy)) }.max()! }
        }
    }

    func testTheReportsTapAccuracyIsChromiumOSs() throws {
        let text = Self.yaml
        let path = OfflineJudgeTests.fixture("kernel-repeated-taps.yaml")
        if ProcessInfo.processInfo.environment["TOUCHSPOTS_WRITE_FIXTURES"] != nil {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "TOUCHSPOTS_WRITE_FIXTURES=1 writes it again")

        // The kernel's shape: 20 touches in slot 0, no ABS_MT_SLOT; new touches that send no
        // X or no Y (the slot holds the last tap's).
        let frames = text.components(separatedBy: "  - evdev:").dropFirst()
        let touches = frames.filter { $0.range(of: "ABS_MT_TRACKING_ID [0-9]", options: .regularExpression) != nil }
        XCTAssertEqual(touches.count, 20)
        XCTAssertFalse(text.contains("ABS_MT_SLOT"))
        let withoutAPosition = touches.filter { !$0.contains("ABS_MT_POSITION_X") || !$0.contains("ABS_MT_POSITION_Y") }.count
        XCTAssertGreaterThanOrEqual(withoutAPosition, 3, "new touches that send no X or no Y")

        let (all, landings) = Self.chromiumOSReports(text)
        XCTAssertEqual(landings.count, 20)
        let chromiumOS = Self.smallestEnclosingRadius(all)
        // The file tells the definitions apart: the first (each landing's distance from the
        // landings' centroid) misses ChromiumOS's figure by over 0.1 mm, the landings' own
        // circle (no wobble) by over 0.05 mm.
        let centre = Point(x: landings.map(\.x).reduce(0, +) / 20, y: landings.map(\.y).reduce(0, +) / 20)
        let first = landings.map { $0.distance(to: centre) }.max()!
        XCTAssertGreaterThan(first - chromiumOS, 0.1, "centroid \(first) against \(chromiumOS)")
        let landed = Self.smallestEnclosingRadius(landings)
        XCTAssertGreaterThan(chromiumOS - landed, 0.05, "the landings' circle \(landed) against \(chromiumOS)")

        let plan = OfflineJudgeTests.fixture("repeated-taps.json")
        let run = try ChildProcess.run([Products.report, "recording", path, "--plan", plan, "--screen", "1280x800", "--json", "-"])
        XCTAssertEqual(run.status, 0, run.errors)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let verdicts = try XCTUnwrap((report["steps"] as? [[String: Any]])?.first?["verdicts"] as? [[String: Any]])
        let accuracy = try XCTUnwrap(verdicts.first { $0["validator"] as? String == "tap accuracy" })
        let figure = try XCTUnwrap(accuracy["figure"] as? Double)
        print("tap accuracy: touchspots-report \(figure) mm, ChromiumOS's \(chromiumOS) mm, the first definition \(first) mm,"
              + " the landings' circle \(landed) mm; \(withoutAPosition) of 20 new touches without X or Y")
        XCTAssertEqual(figure, chromiumOS, accuracy: 0.01)
        XCTAssertEqual(accuracy["passed"] as? Bool, chromiumOS <= 0.5, "ChromiumOS's verdict (at most 0.5 mm)")
        let ids = try XCTUnwrap(verdicts.first { $0["validator"] as? String == "tracking ids" })
        XCTAssertEqual(ids["passed"] as? Bool, true, "20 taps, each its own contact")
    }
}
