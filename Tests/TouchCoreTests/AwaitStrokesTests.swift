import TouchCore
import XCTest

/// The executable reads the stroke files on a second thread (StrokeLoader); the session
/// asks for them once, at the first lift, and never before: touches that do not lift are
/// drawn without waiting, and no lift is matched without the strokes.
final class AwaitStrokesTests: XCTestCase {
    private let zed = Polyline.through([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)])

    func testTheStrokesAreAskedForAtTheFirstLiftAndMatchIt() throws {
        let driver = SessionDriver()
        let template = try XCTUnwrap(StrokeTemplate(name: "zed", examples: [zed]))
        var asked = 0
        driver.session.awaitStrokes = { [unowned driver] in
            asked += 1
            var strokes = driver.session.strokes
            strokes.templates = [template]
            driver.session.strokes = strokes
        }
        let drawn = zed.map { Point(x: $0.x * 2 + 200, y: $0.y * 2 + 200) }
        driver.send([(1, .began, drawn[0].x, drawn[0].y)])
        for point in drawn.dropFirst() {
            driver.clock.advance(by: 0.008)
            driver.send([(1, .moved, point.x, point.y)])
        }
        XCTAssertEqual(asked, 0, "a finger down and moving does not wait for the strokes")
        XCTAssertGreaterThan(driver.frames.count, 10, "its frames were delivered")
        driver.clock.advance(by: 0.008)
        driver.send([(1, .ended, drawn.last!.x, drawn.last!.y)])
        driver.run(1)
        XCTAssertEqual(asked, 1)
        XCTAssertNil(driver.session.awaitStrokes, "asked once")
        XCTAssertEqual(driver.gestures.map(\.kind), [.template], "the lift was matched against the strokes handed in")
        driver.tap(1, 500, 500)
        driver.run(1)
        XCTAssertEqual(asked, 1, "a later lift does not ask again")
    }

    func testACancelAsksToo() {
        let driver = SessionDriver()
        var asked = 0
        driver.session.awaitStrokes = { asked += 1 }
        driver.send([(1, .began, 100, 100)])
        driver.cancel()
        XCTAssertEqual(asked, 1)
    }
}
