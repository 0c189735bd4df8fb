import Foundation
@testable import TouchCore
import XCTest

/// Taught strokes on a person the limits never saw (issue 62): for each of the five people
/// of `Tests/Fixtures/people-strokes` (Wobbrock, Wilson and Li, UIST 2007), the four
/// limits that accept a taught stroke are chosen on the other four (`StrokeLimitsTuner`)
/// and the fifth is measured through the session as `RealStrokeTests` measures everyone:
/// teaching the 16 shapes from three drawings and drawing the other 27 of each; teaching
/// eight and drawing the other eight. The held-out figure is the five folds pooled (each
/// person the same count of drawings), with the worst fold beside it.
final class StrokeLimitsTunerTests: XCTestCase {
    /// The shipped limits are the tuner's choice on all five.
    func testTheShippedStrokeLimitsAreTheTunersChoiceOnAllFive() throws {
        let strokes = try RealStroke.all()
        let everyone = Set(strokes.map(\.subject))
        let chosen = StrokeLimitsTuner(strokes: strokes, people: everyone).choose(on: everyone)
        print("stroke limits chosen on all five: \(chosen)")
        XCTAssertEqual(chosen, .shipped, "the shipped stroke limits are stale: the tuner picks \(chosen)")
    }

    func testTaughtStrokesOnAPersonLeftOut() throws {
        let strokes = try RealStroke.all()
        let everyone = Set(strokes.map(\.subject))
        let halves = [Array(RealStroke.shapes.prefix(8)), Array(RealStroke.shapes.suffix(8))]
        var named = Tallies(), untaught = Tallies()
        for held in everyone.sorted() {
            let others = everyone.subtracting([held])
            let limits = StrokeLimitsTuner(strokes: strokes, people: others).choose(on: others)
            print("held out s\(held): \(limits)")
            var settings = GestureSettings()
            limits.apply(to: &settings.strokes)
            let mine = strokes.filter { $0.subject == held }
            let common = RealStroke.commonShapes(without: held, in: strokes)
            let player = StrokePlayer(templates: RealStrokeTests.teach(RealStroke.shapes, from: mine), commonShapes: common, settings: settings)
            for stroke in mine where !RealStrokeTests.isLesson(stroke) {
                let verdict = StrokePlayer.verdict(player.play(stroke.placed))
                named.add(verdict == (stroke.label == "check" ? "checkmark" : stroke.label), "all", "shape \(stroke.label)", "person s\(held)")
            }
            for half in halves {
                let some = StrokePlayer(templates: RealStrokeTests.teach(half, from: mine), commonShapes: common, settings: settings)
                for stroke in mine where !half.contains(stroke.label) {
                    let match = some.play(stroke.placed).contains { if case .template = $0 { true } else { false } }
                    untaught.add(match, "all", "shape \(stroke.label)", "person s\(held)")
                }
            }
        }
        func worst(_ tallies: Tallies, _ prefix: String, highest: Bool) -> String {
            let groups = tallies.groups.filter { $0.key.hasPrefix(prefix) }
            let w = highest ? groups.max { $0.value.value < $1.value.value }! : groups.min { $0.value.value < $1.value.value }!
            return "\(w.key.dropFirst(prefix.count)) \(w.value)"
        }
        print("held out (Wobbrock, Wilson and Li 2007), taught and named right: \(named["all"]), worst person \(worst(named, "person ", highest: false)), worst shape \(worst(named, "shape ", highest: false))")
        print("held out, taught, per shape: \(named.line("shape "))")
        print("held out, untaught named after a taught stroke: \(untaught["all"]), worst person \(worst(untaught, "person ", highest: true)), worst shape \(worst(untaught, "shape ", highest: true))")
        print("held out, untaught, per shape: \(untaught.line("shape "))")
        // Issue 62's goals on the held-out figures: taught >= 99 % and >= 95 % a shape,
        // untaught <= 2 % and <= 5 % a shape.
        RealStrokeTests.hold(named["all"].value, atLeast: 0.99, reached: 0.99, "taught strokes named right, held out")
        for (key, tally) in named.groups where key.hasPrefix("shape ") {
            RealStrokeTests.hold(tally.value, atLeast: 0.95, reached: 0.95, "taught strokes named right, held out, \(key)")
        }
        XCTAssertLessThanOrEqual(untaught["all"].value, 0.02, "untaught strokes named, held out")
        for (key, tally) in untaught.groups where key.hasPrefix("shape ") {
            XCTAssertLessThanOrEqual(tally.value, 0.05, "untaught strokes named, held out, \(key)")
        }
    }
}
