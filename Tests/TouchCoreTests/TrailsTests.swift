import XCTest
@testable import TouchCore

/// Trails: a dot per sample, gone after a second, and no timer left once they are.
final class TrailsTests: XCTestCase {
    func testDotsFadeAndTheWindowGoesIdle() {
        // The hit-test scene shows no gesture labels, whose own timers would keep a deadline.
        let d = SessionDriver(scene: .hittest)
        let trails = d.session.stage.overlays.trails
        d.session.perform(.toggleTrails)
        XCTAssertFalse(trails.isHidden)
        d.down(id: 1, at: Point(x: 100, y: 100))
        d.frame()
        for i in 1...30 {
            d.clock.advance(by: 1.0 / 120)
            d.motion(id: 1, to: Point(x: 100 + Double(i) * 5, y: 100))
            d.frame()
            d.flush()
        }
        XCTAssertEqual(trails.sampleCount, 31, "one dot per sample")
        XCTAssertNotNil(d.session.nextDeadline, "fading is under way")
        d.up(id: 1)
        d.frame()
        for _ in 0..<40 {
            d.clock.advance(by: 1.0 / 30)
            d.flush()
        }
        XCTAssertEqual(trails.sampleCount, 0, "a second later nothing is left")
        XCTAssertNil(d.session.nextDeadline, "and nothing wakes the window any more")
        _ = d.window.takeDamage()
        XCTAssertFalse(d.window.needsRedraw)
    }

    func testHiddenTrailsRecordNothing() {
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 100, y: 100))
        d.frame()
        d.motion(id: 1, to: Point(x: 150, y: 100))
        d.frame()
        XCTAssertEqual(d.session.stage.overlays.trails.sampleCount, 0)
    }
}
