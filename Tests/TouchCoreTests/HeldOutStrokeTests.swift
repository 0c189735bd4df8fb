import Foundation
import TouchCore
import XCTest

/// The recognizers measured on a person they never saw (issue 62): leave one person out.
/// For each of the five people of `Tests/Fixtures/people-strokes` (Wobbrock, Wilson and Li,
/// UIST 2007), everything the recognizers learn from people is taken from the other four
/// (the shipped strokes, made as scripts/make-shipped-strokes makes them: each person's
/// first two medium drawings of the shape; the common shapes, each person's first medium
/// drawing), and the fifth person's 480 strokes are measured, as the in-sample
/// `RealStrokeTests` measures everyone. The held-out figure is the mean of the five folds,
/// with the worst fold beside it: what the next person can expect. The in-sample figures
/// are printed beside them.
///
/// The checkmark's shape limits are chosen in each fold on the four people by
/// `CheckmarkTuner`, as the shipped ones are chosen on all five. The stroke scores'
/// constants and the checkmark's user settings (its angles and least length) are the
/// shipped defaults in every fold: for them these figures are still in sample
/// (docs/design/gestures.md, "Held out").
final class HeldOutStrokeTests: XCTestCase {
    static let shippedShapes = ["arrow", "caret", "circle", "v", "x"]

    /// The shipped strokes made from `people` only.
    static func shippedTemplates(from people: Set<Int>, in strokes: [RealStroke]) -> [StrokeTemplate] {
        shippedShapes.compactMap { shape in
            let examples = strokes.filter { people.contains($0.subject) && $0.label == shape && $0.speed == "medium" && [1, 2].contains($0.rep) }
                .sorted { ($0.subject, $0.rep) < ($1.subject, $1.rep) }
            return StrokeTemplate(name: shape, examples: examples.map(\.points))
        }
    }

    /// One fold's tallies: person `held` measured with what the others taught.
    struct Fold {
        var checks = Tally(), falseChecks = Tallies(), own = Tallies(), other = Tallies()
        /// What a shipped shape missed was named instead: shape -> verdict -> count.
        var missedAs: [String: [String: Int]] = [:]
    }

    static func measure(_ strokes: [RealStroke], holdingOut held: Int, tuner: CheckmarkTuner) -> Fold {
        let others = Set(strokes.map(\.subject)).subtracting([held])
        var settings = GestureSettings()
        settings.checkmarkLimits = tuner.choose(on: others)
        let player = StrokePlayer(templates: shippedTemplates(from: others, in: strokes),
                                  commonShapes: RealStroke.commonShapes(without: held, in: strokes), settings: settings)
        var fold = Fold()
        for stroke in strokes where stroke.subject == held {
            let verdict = StrokePlayer.verdict(player.play(stroke.placed))
            if stroke.label == "check" {
                fold.checks.add(verdict == "checkmark")
            } else {
                fold.falseChecks.add(verdict == "checkmark", "all", "shape \(stroke.label)")
            }
            if shippedShapes.contains(stroke.label) {
                fold.own.add(verdict == stroke.label, "shape \(stroke.label)")
                if verdict != stroke.label { fold.missedAs[stroke.label, default: [:]][verdict, default: 0] += 1 }
            }
            fold.other.add(shippedShapes.contains(verdict) && verdict != stroke.label, "shape \(stroke.label)")
        }
        return fold
    }

    /// "mean 91.3 %, worst 78.0 % (s7)".
    static func summary(_ values: [(person: Int, value: Double)], worstIsHighest: Bool = false) -> (mean: Double, text: String) {
        let mean = values.map(\.value).reduce(0, +) / Double(max(1, values.count))
        let worst = worstIsHighest ? values.max { $0.value < $1.value }! : values.min { $0.value < $1.value }!
        return (mean, String(format: "mean %.1f %%, worst %.1f %% (s%d)", 100 * mean, 100 * worst.value, worst.person))
    }

    func testTheShippedRecognizersOnAPersonLeftOut() throws {
        let strokes = try RealStroke.all()
        let people = Set(strokes.map(\.subject)).sorted()
        let tuner = CheckmarkTuner(strokes: strokes)
        let folds = people.map { (person: $0, fold: Self.measure(strokes, holdingOut: $0, tuner: tuner)) }

        let recall = Self.summary(folds.map { ($0.person, $0.fold.checks.value) })
        print("held out (Wobbrock, Wilson and Li 2007), checkmark recall: \(recall.text)")
        var worstFalse = 0.0
        for shape in RealStroke.shapes where shape != "check" {
            let rate = Self.summary(folds.map { ($0.person, $0.fold.falseChecks["shape \(shape)"].value) }, worstIsHighest: true)
            worstFalse = max(worstFalse, rate.mean)
            if rate.mean > 0 { print("held out, \(shape) taken for a checkmark: \(rate.text)") }
        }
        var ownMeans: [String: Double] = [:], otherWorst = 0.0
        for shape in Self.shippedShapes {
            let own = Self.summary(folds.map { ($0.person, $0.fold.own["shape \(shape)"].value) })
            ownMeans[shape] = own.mean
            let misses = folds.compactMap { entry in
                entry.fold.missedAs[shape].map { "s\(entry.person): " + $0.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
            }
            print("held out, shipped \(shape) named \(shape): \(own.text)" + (misses.isEmpty ? "" : "; missed as " + misses.joined(separator: "; ")))
        }
        for shape in RealStroke.shapes {
            let other = Self.summary(folds.map { ($0.person, $0.fold.other["shape \(shape)"].value) }, worstIsHighest: true)
            otherWorst = max(otherWorst, other.mean)
            if other.mean > 0 { print("held out, \(shape) taken for another shipped shape: \(other.text)") }
        }

        // The goals of issue 62 on the held-out mean where they are met; where not yet, the
        // level reached is held (it must not fall), and the print above says how far off.
        func hold(_ value: Double, atLeast goal: Double, reached: Double, _ what: String) {
            XCTAssertGreaterThanOrEqual(value, Swift.min(goal, reached), "\(what), held out")
        }
        hold(recall.mean, atLeast: 0.95, reached: 0.95, "checkmark recall")
        XCTAssertLessThanOrEqual(worstFalse, 0.03, "false checkmarks per shape, held out")
        for (shape, value) in ownMeans { hold(value, atLeast: 0.90, reached: Self.reachedOwn[shape] ?? 0.90, "shipped \(shape)") }
        XCTAssertLessThanOrEqual(otherWorst, 0.02, "taken for another shipped shape, held out")
    }

    /// The held-out levels measured on this tree where a goal is not met yet (docs/design/gestures.md,
    /// "Held out"): a floor, never the goal. Empty since 2026-12-06: the arrow, 66.7 % as drawn
    /// only, is 97.3 % with the shipped arrow turnable (`StrokeTemplates.turns`).
    static let reachedOwn: [String: Double] = [:]
}
