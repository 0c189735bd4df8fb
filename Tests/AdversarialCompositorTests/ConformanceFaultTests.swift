import Conformance
import Foundation
import Harness
import TestCompositor
import ToolSupport
import XCTest

/// Each conformance check shown failing on a compositor that breaks it on purpose: the
/// in-process test compositor sends the faulty stream to the real touchspots, whose
/// libwayland traces what arrived (WAYLAND_DEBUG=client), and the judge reads that trace,
/// as a conformance run does (docs/conformance.md).
final class ConformanceFaultTests: XCTestCase {
    private var run: CompositorRun!
    private var tc: OpaquePointer { run.tc }

    private func start(_ name: String = #function, capabilities: UInt32 = CompositorRun.touch) throws {
        run = try CompositorRun(name: "conformance-\(name)", capabilities: capabilities, environment: ["WAYLAND_DEBUG": "client"])
    }

    override func tearDown() {
        run?.close()
        run = nil
    }

    /// Everything touchspots has received so far, as the judge reads it.
    private func received() -> [ReceivedEvent] {
        XCTAssertTrue(run.sync(), "touchspots answered the ping")
        return ReceivedEvent.parse(trace: (try? String(contentsOfFile: run.client.logPath, encoding: .utf8)) ?? "")
    }

    /// Plays each group with the compositor's own `send`, then keeps what arrived for it.
    private func play(_ groups: [(steps: [InjectedGroup.Step], send: () -> Void)]) -> [InjectedGroup] {
        var seen = received().count
        return groups.map { group in
            group.send()
            let events = received()
            defer { seen = events.count }
            return InjectedGroup(steps: group.steps, received: Array(events.dropFirst(seen)))
        }
    }

    private let twoDown: [InjectedGroup.Step] = [.down(id: 1, x: 300, y: 300), .down(id: 2, x: 600, y: 320)]
    private let twoMove: [InjectedGroup.Step] = [.motion(id: 1, x: 330, y: 310), .motion(id: 2, x: 560, y: 340)]
    private let twoUp: [InjectedGroup.Step] = [.up(id: 1), .up(id: 2)]

    func testNoFrameAtAll() throws {
        try start()
        let groups = play([
            (twoDown, { tc_touch_down(self.tc, 10, 1, 300, 300); tc_touch_down(self.tc, 10, 2, 600, 320) }),
            (twoMove, { tc_touch_motion(self.tc, 20, 1, 330, 310); tc_touch_motion(self.tc, 20, 2, 560, 340) }),
            (twoUp, { tc_touch_up(self.tc, 30, 1); tc_touch_up(self.tc, 30, 2) }),
        ])
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: false).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: true).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.surfaceLocal(.downSurfaceLocal, groups, context: "tc").verdict, .pass,
                       "the coordinates are right: only the frames are missing")
    }

    func testNoFrameAfterTheLastUpAndAGroupSplit() throws {
        try start()
        let groups = play([
            (twoDown, { tc_touch_down(self.tc, 10, 1, 300, 300); tc_touch_frame(self.tc)
                        tc_touch_down(self.tc, 10, 2, 600, 320); tc_touch_frame(self.tc) }),
            (twoMove, { tc_touch_motion(self.tc, 20, 1, 330, 310); tc_touch_motion(self.tc, 20, 2, 560, 340); tc_touch_frame(self.tc) }),
            (twoUp, { tc_touch_up(self.tc, 30, 1); tc_touch_up(self.tc, 30, 2) }),
        ])
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: false).verdict, .pass)
        XCTAssertEqual(TouchStreamJudge.frameAfterGroups(groups, lastUp: true).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.groupInOneFrame(groups).verdict, .differs)
    }

    func testAnIDReusedWhileDownAndMotionAfterUp() throws {
        try start()
        tc_touch_down(tc, 10, 1, 300, 300)
        tc_touch_frame(tc)
        tc_touch_down(tc, 11, 1, 400, 300)
        tc_touch_frame(tc)
        tc_touch_up(tc, 12, 1)
        tc_touch_frame(tc)
        tc_touch_motion(tc, 13, 1, 410, 300)
        tc_touch_frame(tc)
        let events = received()
        XCTAssertEqual(TouchStreamJudge.idsUniqueWhileActive(events).verdict, .fail)
        XCTAssertEqual(TouchStreamJudge.nothingAfterUp(events).verdict, .fail)
    }

    func testMotionToAnotherPlace() throws {
        try start()
        // Buffer pixels at scale 2 where surface-local logical pixels are due.
        let groups = play([
            ([.down(id: 1, x: 300, y: 200)], { tc_touch_down(self.tc, 10, 1, 600, 400); tc_touch_frame(self.tc) }),
            ([.up(id: 1)], { tc_touch_up(self.tc, 20, 1); tc_touch_frame(self.tc) }),
        ])
        let finding = TouchStreamJudge.surfaceLocal(.downSurfaceLocalScale2, groups, context: "tc")
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertTrue(finding.detail.contains("received 600.0,400.0"), finding.detail)
    }

    func testACancelFollowedByMotionAndTouchesThatNeverEnd() throws {
        try start()
        tc_touch_down(tc, 10, 1, 300, 300)
        tc_touch_frame(tc)
        tc_touch_cancel(tc)
        tc_touch_motion(tc, 20, 1, 310, 300)
        tc_touch_frame(tc)
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(received()).verdict, .fail, "a cancel followed by motion")
        run.close()

        try start("never-ended")
        tc_touch_down(tc, 10, 1, 300, 300)
        tc_touch_down(tc, 10, 2, 500, 300)
        tc_touch_frame(tc)
        XCTAssertEqual(TouchStreamJudge.cancelEndsEveryTouch(received()).verdict, .fail, "neither cancel nor up")
    }

    func testTimeGoingBackwards() throws {
        try start()
        tc_touch_down(tc, 1000, 1, 300, 300)
        tc_touch_frame(tc)
        tc_touch_motion(tc, 900, 1, 310, 300)
        tc_touch_frame(tc)
        tc_touch_up(tc, 950, 1)
        tc_touch_frame(tc)
        XCTAssertEqual(TouchStreamJudge.timesNeverGoBack(received()).verdict, .differs)
    }

    /// The seat loses touch with two fingers down and no end sent for them. (Events after
    /// the loss cannot be sent this way: the test compositor forgets its touches with the
    /// capability, and the judge's unit tests show that case failing.)
    func testTheSeatLosingTouchWithTouchesDown() throws {
        try start()
        let groups = play([
            (twoDown, { tc_touch_down(self.tc, 10, 1, 300, 300); tc_touch_down(self.tc, 10, 2, 600, 320); tc_touch_frame(self.tc) }),
            ([.touchCapability(false)], { tc_set_capabilities(self.tc, 0) }),
        ])
        let finding = TouchStreamJudge.touchCapabilityRemoved(groups)
        XCTAssertEqual(finding.verdict, .differs, finding.detail)
        XCTAssertTrue(finding.detail.hasPrefix("2 touch(es) left down"), finding.detail)
    }

    func testAShapeOfNoTouchAndAShapeWithNoFrame() throws {
        try start()
        tc_touch_shape(tc, 9, 12, 8)
        tc_touch_frame(tc)
        XCTAssertEqual(TouchStreamJudge.shapeAndOrientationInFrame(received()).verdict, .fail, "a shape of no touch")
        run.close()

        try start("shape-no-frame")
        tc_touch_down(tc, 10, 1, 300, 300)
        tc_touch_frame(tc)
        tc_touch_shape(tc, 1, 12, 8)
        let finding = TouchStreamJudge.shapeAndOrientationInFrame(received())
        XCTAssertEqual(finding.verdict, .fail, "a shape with no frame after it: \(finding.detail)")
    }

    func testAPenGroupWithNoFrame() throws {
        try start()
        XCTAssertTrue(run.sync())
        XCTAssertTrue(tc_tablet_add(tc))
        XCTAssertTrue(tc_tool_add(tc, false))
        let groups = play([
            ([.pen("tool-in pen 300 300")], { tc_tool_proximity_in(self.tc, 300, 300); tc_tool_frame(self.tc, 1) }),
            ([.pen("tool-tip pen down")], { tc_tool_tip(self.tc, true) }),  // and no frame
        ])
        let finding = TouchStreamJudge.tabletProximityDownFrame(groups)
        XCTAssertEqual(finding.verdict, .fail)
        XCTAssertTrue(finding.detail.contains("group 2 (tool-tip pen down) has no frame after it"), finding.detail)
    }

    func testASeatWithoutTouch() throws {
        try start(capabilities: CompositorRun.pointer)
        let events = received()
        XCTAssertTrue(events.contains { $0.kind == .capabilities(CompositorRun.pointer) }, "the seat said what it has")
        XCTAssertEqual(TouchStreamJudge.seatHasTouch(events).verdict, .fail)
    }

    // MARK: The surface rules, on the surface probe

    /// The probe (`touchspots-surface-probe`) on the test compositor, its three squares shown.
    private func startProbe(_ name: String = #function) throws {
        run = try CompositorRun(name: "conformance-\(name)", options: Int32(TC_SUBCOMPOSITOR.rawValue), configure: (1024, 640),
                                environment: ["WAYLAND_DEBUG": "client"], program: Products.surfaceProbe, arguments: ["--fullscreen"])
        try run.pump("the probe's three squares") { tc_subsurfaces_shown(self.tc) == 3 }
    }

    private var requests: SurfaceRequests {
        SurfaceRequests.parse(trace: (try? String(contentsOfFile: run.client.logPath, encoding: .utf8)) ?? "")
    }

    private let parent = SurfaceProbeLayout.parentPoint

    func testADownOnASubsurfaceNamingTheWindowInstead() throws {
        try startProbe()
        let kept = SurfaceProbeLayout.kept.middle
        // The test compositor's tc_touch_down names the toplevel whatever lies under the point.
        let groups = play([
            ([.down(id: 1, x: kept.x, y: kept.y)], { tc_touch_down(self.tc, 10, 1, kept.x, kept.y); tc_touch_frame(self.tc) }),
            ([.up(id: 1)], { tc_touch_up(self.tc, 11, 1); tc_touch_frame(self.tc) }),
        ])
        XCTAssertEqual(requests.subsurfaces.count, 3, "the probe made its three squares")
        let finding = TouchStreamJudge.downOnSubsurface(groups, requests: requests)
        XCTAssertEqual(finding.verdict, .fail, finding.detail)
        XCTAssertTrue(finding.detail.contains("named the window's surface"), finding.detail)
    }

    func testADownOnTheSubsurfaceAtItsOwnPointPasses() throws {
        try startProbe()
        let kept = SurfaceProbeLayout.kept.middle
        let groups = play([
            ([.down(id: 1, x: kept.x, y: kept.y)], { XCTAssertTrue(tc_touch_down_on_subsurface(self.tc, 0, 10, 1, 100, 75)); tc_touch_frame(self.tc) }),
            ([.up(id: 1)], { tc_touch_up(self.tc, 11, 1); tc_touch_frame(self.tc) }),
            ([.down(id: 2, x: parent.x, y: parent.y)], { tc_touch_down(self.tc, 12, 2, self.parent.x, self.parent.y); tc_touch_frame(self.tc) }),
            ([.up(id: 2)], { tc_touch_up(self.tc, 13, 2); tc_touch_frame(self.tc) }),
        ])
        let finding = TouchStreamJudge.downOnSubsurface(groups, requests: requests)
        XCTAssertEqual(finding.verdict, .pass, finding.detail)
        // Buffer-pixel or window coordinates on the subsurface fail.
        var shifted = groups
        shifted[0].received = shifted[0].received.map { event in
            guard case .down(let serial, let time, let surface, let id, _, _) = event.kind else { return event }
            return ReceivedEvent(kind: .down(serial: serial, time: time, surface: surface, id: id, x: kept.x, y: kept.y),
                                 object: event.object, line: event.line)
        }
        XCTAssertEqual(TouchStreamJudge.downOnSubsurface(shifted, requests: requests).verdict, .fail)
    }

    /// A finger on the probe's `square` (the n-th shown subsurface), which the probe drops
    /// as the down arrives; `afterwards` is what the compositor sends for it then.
    private func dropSquare(_ square: SurfaceProbeLayout.Square, index: Int32,
                            afterwards: (motion: () -> Void, up: () -> Void)) -> [InjectedGroup] {
        let at = square.middle
        return play([
            ([.down(id: 3, x: at.x, y: at.y)], {
                XCTAssertTrue(tc_touch_down_on_subsurface(self.tc, index, 10, 3, 100, 75)); tc_touch_frame(self.tc)
            }),
            ([.motion(id: 3, x: at.x + 20, y: at.y + 10)], afterwards.motion),
            ([.up(id: 3)], afterwards.up),
            ([.down(id: 4, x: parent.x, y: parent.y)], { tc_touch_down(self.tc, 20, 4, self.parent.x, self.parent.y); tc_touch_frame(self.tc) }),
            ([.up(id: 4)], { tc_touch_up(self.tc, 21, 4); tc_touch_frame(self.tc) }),
        ])
    }

    func testATouchWhoseSurfaceIsDestroyedNeverEnds() throws {
        try startProbe()
        // The compositor forgets the touch with its surface: no motion, no up.
        let groups = dropSquare(SurfaceProbeLayout.destroyed, index: 1, afterwards: (motion: {}, up: {}))
        XCTAssertEqual(requests.destroyed.count, 1, "the probe destroyed the square it was touched on")
        let finding = TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups, requests: requests)
        XCTAssertEqual(finding.verdict, .fail, finding.detail)
        XCTAssertTrue(finding.detail.contains("the next touch's down arrived"), finding.detail)
        XCTAssertTrue(finding.lines.contains { $0.contains(".down(") }, "the trace lines at fault")
    }

    func testATouchWhoseSurfaceIsUnmappedEndsAtTheLiftOrWithACancel() throws {
        try startProbe()
        let groups = dropSquare(SurfaceProbeLayout.unmapped, index: 2, afterwards: (
            motion: { tc_touch_motion(self.tc, 11, 3, 520, 185); tc_touch_frame(self.tc) },
            up: { tc_touch_up(self.tc, 12, 3); tc_touch_frame(self.tc) }))
        XCTAssertEqual(requests.unmapped.count, 1, "the probe unmapped the square it was touched on")
        let finding = TouchStreamJudge.touchEndsWithItsSurface(.surfaceUnmappedEndsTouch, groups, requests: requests)
        XCTAssertEqual(finding.verdict, .pass, finding.detail)
        XCTAssertTrue(finding.detail.contains("when the finger lifted"), finding.detail)
        // The unmapped check never counts a destroyed surface, nor the destroyed one an unmapped.
        XCTAssertEqual(TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups, requests: requests).verdict,
                       .untestable)
    }

    func testATouchCancelledWhenItsSurfaceIsDestroyed() throws {
        try startProbe()
        let groups = dropSquare(SurfaceProbeLayout.destroyed, index: 1, afterwards: (motion: { tc_touch_cancel(self.tc) }, up: {}))
        let finding = TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups, requests: requests)
        XCTAssertEqual(finding.verdict, .pass, finding.detail)
        XCTAssertTrue(finding.detail.contains("wl_touch.cancel"), finding.detail)
    }
}
