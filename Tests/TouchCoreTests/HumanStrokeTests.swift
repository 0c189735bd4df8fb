import TouchCore
import XCTest

/// The stroke recognizers on the generated human test set (HumanStrokes): 16 shapes x 3
/// paces x 100 strokes, each one finger fed frame by frame at its recorded timing. The
/// rates per shape are printed and written in docs/gestures.md.
final class HumanStrokeTests: XCTestCase {
    static let strokesPerPace = 100

    struct Outcome {
        var strokes = 0
        var checkmarks = 0
        var swipes = 0
        var both = 0
        var tapsOrPinches = 0
    }

    /// Feeds one stroke and returns the gestures it produced (taps after their interval).
    static func gestures(of samples: [HumanStrokes.Sample], detector: GestureDetector) -> [Gesture] {
        let start = 1000.0
        var found: [Gesture] = []
        var touch = Touch(id: 1, finger: FingerID(1), phase: .began, location: samples[0].point, time: 0)
        found += detector.handle(TouchFrame(time: 0, touches: [touch], activeTouches: [touch]), at: start)
        for sample in samples.dropFirst() {
            touch.previousLocation = touch.location
            touch.location = sample.point
            touch.phase = .moved
            found += detector.handle(TouchFrame(time: 0, touches: [touch], activeTouches: [touch]),
                                     at: start + sample.time)
        }
        touch.phase = .ended
        let end = start + (samples.last?.time ?? 0) + 0.008
        found += detector.handle(TouchFrame(time: 0, touches: [touch], activeTouches: []), at: end)
        found += detector.expire(at: end + 5)
        return found
    }

    /// Outcomes per shape, and checks recognized by pace and by size (the larger side of
    /// the stroke's box).
    static func measure() -> (outcomes: [HumanStrokes.Shape: Outcome], checksByGroup: [String: (found: Int, strokes: Int)]) {
        var outcomes: [HumanStrokes.Shape: Outcome] = [:]
        var checksByGroup: [String: (found: Int, strokes: Int)] = [:]
        for shape in HumanStrokes.Shape.allCases {
            var outcome = Outcome()
            for pace in HumanStrokes.Pace.allCases {
                for seed in 0..<UInt64(strokesPerPace) {
                    let samples = HumanStrokes.stroke(shape, pace: pace,
                                                      seed: seed &+ UInt64(HumanStrokes.Pace.allCases.firstIndex(of: pace)!) << 20)
                    let found = gestures(of: samples, detector: GestureDetector())
                    let check = found.contains(.checkmark)
                    let swipe = found.contains { if case .swipe = $0 { true } else { false } }
                    outcome.strokes += 1
                    if check { outcome.checkmarks += 1 }
                    if shape == .check {
                        let xs = samples.map(\.point.x), ys = samples.map(\.point.y)
                        let side = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
                        let size = side < 200 ? "under 200 px" : side < 400 ? "200-400 px" : "400 px and over"
                        for group in [pace.rawValue, size] {
                            checksByGroup[group, default: (0, 0)].strokes += 1
                            if check { checksByGroup[group, default: (0, 0)].found += 1 }
                        }
                    }
                    if swipe { outcome.swipes += 1 }
                    if check && swipe { outcome.both += 1 }
                    if found.contains(where: { if case .tap = $0 { true } else if case .pinch = $0 { true } else { false } }) {
                        outcome.tapsOrPinches += 1
                    }
                }
            }
            outcomes[shape] = outcome
        }
        return (outcomes, checksByGroup)
    }

    func testCheckmarksOnHumanStrokes() {
        let (outcomes, checksByGroup) = Self.measure()
        var table = "| shape | strokes | checkmark | swipe | both |\n|---|---|---|---|---|\n"
        func percent(_ n: Int, _ of: Int) -> String { String(format: "%.1f %%", 100 * Double(n) / Double(of)) }
        for shape in HumanStrokes.Shape.allCases {
            let o = outcomes[shape]!
            table += "| \(shape.rawValue) | \(o.strokes) | \(percent(o.checkmarks, o.strokes)) | \(percent(o.swipes, o.strokes)) | \(percent(o.both, o.strokes)) |\n"
        }
        print(table)
        let check = outcomes[.check]!
        let others = outcomes.filter { $0.key != .check }.values
        let otherStrokes = others.reduce(0) { $0 + $1.strokes }
        let falseChecks = others.reduce(0) { $0 + $1.checkmarks }
        let all = outcomes.values.reduce(0) { $0 + $1.strokes }
        let both = outcomes.values.reduce(0) { $0 + $1.both }
        print("checkmark recall \(percent(check.checkmarks, check.strokes)), false checkmarks \(percent(falseChecks, otherStrokes)), swipe and checkmark \(percent(both, all))")
        for (group, counts) in checksByGroup.sorted(by: { $0.key < $1.key }) {
            print("checkmark recall, \(group): \(percent(counts.found, counts.strokes)) of \(counts.strokes)")
            XCTAssertGreaterThanOrEqual(Double(counts.found) / Double(counts.strokes), 0.9, "checkmark recall, \(group)")
        }
        XCTAssertGreaterThanOrEqual(Double(check.checkmarks) / Double(check.strokes), 0.95, "checkmark recall")
        XCTAssertLessThanOrEqual(Double(falseChecks) / Double(otherStrokes), 0.05, "false checkmarks over all other shapes")
        for (shape, o) in outcomes where shape != .check {
            XCTAssertLessThanOrEqual(Double(o.checkmarks) / Double(o.strokes), 0.10, "false checkmarks on \(shape.rawValue)")
        }
        XCTAssertLessThanOrEqual(Double(both) / Double(all), 0.01, "strokes with both a swipe and a checkmark")
        XCTAssertEqual(outcomes.values.reduce(0) { $0 + $1.tapsOrPinches }, 0, "no tap or pinch from a moving stroke")
    }

    /// The same strokes drawn with the mouse (the pointer fallback: left button down is a
    /// finger) through the session's front door: checks are still recognized and their
    /// look-alikes are not. 50 strokes of each of five shapes at medium pace.
    func testMouseStrokesThroughThePointerFallback() {
        var rates: [HumanStrokes.Shape: Double] = [:]
        for shape in [HumanStrokes.Shape.check, .v, .caret, .rectangle, .rightSquareBracket] {
            var checks = 0
            for seed in 0..<UInt64(50) {
                let driver = SessionDriver(size: Size(width: 1024, height: 768), now: 100)
                let samples = HumanStrokes.stroke(shape, pace: .medium, seed: seed &+ 7_000)
                let start = driver.clock.now
                driver.session.pointerMoved(to: samples[0].point, time: 0)
                driver.session.pointerButton(pressed: true, time: 0)
                for sample in samples.dropFirst() {
                    driver.clock.now = start + sample.time
                    driver.session.pointerMoved(to: sample.point, time: UInt32(sample.time * 1000))
                }
                driver.clock.now += 0.01
                driver.session.pointerButton(pressed: false, time: 0)
                driver.flush()
                if driver.gestures.contains(.checkmark) { checks += 1 }
            }
            rates[shape] = Double(checks) / 50
        }
        print("mouse strokes, checkmark rate: \(rates.map { "\($0.key.rawValue) \(Int($0.value * 100)) %" }.sorted())")
        XCTAssertGreaterThanOrEqual(rates[.check]!, 0.95, "checks drawn with the mouse")
        for (shape, rate) in rates where shape != .check {
            XCTAssertLessThanOrEqual(rate, 0.10, "false checkmarks on \(shape.rawValue) drawn with the mouse")
        }
    }
}
