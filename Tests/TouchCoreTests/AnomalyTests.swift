import XCTest
@testable import TouchCore

/// What the compositor gets wrong is warned with a kind and counted on screen; a cancel is
/// counted as an event, never warned.
final class AnomalyTests: XCTestCase {
    private func kinds(_ d: SessionDriver) -> [AnomalyKind] {
        d.events.compactMap { if case .warning(_, let kind) = $0 { return kind } else { return nil } }
    }

    func testDuplicateDownAndUnknownIDs() {
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 10, y: 10))
        d.down(id: 1, at: Point(x: 20, y: 10))
        d.motion(id: 9, to: Point(x: 1, y: 1))
        d.frame()
        XCTAssertEqual(kinds(d), [.duplicateDown, .unknownID])
        let banner = d.session.stage.overlays.anomalies
        XCTAssertFalse(banner.isHidden)
        XCTAssertEqual(banner.counts, [.duplicateDown: 1, .unknownID: 1])
        XCTAssertEqual(banner.lines, ["down for an id already down  x1", "event for an id not down  x1"])
        d.clock.advance(by: AnomalyBanner.showDuration + 0.1)
        d.flush()
        XCTAssertTrue(banner.isHidden, "shown briefly")
    }

    func testRepeatsAreCountedOnScreenEvenWhenTheLogHoldsThemBack() {
        let d = SessionDriver()
        for _ in 0..<50 { d.motion(id: 9, to: Point(x: 1, y: 1)) }
        d.frame()
        XCTAssertEqual(kinds(d).count, 1, "the log says it once a second")
        XCTAssertEqual(d.session.stage.overlays.anomalies.counts[.unknownID], 50, "the banner counts every one")
    }

    func testNoFrameAfterTheLastUpIsSeenWhenTheNextEventComes() {
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 10, y: 10))
        d.frame()
        d.up(id: 1)
        XCTAssertTrue(kinds(d).isEmpty, "the frame may still come")
        d.down(id: 2, at: Point(x: 10, y: 10))
        d.frame()
        XCTAssertEqual(kinds(d), [.noFrameAfterLastUp])

        let fine = SessionDriver()
        fine.down(id: 1, at: Point(x: 10, y: 10))
        fine.frame()
        fine.up(id: 1)
        fine.frame()
        fine.down(id: 2, at: Point(x: 10, y: 10))
        fine.frame()
        XCTAssertTrue(kinds(fine).isEmpty)
    }

    func testNoFramesAtAllIsSaidOnce() {
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 10, y: 10))
        d.flush()
        for i in 1...10 {
            d.motion(id: 1, to: Point(x: 10 + Double(i), y: 10))
            d.flush()
        }
        XCTAssertEqual(kinds(d), [.noFrames])
    }

    func testFramePerEventIsToldFromOneFingerMoving() {
        // One finger moving while another rests: one event per frame, and nothing odd.
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 10, y: 10), time: 0)
        d.down(id: 2, at: Point(x: 90, y: 10), time: 0)
        d.frame()
        for i in 1...30 {
            d.motion(id: 1, to: Point(x: 10 + Double(i), y: 10), time: UInt32(i * 8))
            d.frame()
        }
        XCTAssertTrue(kinds(d).isEmpty)
        // Both moving, each reported at the same moment but in a frame of its own.
        for i in 31...40 {
            d.motion(id: 1, to: Point(x: 10 + Double(i), y: 10), time: UInt32(i * 8))
            d.frame()
            d.motion(id: 2, to: Point(x: 90 + Double(i), y: 10), time: UInt32(i * 8))
            d.frame()
        }
        XCTAssertEqual(kinds(d), [.framePerEvent])
    }

    func testCancelIsCountedButNotWarned() {
        let d = SessionDriver()
        d.down(id: 1, at: Point(x: 10, y: 10))
        d.frame()
        d.cancel()
        XCTAssertTrue(kinds(d).isEmpty)
        XCTAssertEqual(d.session.stage.overlays.anomalies.cancels, 1)
        XCTAssertEqual(d.session.stage.overlays.anomalies.lines, ["wl_touch.cancel (legal)  x1"])
    }
}
