@testable import TouchCore
import XCTest

/// The common shapes (StrokeTemplates.commonShapes, docs/gestures.md "Common shapes"): what
/// a template claims, what a lesson borrows, and that an unclaimed shape keeps a stroke
/// from being named. People's strokes are in RealStrokeTests; these are the rules.
final class CommonShapeTests: XCTestCase {
    /// A polyline through `corners`, a point every 4 px, moved by `offset` and scaled.
    private func path(_ corners: [Point], scale: Double = 1, offset: Double = 0) -> [Point] {
        Polyline.through(corners).map { Point(x: 200 + offset + $0.x * scale, y: 200 + $0.y * scale) }
    }

    private var square: [Point] { [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0)] }
    private var triangle: [Point] { [Point(x: 50, y: 0), Point(x: 100, y: 90), Point(x: 0, y: 90), Point(x: 50, y: 0)] }
    private var zed: [Point] { [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)] }
    private func circle(_ radius: Double = 100) -> [Point] {
        (0...60).map { i in Point(x: 300 + radius * cosineOfDegrees(-135 + 6 * Double(i)), y: 300 + radius * cosineOfDegrees(-225 + 6 * Double(i))) }
    }

    /// Three drawings of a shape, a little different each time.
    private func lesson(_ name: String, _ corners: [Point]) throws -> StrokeTemplate {
        try XCTUnwrap(StrokeTemplate(name: name, examples: [path(corners), path(corners, scale: 1.3, offset: 7), path(corners, scale: 0.8, offset: 3)]))
    }

    /// Five people's drawings of a common shape, stood in for by five sizes.
    private func common(_ name: String, _ points: @autoclosure () -> [Point]) throws -> StrokeTemplate {
        try XCTUnwrap(StrokeTemplate(name: name, examples: (0..<5).map { k in points().map { Point(x: $0.x * (1 + 0.1 * Double(k)), y: $0.y) } }))
    }

    private func commons() throws -> [StrokeTemplate] {
        [try common("square", path(square)), try common("triangle", path(triangle)), try common("circle", circle())]
    }

    func testALessonClaimsItsShapeAndBorrowsItsDrawings() throws {
        var strokes = StrokeTemplates([try lesson("box", square)])
        strokes.commonShapes = try commons()
        XCTAssertEqual(strokes.matched.map(\.name), ["box"])
        XCTAssertEqual(strokes.matched[0].examples.count, 3 + 5, "the lesson's three and the common square's five")
        XCTAssertEqual(strokes.matched[0].ownAgreement, strokes.templates[0].ownAgreement, "judged by the lesson's own agreement")
        XCTAssertNil(strokes.matched[0].minimumScore)
        XCTAssertEqual(strokes.unclaimed.map(\.name), ["triangle", "circle"])
        // Set the other way round, the same.
        var later = StrokeTemplates()
        later.commonShapes = try commons()
        later.templates = [try lesson("box", square)]
        XCTAssertEqual(later, strokes)
    }

    func testAShapeOfTheUsersOwnClaimsNothing() throws {
        var strokes = StrokeTemplates([try lesson("zed", zed)])
        strokes.commonShapes = try commons()
        XCTAssertEqual(strokes.matched, strokes.templates, "nothing borrowed")
        XCTAssertEqual(strokes.unclaimed.map(\.name), ["square", "triangle", "circle"])
        XCTAssertEqual(strokes.match(path(zed, scale: 1.1))?.name, "zed")
    }

    func testAShippedStrokeClaimsButBorrowsNothing() throws {
        let shipped = try common("box", path(square))  // five drawings: a shipped stroke's kind
        var strokes = StrokeTemplates([shipped])
        strokes.commonShapes = try commons()
        XCTAssertEqual(strokes.matched, [shipped])
        XCTAssertEqual(strokes.unclaimed.map(\.name), ["triangle", "circle"])
    }

    func testAStrokeNearerAnUnclaimedShapeIsNotNamed() throws {
        var strokes = StrokeTemplates([try lesson("box", square)], maximumRounding: 1000)
        let round = circle(80)
        // Without common shapes, with the corner rule off, the circle is near enough the box.
        XCTAssertEqual(strokes.match(round)?.name, "box")
        strokes.commonShapes = try commons()
        let nearest = try XCTUnwrap(strokes.nearest(round))
        XCTAssertEqual(nearest.name, "box")
        XCTAssertEqual(nearest.commonShape?.name, "circle")
        XCTAssertGreaterThan(try XCTUnwrap(nearest.commonShape?.score), nearest.score)
        XCTAssertNil(strokes.match(round))
        // The box itself is still the box.
        XCTAssertEqual(strokes.match(path(square, scale: 0.9, offset: 20))?.name, "box")
    }

    func testNoCommonShapesMatchAsBefore() throws {
        let strokes = StrokeTemplates([try lesson("box", square), try lesson("zed", zed)])
        XCTAssertEqual(strokes.matched, strokes.templates)
        XCTAssertEqual(strokes.unclaimed, [])
        XCTAssertEqual(strokes.match(path(square, scale: 0.9, offset: 20))?.name, "box")
        XCTAssertEqual(strokes.match(path(zed, scale: 1.1))?.name, "zed")
        let round = try XCTUnwrap(strokes.nearest(circle()))
        XCTAssertNil(round.commonShape)
        XCTAssertEqual(round.name, "box")
        XCTAssertFalse(strokes.accepts(round), "the corner rule alone turns the circle away")
    }

    func testAShapeTwoLessonsClaimIsLentToNeither() throws {
        var strokes = StrokeTemplates([try lesson("box", square), try lesson("block", square)])
        strokes.commonShapes = try commons()
        XCTAssertEqual(strokes.matched, strokes.templates, "nothing borrowed")
        XCTAssertEqual(strokes.unclaimed.map(\.name), ["triangle", "circle"], "but the square is claimed")
    }

    func testANearerCommonShapeGivesANegativeMargin() throws {
        var strokes = StrokeTemplates([try lesson("box", square)], maximumRounding: 1000)
        strokes.commonShapes = try commons()
        let nearest = try XCTUnwrap(strokes.nearest(circle(80)))
        let common = try XCTUnwrap(nearest.commonShape)
        XCTAssertEqual(nearest.margin, nearest.score - common.score, accuracy: 1e-12)
        XCTAssertLessThan(nearest.margin, 0)
    }

    /// However many shapes and drawings a caller hands over, the core keeps 16 of five.
    func testCommonShapesAreCapped() throws {
        var strokes = StrokeTemplates([try lesson("zed", zed)])
        strokes.commonShapes = try (0..<20).map { k in
            try XCTUnwrap(StrokeTemplate(name: "c\(k)", examples: (0..<8).map { d in
                circle(50 + Double(k) * 5 + Double(d)).map { Point(x: $0.x * (1 + 0.05 * Double(k)), y: $0.y) }
            }))
        }
        XCTAssertEqual(strokes.unclaimed.count, StrokeTemplates.maximumCommonShapes)
        XCTAssertEqual(Set(strokes.unclaimed.map(\.examples.count)), [StrokeTemplates.maximumCommonDrawings])
        XCTAssertEqual(strokes.unclaimed.map(\.name), (0..<16).map { "c\($0)" })
    }
}
