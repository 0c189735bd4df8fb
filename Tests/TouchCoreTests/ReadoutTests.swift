import XCTest
@testable import TouchCore

/// The instrument panel's numbers from a known stream: position, distance since down,
/// report rate and velocity, refreshed at most ten times a second and only while shown.
final class ReadoutTests: XCTestCase {
    private func readouts(_ d: SessionDriver) -> [ReadoutSnapshot] {
        d.events.compactMap { if case .readout(let r) = $0 { return r } else { return nil } }
    }

    /// A 120 Hz stream timestamped as a compositor does (whole milliseconds), moving at
    /// 600 px/s to the right and 120 px/s down.
    private func drag(_ d: SessionDriver, frames: Int) {
        d.down(id: 3, at: Point(x: 100, y: 100), time: 1000)
        d.frame()
        for i in 1...frames {
            let t = Double(i) / 120
            d.clock.advance(by: 1.0 / 120)
            d.motion(id: 3, to: Point(x: 100 + 600 * t, y: 100 + 120 * t), time: 1000 + UInt32((t * 1000).rounded()))
            d.frame()
            d.flush()
        }
    }

    func testStreamValuesAreRight() throws {
        let d = SessionDriver()
        d.session.perform(.toggleReadouts)
        drag(d, frames: 120)
        d.clock.advance(by: 0.2)
        d.flush()
        let last = try XCTUnwrap(readouts(d).last)
        let finger = try XCTUnwrap(last.fingers.first)
        XCTAssertEqual(finger.id, 3)
        XCTAssertEqual(finger.location.x, 700, accuracy: 0.001)
        XCTAssertEqual(finger.dx, 600, accuracy: 0.001)
        XCTAssertEqual(finger.dy, 120, accuracy: 0.001)
        XCTAssertEqual(finger.reportRate ?? 0, 120, accuracy: 120 * 0.02)
        let speed = (600.0 * 600 + 120 * 120).squareRoot()
        XCTAssertEqual(finger.velocity ?? 0, speed, accuracy: speed * 0.05)
        XCTAssertEqual(last.touches, 1)
        XCTAssertEqual(last.maxTouches, 1)
        XCTAssertEqual(last.shapeSeen, false)
        XCTAssertTrue(ReadoutOverlay.lines(last)[1].contains("none received"), "the panel says no shape came")
        // One second of frames at 120 Hz: at most ten refreshes a second, plus the first.
        XCTAssertLessThanOrEqual(readouts(d).count, 13)
        XCTAssertGreaterThanOrEqual(readouts(d).count, 9)
    }

    /// With input timestamps (ns) the rate and velocity come from them, not from the ms.
    func testInputTimestampsArePreferred() throws {
        let d = SessionDriver()
        d.session.perform(.toggleReadouts)
        // 240 Hz in ns; the ms timestamps all say the same millisecond, useless on their own.
        d.session.touchscreens.timestamp(d.device, nanoseconds: 1_000_000_000)
        d.down(id: 1, at: Point(x: 0, y: 0), time: 7)
        d.frame()
        for i in 1...48 {
            d.session.touchscreens.timestamp(d.device, nanoseconds: 1_000_000_000 + UInt64(i) * 4_166_667)
            d.motion(id: 1, to: Point(x: Double(i) * 2.5, y: 0), time: 7)
            d.frame()
        }
        d.clock.advance(by: 1)
        d.flush()
        let finger = try XCTUnwrap(readouts(d).last?.fingers.first)
        XCTAssertEqual(finger.reportRate ?? 0, 240, accuracy: 0.1)
        XCTAssertEqual(finger.velocity ?? 0, 600, accuracy: 0.5)
    }

    func testHiddenCostsNothingAndShowsNothing() {
        let d = SessionDriver()
        drag(d, frames: 30)
        XCTAssertTrue(readouts(d).isEmpty)
        XCTAssertTrue(d.session.stage.overlays.readouts.isHidden)
    }

    func testTenFingersAndTheEndOfTheStream() throws {
        let d = SessionDriver()
        d.session.perform(.toggleReadouts)
        for id in Int32(0)..<10 { d.down(id: id, at: Point(x: 50 + Double(id) * 60, y: 300), time: 0) }
        d.frame()
        d.clock.advance(by: 0.5)
        d.flush()
        let shown = try XCTUnwrap(readouts(d).last)
        XCTAssertEqual(shown.fingers.map(\.id), Array(0..<10), "in the order they landed")
        XCTAssertEqual(ReadoutOverlay.lines(shown).count, 12, "a header, the shape line, ten fingers")
        for id in Int32(0)..<10 { d.up(id: id, time: 10) }
        d.frame()
        d.clock.advance(by: 0.5)
        d.flush()
        XCTAssertEqual(readouts(d).last?.touches, 0, "the panel ends showing the last frame")
        XCTAssertEqual(readouts(d).last?.maxTouches, 10)
    }

    func testShapeIsNoticed() throws {
        let d = SessionDriver()
        d.session.perform(.toggleReadouts)
        d.down(id: 1, at: Point(x: 100, y: 100))
        d.shape(id: 1, major: 40, minor: 20)
        d.frame()
        d.clock.advance(by: 0.2)
        d.flush()
        let last = try XCTUnwrap(readouts(d).last)
        XCTAssertTrue(last.shapeSeen)
        XCTAssertEqual(last.fingers.first?.major, 40)
    }

    func testFixedFormatting() {
        XCTAssertEqual(fixed(3.14159, decimals: 2), "3.14")
        XCTAssertEqual(fixed(-0.004, decimals: 2), "0.00")
        XCTAssertEqual(fixed(-12.36, decimals: 1), "-12.4")
        XCTAssertEqual(fixed(5, decimals: 1, sign: true), "+5.0")
        XCTAssertEqual(fixed(0.05, decimals: 2), "0.05")
        XCTAssertEqual(fixed(120, decimals: 0), "120")
    }
}
