import Foundation
import TouchCore
import XCTest

/// A shape is the same shape wherever it starts, whichever way round and a little turned
/// (docs/design/gestures.md, "Closed strokes", "Turned strokes"): people's own strokes (five people
/// of the $1 logs, Wobbrock, Wilson and Li, UIST 2007; RealStrokes) re-started, reversed,
/// mirrored and turned, played through the session's front door against the shipped
/// strokes, with the common shapes drawn by the other four people, as RealStrokeTests plays
/// them. All five start their circles at the top and go counter-clockwise; before closed
/// strokes were re-started, none of their circles re-started half way round was named
/// circle (0 of 150).
final class StrokeInvarianceTests: XCTestCase {
    /// Each person's strokes of `shapes`, changed by `change`, played against the shipped
    /// strokes: what each was named ("nothing" when nothing).
    private func verdicts(of shapes: Set<String>, _ change: ([(time: Double, point: Point)]) -> [(time: Double, point: Point)])
        throws -> [(label: String, verdict: String)] {
        let strokes = try RealStroke.all()
        let shipped = try ShippedStrokeTests.shippedTemplates()
        var result: [(label: String, verdict: String)] = []
        for subject in Set(strokes.map(\.subject)).sorted() {
            let player = StrokePlayer(templates: shipped, commonShapes: RealStroke.commonShapes(without: subject, in: strokes))
            for stroke in strokes where stroke.subject == subject && shapes.contains(stroke.label) {
                let changed = RealStroke(key: stroke.key, label: stroke.label, subject: stroke.subject, speed: stroke.speed,
                                         rep: stroke.rep, samples: change(stroke.samples))
                result.append((stroke.label, StrokePlayer.verdict(player.play(changed.placed))))
            }
        }
        return result
    }

    /// The stroke started `fraction` of the way along its samples: from there to the end,
    /// across the closing gap to the first sample, and on to where it started. The times stay
    /// as drawn.
    private func restarted(at fraction: Double) -> ([(time: Double, point: Point)]) -> [(time: Double, point: Point)] {
        { samples in
            let j = Int(Double(samples.count - 1) * fraction)
            let points = Array(samples[j...].map(\.point)) + Array(samples[1...j].map(\.point))
            return zip(samples, points).map { (time: $0.0.time, point: $0.1) }
        }
    }

    private func reversed(_ samples: [(time: Double, point: Point)]) -> [(time: Double, point: Point)] {
        zip(samples, samples.reversed()).map { (time: $0.0.time, point: $0.1.point) }
    }

    private func tally(_ verdicts: [(label: String, verdict: String)], named name: String) -> Tally {
        var tally = Tally()
        for v in verdicts { tally.add(v.verdict == name) }
        return tally
    }

    /// Every person's circles re-started a quarter, half and three quarters of the way round,
    /// each drawn forwards and backwards: measured 2026-12-06, 99.3-100 % each (as drawn
    /// 98.7 %); before the re-start 0 % at a half.
    func testACircleIsACircleWhereverItStarts() throws {
        for fraction in [0.25, 0.5, 0.75] {
            for backwards in [false, true] {
                let change = restarted(at: fraction)
                let named = tally(try verdicts(of: ["circle"]) { backwards ? self.reversed(change($0)) : change($0) }, named: "circle")
                print("people's circles re-started at \(fraction)\(backwards ? ", backwards" : ""), named circle: \(named)")
                XCTAssertGreaterThanOrEqual(named.value, 0.95, "circles re-started at \(fraction)\(backwards ? ", backwards" : "")")
            }
        }
    }

    /// Mirrored left to right, a circle goes clockwise and leans the other way: measured
    /// 2026-12-06, 93.3 % (44.0 % before closed strokes were re-started).
    func testAMirroredCircleIsACircle() throws {
        let named = tally(try verdicts(of: ["circle"]) { $0.map { (time: $0.time, point: Point(x: -$0.point.x, y: $0.point.y)) } },
                          named: "circle")
        print("people's circles mirrored, named circle: \(named)")
        XCTAssertGreaterThanOrEqual(named.value, 0.90, "mirrored circles")
    }

    /// People's rectangles, triangles and stars are closed too: re-started and reversed they
    /// are still not taken for the shipped circle (its own limit and corner, and the common
    /// shapes, re-started alike). Measured 2026-12-06: at most 2 of 450 for any one
    /// re-start.
    func testOtherClosedShapesReStartedAreNotCircles() throws {
        let closed: Set<String> = ["rectangle", "triangle", "star"]
        for fraction in [0.25, 0.5, 0.75] {
            for backwards in [false, true] {
                let change = restarted(at: fraction)
                let verdicts = try verdicts(of: closed) { backwards ? self.reversed(change($0)) : change($0) }
                let circles = tally(verdicts, named: "circle")
                let shipped = Set(HeldOutStrokeTests.shippedShapes)
                var other = Tally()
                for v in verdicts { other.add(shipped.contains(v.verdict)) }
                print("people's rectangles, triangles and stars re-started at \(fraction)\(backwards ? ", backwards" : ""): circle \(circles), any shipped shape \(other)")
                XCTAssertLessThanOrEqual(other.value, 0.02, "closed shapes re-started at \(fraction)\(backwards ? ", backwards" : "")")
            }
        }
    }

    /// Arrows turned 30 degrees either way (within the shipped arrow's turns,
    /// `StrokeTemplates.turns`) are arrows: measured 2026-12-06 (on the matcher alone),
    /// 98.7-99.3 %.
    func testATurnedArrowIsAnArrow() throws {
        for degrees in [-30.0, 30] {
            let c = cosineOfDegrees(degrees), s = cosineOfDegrees(degrees - 90)
            let named = tally(try verdicts(of: ["arrow"]) { samples in
                samples.map { (time: $0.time, point: Point(x: $0.point.x * c - $0.point.y * s, y: $0.point.x * s + $0.point.y * c)) }
            }, named: "arrow")
            print("people's arrows turned \(degrees) degrees, named arrow: \(named)")
            XCTAssertGreaterThanOrEqual(named.value, 0.90, "arrows turned \(degrees) degrees")
        }
    }
}
