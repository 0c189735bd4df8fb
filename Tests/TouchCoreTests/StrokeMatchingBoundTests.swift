import Foundation
@testable import TouchCore
import XCTest

/// The lift skips an example's rotation search when `StrokeTemplate.turnBound` says it
/// cannot beat the second-nearest template so far. That must change nothing: the bound is
/// under every distance the search can find, and the nearest template, its score and its
/// margin are those of trying every example, on people's strokes (five of the $1 logs,
/// Wobbrock, Wilson and Li, UIST 2007).
final class StrokeMatchingBoundTests: XCTestCase {
    func testSkippingSearchesChangesNoMatch() throws {
        let strokes = try RealStroke.all()
        let subject = strokes[0].subject
        let mine = strokes.filter { $0.subject == subject }
        let templates = RealStrokeTests.teach(RealStroke.shapes, from: mine)
        let matcher = StrokeTemplates(templates)
        var checked = 0, beyond = 0, pairs = 0
        for stroke in mine where stroke.rep % 3 == 0 {
            let normalized = try XCTUnwrap(StrokeTemplate.normalized(stroke.points))
            // Every example, both ways, searched: the nearest and the second by distance.
            var distances: [(name: String, distance: Double)] = []
            var bounds: [Double] = []
            for template in templates {
                var best = Double.infinity
                for (example, radii) in zip(template.examples, template.radii) {
                    for way in [normalized, normalized.reversed()] {
                        let distance = StrokeTemplate.distance(way, example)
                        let bound = StrokeTemplate.turnBound(way, example, radii)
                        XCTAssertLessThanOrEqual(bound, distance, "\(stroke.key) against \(template.name)")
                        bounds.append(bound)
                        best = min(best, distance)
                    }
                }
                distances.append((template.name, best))
            }
            let sorted = distances.sorted { $0.distance < $1.distance }
            let nearest = try XCTUnwrap(matcher.nearest(stroke.points))
            XCTAssertEqual(nearest.name, sorted[0].name, stroke.key)
            XCTAssertEqual(nearest.score, StrokeTemplate.score(distance: sorted[0].distance), accuracy: 1e-12, stroke.key)
            XCTAssertEqual(nearest.margin, StrokeTemplate.score(distance: sorted[0].distance)
                           - StrokeTemplate.score(distance: sorted[1].distance), accuracy: 1e-12, stroke.key)
            checked += 1
            // Searches skipped whatever the order: bounds at or beyond the second's distance.
            beyond += bounds.filter { $0 >= sorted[1].distance }.count
            pairs += bounds.count
        }
        XCTAssertGreaterThan(checked, 100)
        // The bound is tight enough to matter: most searches cannot beat the second shape.
        print("searches the turn bound rules out against the second-nearest shape: \(beyond) of \(pairs)")
        XCTAssertGreaterThan(Double(beyond), 0.5 * Double(pairs))
    }
}
