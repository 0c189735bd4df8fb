import Foundation
import TouchCore
import XCTest

/// A checkmark drawn a little turned, smaller or larger, faster or slower, or with a
/// shakier hand is still a checkmark, and a V so drawn is still no checkmark: people's own
/// checks and V's (five people of the $1 logs, Wobbrock, Wilson and Li, UIST 2007;
/// RealStrokes), changed as drawn in the window and played through the session's front
/// door with the shipped strokes and the common shapes drawn by the other four, as
/// RealStrokeTests plays them. The limits were chosen on the strokes as drawn
/// (`CheckmarkTuner`); these say whether what they learnt holds for the same hands
/// drawing a little differently. The floors are the goals (checks >= 95 %, V's
/// <= 3 %), not the levels measured, save where a goal is not met (held, and printed).
final class CheckmarkInvarianceTests: XCTestCase {
    typealias Samples = [(time: Double, point: Point)]

    /// Every person's strokes of `label`, placed in the window and changed by `change`:
    /// how many were named a checkmark.
    private func checkmarks(of label: String, _ change: (Samples, inout SeededGenerator) -> Samples) throws -> Tally {
        let strokes = try RealStroke.all()
        let shipped = try ShippedStrokeTests.shippedTemplates()
        var random = SeededGenerator(seed: 62)
        var tally = Tally()
        for subject in Set(strokes.map(\.subject)).sorted() {
            let player = StrokePlayer(templates: shipped, commonShapes: RealStroke.commonShapes(without: subject, in: strokes))
            for stroke in strokes where stroke.subject == subject && stroke.label == label {
                tally.add(StrokePlayer.verdict(player.play(change(stroke.placed, &random))) == "checkmark")
            }
        }
        return tally
    }

    /// The changes, each by name: about the window's centre, where the strokes are placed.
    static var changes: [(name: String, change: (Samples, inout SeededGenerator) -> Samples)] { [
        ("turned 10 degrees clockwise", { samples, _ in turned(samples, degrees: 10) }),
        ("turned 10 degrees anticlockwise", { samples, _ in turned(samples, degrees: -10) }),
        ("half the size", { samples, _ in scaled(samples, by: 0.5) }),
        ("1.8 times the size", { samples, _ in scaled(samples, by: 1.8) }),
        ("twice as fast", { samples, _ in samples.map { (time: $0.time / 2, point: $0.point) } }),
        ("twice as slow", { samples, _ in samples.map { (time: $0.time * 2, point: $0.point) } }),
        ("shaking 2 px", { samples, random in
            samples.map { (time: $0.time, point: Point(x: $0.point.x + Double.random(in: -2...2, using: &random),
                                                      y: $0.point.y + Double.random(in: -2...2, using: &random))) }
        }),
    ] }

    static let centre = Point(x: 512, y: 384)

    static func turned(_ samples: Samples, degrees: Double) -> Samples {
        let c = cosineOfDegrees(degrees), s = cosineOfDegrees(degrees - 90)
        return samples.map { sample in
            let x = sample.point.x - centre.x, y = sample.point.y - centre.y
            return (time: sample.time, point: Point(x: centre.x + x * c - y * s, y: centre.y + x * s + y * c))
        }
    }

    static func scaled(_ samples: Samples, by factor: Double) -> Samples {
        samples.map { (time: $0.time, point: Point(x: centre.x + ($0.point.x - centre.x) * factor, y: centre.y + ($0.point.y - centre.y) * factor)) }
    }

    /// Measured 2026-12-06: 97.3-100 % for every change but one. A check turned 10 degrees
    /// clockwise is named 94.7 % (142 of 150), under the 95 % the issue asks of checks: its
    /// first leg turns 10 degrees steeper, and rule 9 (not a V) judges that leg's slope
    /// against the horizontal. That level is held, so it cannot fall unseen, and printed as
    /// unmet; the goal stays 95 % (docs/design/gestures.md, "Held out").
    func testAChangedCheckIsStillACheck() throws {
        let reached = ["turned 10 degrees clockwise": 0.946]
        for (name, change) in Self.changes {
            let named = try checkmarks(of: "check", change)
            print("people's checks \(name), named checkmark: \(named)")
            if named.value < 0.95 { print("UNMET (issue 62): checks \(name) named checkmark \(named), the goal is 95 %") }
            XCTAssertGreaterThanOrEqual(named.value, min(0.95, reached[name] ?? 0.95), "checks \(name)")
        }
    }

    /// Measured 2026-12-06: 0.7-1.3 % for every change.
    func testAChangedVIsStillNoCheck() throws {
        for (name, change) in Self.changes {
            let named = try checkmarks(of: "v", change)
            print("people's V's \(name), named checkmark: \(named)")
            XCTAssertLessThanOrEqual(named.value, 0.03, "V's \(name)")
        }
    }
}

/// SplitMix64: a seeded generator, so a shaken stroke is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
