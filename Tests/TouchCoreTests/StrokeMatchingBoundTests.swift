import Foundation
@testable import TouchCore
import XCTest

/// The lift stops pairing a stroke with an example as soon as the pairing cannot rank the
/// template under the second-nearest so far (`StrokeTemplates.rank(_:_:_:under:)`,
/// `StrokeTemplate.warpedDistance`). That must change nothing: the nearest template, its
/// score and its margin are those of pairing every example in full, on people's strokes
/// (five of the $1 logs, Wobbrock, Wilson and Li, UIST 2007).
final class StrokeMatchingBoundTests: XCTestCase {
    func testStoppingEarlyChangesNoMatch() throws {
        let strokes = try RealStroke.all()
        let subject = strokes[0].subject
        let mine = strokes.filter { $0.subject == subject }
        let templates = RealStrokeTests.teach(RealStroke.shapes, from: mine)
        let matcher = StrokeTemplates(templates)
        var checked = 0, stopped = 0, pairings = 0
        for stroke in mine where stroke.rep % 3 == 0 {
            let normalized = try XCTUnwrap(StrokeTemplate.normalized(stroke.points))
            let corner = StrokeTemplate.sharpestCorner(normalized)
            // Every example, both ways and (closed strokes) re-started, with no bound: the
            // nearest and the second by rank.
            var ranked: [(name: String, rank: Double, score: Double)] = []
            for template in templates {
                let pairing = template.pairing(normalized, under: .infinity)
                let score = StrokeTemplate.score(distance: pairing.distance)
                let penalty = StrokeTemplates.rankPenalty(direction: template.direction(normalized, from: pairing.start),
                                                          rounding: template.corner - corner)
                ranked.append((template.name, 1 - score + penalty, score))
            }
            let sorted = ranked.sorted { $0.rank < $1.rank }
            let nearest = try XCTUnwrap(matcher.nearest(stroke.points))
            XCTAssertEqual(nearest.name, sorted[0].name, stroke.key)
            XCTAssertEqual(nearest.score, sorted[0].score, accuracy: 1e-12, stroke.key)
            XCTAssertEqual(nearest.margin, sorted[0].score - sorted[1].score, accuracy: 1e-12, stroke.key)
            checked += 1
            // Pairings that stop early against the second-nearest shape's rank, as `rank`
            // bounds them (the corner's part first; no bound while the room is over 1), both
            // ways of drawing: a lower count than the lift's, whose second best so far is
            // looser early on.
            for template in templates {
                let room = sorted[1].rank - StrokeTemplates.cornerPenalty(rounding: template.corner - corner)
                let bound = room > 1 ? Double.infinity : room * StrokeTemplate.halfDiagonal
                for example in template.examples {
                    for reversed in [false, true] {
                        pairings += 1
                        if room <= 0 || StrokeTemplate.warpedDistance(normalized, example, reversed: reversed, under: bound) == .infinity {
                            stopped += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
        // The bound matters: most pairings cannot bring their template under the second shape.
        print("pairings stopped early against the second-nearest shape: \(stopped) of \(pairings)")
        XCTAssertGreaterThan(Double(stopped), 0.5 * Double(pairings))
    }

    /// Stopping early returns infinity exactly when the full pairing is not under the bound.
    func testWarpedDistanceStopsOnlyAtTheBound() throws {
        let strokes = try RealStroke.all()
        let examples = strokes.prefix(60).compactMap { StrokeTemplate.normalized($0.points) }
        for (a, b) in zip(examples, examples.dropFirst()) {
            let full = StrokeTemplate.warpedDistance(a, b, reversed: false, under: .infinity)
            XCTAssertEqual(StrokeTemplate.warpedDistance(a, b, reversed: false, under: full * 1.0001), full, accuracy: 1e-12)
            XCTAssertEqual(StrokeTemplate.warpedDistance(a, b, reversed: false, under: full * 0.9999), .infinity)
            // No warping needed for a stroke against itself.
            XCTAssertEqual(StrokeTemplate.warpedDistance(a, a, reversed: false, under: .infinity), 0)
        }
    }
}
