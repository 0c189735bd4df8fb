@testable import TouchCore
import XCTest

/// Every frame-assembly rule (docs/compositor-quirks.md, docs/event-log.md), fed as raw
/// wl_touch events through the session's front door.
final class TouchFrameAssemblerTests: XCTestCase {
    private var assembler: SessionDriver!
    private var frames: [TouchFrame] { assembler.frames }
    private var warnings: [String] { assembler.warnings }

    override func setUp() {
        assembler = SessionDriver()
    }

    private func summary(_ frame: TouchFrame) -> [String] {
        frame.touches.map { "\($0.id) \($0.phase.rawValue) \($0.location.x),\($0.location.y)" }
    }

    func testEventsBetweenFramesFormOneFrame() {
        assembler.down(id: 1, at: Point(x: 10, y: 20), time: 100)
        assembler.down(id: 2, at: Point(x: 30, y: 40), time: 100)
        XCTAssertTrue(frames.isEmpty, "nothing is delivered before wl_touch.frame")
        assembler.frame()
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(summary(frames[0]), ["1 began 10.0,20.0", "2 began 30.0,40.0"])
        XCTAssertEqual(frames[0].time, 100)
        XCTAssertEqual(frames[0].activeTouches.map(\.id), [1, 2])
    }

    func testSecondMotionOfAFingerBeforeAFrameStartsANewFrame() {
        // A frame-less compositor (cage): every motion still reaches the core in order.
        assembler.down(id: 1, at: Point(x: 0, y: 0), time: 1)
        assembler.down(id: 2, at: Point(x: 50, y: 0), time: 1)
        assembler.frame()
        assembler.motion(id: 1, to: Point(x: 5, y: 0), time: 2)
        assembler.motion(id: 2, to: Point(x: 55, y: 0), time: 2)
        assembler.motion(id: 1, to: Point(x: 9, y: 1), time: 3)
        assembler.frame()
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(summary(frames[1]), ["1 moved 5.0,0.0", "2 moved 55.0,0.0"])
        XCTAssertEqual(summary(frames[2]), ["1 moved 9.0,1.0"])
        XCTAssertEqual(frames[2].touches[0].previousLocation, Point(x: 5, y: 0))
        XCTAssertEqual(frames[2].time, 3)
    }

    func testMotionAfterDownInTheSameFrameStaysBeganAtTheNewPosition() {
        assembler.down(id: 4, at: Point(x: 1, y: 1), time: 1)
        assembler.motion(id: 4, to: Point(x: 2, y: 3), time: 2)
        assembler.frame()
        XCTAssertEqual(summary(frames[0]), ["4 began 2.0,3.0"])
    }

    func testSecondMotionAfterADownBeforeAFrameStartsANewFrame() {
        // cage, fingers that go down and move within one read: the began entry takes the
        // first motion only, so a pinch keeps the distances it went through.
        assembler.down(id: 1, at: Point(x: 450, y: 0), time: 1)
        assembler.motion(id: 1, to: Point(x: 440, y: 0), time: 2)
        assembler.motion(id: 1, to: Point(x: 430, y: 0), time: 3)
        assembler.motion(id: 1, to: Point(x: 420, y: 0), time: 4)
        assembler.flush()
        XCTAssertEqual(frames.map(summary), [["1 began 440.0,0.0"], ["1 moved 430.0,0.0"], ["1 moved 420.0,0.0"]])
    }

    func testDownAndUpInsideOneFrameGiveBeganThenEnded() {
        assembler.down(id: 1, at: Point(x: 0, y: 0), time: 1)
        assembler.down(id: 2, at: Point(x: 50, y: 50), time: 1)
        assembler.frame()
        assembler.clearEvents()
        assembler.down(id: 3, at: Point(x: 7, y: 8), time: 2)
        assembler.up(id: 3, time: 2)
        assembler.frame()
        XCTAssertEqual(summary(frames[0]), ["3 began 7.0,8.0", "3 ended 7.0,8.0"])
    }

    func testUpTakesTheLastKnownPosition() {
        assembler.down(id: 1, at: Point(x: 0, y: 0), time: 1)
        assembler.down(id: 2, at: Point(x: 100, y: 0), time: 1)
        assembler.frame()
        assembler.motion(id: 1, to: Point(x: 12.5, y: 7.25), time: 2)
        assembler.frame()
        assembler.up(id: 1, time: 3)
        assembler.frame()
        XCTAssertEqual(summary(frames.last!), ["1 ended 12.5,7.25"])
    }

    func testLastUpWithoutFrameIsFlushedAtOnce() {
        // mutter and weston < 12 send no frame after the last up.
        assembler.down(id: 1, at: Point(x: 3, y: 4), time: 1)
        assembler.frame()
        assembler.up(id: 1, time: 2)
        XCTAssertEqual(frames.count, 2, "the group is flushed when no touch remains active")
        XCTAssertEqual(summary(frames[1]), ["1 ended 3.0,4.0"])
        assembler.frame()
        XCTAssertEqual(frames.count, 2, "a late frame with nothing pending delivers nothing")
    }

    func testUpOfOneOfSeveralTouchesWaitsForTheFrame() {
        assembler.down(id: 1, at: .zero, time: 1)
        assembler.down(id: 2, at: .zero, time: 1)
        assembler.frame()
        assembler.up(id: 1, time: 2)
        XCTAssertEqual(frames.count, 1, "touch 2 is still down: wait for the frame")
        assembler.frame()
        XCTAssertEqual(frames.count, 2)
    }

    func testPendingGroupCanBeFlushedWithoutAFrame() {
        // cage never sends wl_touch.frame; the client flushes after each dispatch.
        assembler.down(id: 1, at: Point(x: 1, y: 2), time: 1)
        XCTAssertTrue(assembler.session.touchscreens.hasPendingFrame(on: assembler.device))
        assembler.flush()
        XCTAssertEqual(summary(frames[0]), ["1 began 1.0,2.0"])
        assembler.motion(id: 1, to: Point(x: 3, y: 4), time: 2)
        assembler.flush()
        XCTAssertEqual(summary(frames[1]), ["1 moved 3.0,4.0"])
        assembler.flush()
        XCTAssertEqual(frames.count, 2, "an empty group is not a frame")
    }

    func testCancelEndsEveryActiveTouchIncludingOnesBeganInThisGroup() {
        assembler.down(id: 1, at: Point(x: 1, y: 1), time: 1)
        assembler.down(id: 2, at: Point(x: 2, y: 2), time: 1)
        assembler.frame()
        assembler.down(id: 3, at: Point(x: 3, y: 3), time: 5)
        assembler.cancel()
        XCTAssertEqual(summary(frames[1]),
                       ["3 began 3.0,3.0", "1 cancelled 1.0,1.0", "2 cancelled 2.0,2.0",
                        "3 cancelled 3.0,3.0"])
        XCTAssertEqual(frames[1].time, 5)
        XCTAssertTrue(frames[1].activeTouches.isEmpty)
        XCTAssertTrue(assembler.session.touchscreens.activeIDs(on: assembler.device).isEmpty)
        assembler.up(id: 1, time: 6)
        XCTAssertEqual(warnings.count, 1, "no up follows a cancel; a stray one is reported")
    }

    func testDownForAnActiveIDCancelsTheOldTouchFirst() {
        assembler.down(id: 7, at: Point(x: 1, y: 1), time: 1)
        assembler.frame()
        assembler.down(id: 7, at: Point(x: 9, y: 9), time: 2)
        assembler.frame()
        XCTAssertEqual(summary(frames[1]), ["7 cancelled 1.0,1.0", "7 began 9.0,9.0"])
        XCTAssertNotEqual(frames[1].touches[0].finger, frames[1].touches[1].finger)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(assembler.session.touchscreens.activeIDs(on: assembler.device), [7])
    }

    func testIDsAreAnyInt32AndReusedAfterUp() {
        for id in [Int32.min, -1, 288, Int32.max] {
            assembler.down(id: id, at: Point(x: 1, y: 1), time: 1)
        }
        assembler.frame()
        XCTAssertEqual(Set(frames[0].touches.map(\.id)), [Int32.min, -1, 288, Int32.max])
        for id in [Int32.min, -1, 288, Int32.max] { assembler.up(id: id, time: 2) }
        assembler.frame()
        assembler.down(id: 288, at: Point(x: 5, y: 5), time: 3)
        assembler.frame()
        XCTAssertEqual(summary(frames.last!), ["288 began 5.0,5.0"])
        XCTAssertTrue(warnings.isEmpty)
    }

    func testMotionOrUpForAnUnknownIDIsIgnoredWithAWarning() {
        assembler.motion(id: 3, to: Point(x: 1, y: 1), time: 1)
        assembler.up(id: 4, time: 1)
        assembler.frame()
        XCTAssertTrue(frames.isEmpty)
        XCTAssertEqual(warnings.count, 2)
        XCTAssertTrue(warnings[0].contains("3"))
    }

    func testNegativeAndOutsideCoordinatesAreKept() {
        assembler.down(id: 1, at: Point(x: -20.5, y: 5000), time: 1)
        assembler.frame()
        XCTAssertEqual(frames[0].touches[0].location, Point(x: -20.5, y: 5000))
    }

    func testShapeAndOrientationAreKept() {
        assembler.down(id: 1, at: .zero, time: 1)
        assembler.shape(id: 1, major: 12, minor: 8)
        assembler.orientation(id: 1, degrees: 30)
        assembler.frame()
        XCTAssertEqual(frames[0].touches[0].major, 12)
        XCTAssertEqual(frames[0].touches[0].minor, 8)
        XCTAssertEqual(frames[0].touches[0].orientation, 30)
        assembler.motion(id: 1, to: Point(x: 1, y: 1), time: 2)
        assembler.frame()
        XCTAssertEqual(frames[1].touches[0].major, 12, "shape stays with the touch")
        assembler.shape(id: 9, major: 1, minor: 1)
        XCTAssertEqual(warnings.count, 1)
    }

    /// Frames are assembled per device: two seats' touches never share an id space, and
    /// one device's frame does not carry the other's pending events.
    func testTwoDevicesKeepTheirOwnIDsAndFrames() {
        let other = assembler.session.touchscreens.add()
        assembler.down(id: 1, at: Point(x: 10, y: 10), time: 1)
        assembler.session.touchscreens.down(other, id: 1, at: Point(x: 500, y: 10), time: 1)
        assembler.frame()
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(summary(frames[0]), ["1 began 10.0,10.0"], "only this device's group")
        XCTAssertTrue(warnings.isEmpty, "the same id on another device is no duplicate down")
        assembler.session.touchscreens.frame(other)
        XCTAssertEqual(frames.count, 2)
        XCTAssertEqual(frames[1].device, other)
        XCTAssertNotEqual(frames[0].touches[0].finger, frames[1].touches[0].finger)
        XCTAssertEqual(assembler.spotCounts, [1, 2])
        assembler.session.touchscreens.remove(other)
        XCTAssertEqual(summary(frames[2]), ["1 cancelled 500.0,10.0"], "a device that goes cancels its touches")
        XCTAssertEqual(assembler.session.touchscreens.activeIDs(on: assembler.device), [1])
    }

    /// 20,000 motions for a touch that is not down: a warning a second (with the count
    /// held back), not 20,000; another id still gets its own.
    func testRepeatedWarningsAreRateLimitedPerMessage() {
        for step in 0..<20_000 {
            assembler.clock.advance(by: 0.0001)  // two seconds in all
            assembler.motion(id: 5, to: Point(x: Double(step), y: 0))
        }
        assembler.motion(id: 6, to: .zero)
        let about5 = warnings.filter { $0.contains("touch 5") }
        XCTAssertLessThanOrEqual(about5.count, 3, "\(about5)")
        XCTAssertTrue(about5.dropFirst().allSatisfy { $0.contains("more like it in the second before") }, "\(about5)")
        XCTAssertEqual(warnings.filter { $0.contains("touch 6") }.count, 1)
    }
}
