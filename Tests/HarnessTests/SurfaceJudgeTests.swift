import Conformance
import XCTest

/// The surface rules judged on traces in libwayland 1.21's own words: the requests
/// `touchspots-surface-probe` makes (its squares, a destroy, an unmap) and what came back,
/// lines taken from the probe's runs on weston 10 and mutter 43 (docs/conformance.md).
final class SurfaceJudgeTests: XCTestCase {
    /// The probe's squares as weston 10's run traced them.
    let layout = """
        [4134434.028]  -> wl_seat@12.get_touch(new id wl_touch@13)
        [4134440.134]  -> wl_subcompositor@5.get_subsurface(new id wl_subsurface@23, wl_surface@22, wl_surface@3)
        [4134440.152]  -> wl_subsurface@23.set_position(100, 100)
        [4134440.558]  -> wl_subcompositor@5.get_subsurface(new id wl_subsurface@28, wl_surface@27, wl_surface@3)
        [4134440.562]  -> wl_subsurface@28.set_position(400, 100)
        [4134440.849]  -> wl_subcompositor@5.get_subsurface(new id wl_subsurface@33, wl_surface@32, wl_surface@3)
        [4134440.853]  -> wl_subsurface@33.set_position(700, 100)
        """

    func groups(_ trace: String, steps: [[InjectedGroup.Step]]) -> [InjectedGroup] {
        // One group per blank-line-separated block of event lines.
        let blocks = trace.components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.count, steps.count)
        return zip(steps, blocks).map { InjectedGroup(steps: $0, received: ReceivedEvent.parse(trace: $1)) }
    }

    let destroyedSteps: [[InjectedGroup.Step]] = [
        [.down(id: 3, x: 500, y: 175)], [.motion(id: 3, x: 520, y: 185)], [.up(id: 3)],
        [.down(id: 4, x: 500, y: 420)], [.up(id: 4)],
    ]

    func testTheProbesRequestsParse() {
        let requests = SurfaceRequests.parse(trace: layout + """

            [4134536.394]  -> wl_subsurface@28.destroy()
            [4134536.467]  -> wl_surface@27.destroy()
            [4144641.502]  -> wl_surface@32.attach(nil, 0, 0)
            [4144641.600]  -> wl_surface@3.attach(wl_buffer@20, 0, 0)
            [4144641.700] wl_seat@12.name("-> wl_surface@22.destroy()")
            [4144641.800] {probe queue}  -> wl_surface@40.destroy()
            """)
        XCTAssertEqual(requests.subsurfaces.map(\.surface), ["wl_surface@22", "wl_surface@27", "wl_surface@32"])
        XCTAssertEqual(requests.subsurface(at: SurfaceProbeLayout.kept)?.parent, "wl_surface@3")
        XCTAssertEqual(requests.subsurface(at: SurfaceProbeLayout.unmapped)?.surface, "wl_surface@32")
        XCTAssertEqual(requests.destroyed, ["wl_surface@27", "wl_surface@40"],
                       "an event's string holding an arrow is no request; a queue's name before one is")
        XCTAssertEqual(requests.unmapped, ["wl_surface@32"], "a buffer attached is not an unmap")
        XCTAssertNil(SurfaceRequests.parse(trace: "[1.0] wl_touch@13.frame()").subsurface(at: SurfaceProbeLayout.kept))
    }

    func testWestonNeverEndingATouchWhoseSurfaceIsDestroyed() {
        let requests = SurfaceRequests.parse(trace: layout + "\n[4134536.467]  -> wl_surface@27.destroy()")
        let found = TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups("""
            [4134536.373] wl_touch@13.down(27, 12059755, wl_surface@27, 3, 100.00000000, 75.00000000)
            [4134536.473] wl_touch@13.frame()

            [4134537.000] wl_seat@12.name("default")

            [4134538.000] wl_seat@12.name("default")

            [4144610.884] wl_touch@13.down(41, 12069830, wl_surface@3, 4, 500.00000000, 420.00000000)
            [4144610.900] wl_touch@13.frame()

            [4144618.821] wl_touch@13.up(47, 12069838, 4)
            """, steps: destroyedSteps), requests: requests)
        XCTAssertEqual(found.verdict, .fail, found.detail)
        XCTAssertEqual(found.lines.count, 3, "the down, its frame and the next touch's down: \(found.lines)")
        XCTAssertFalse(found.detail.contains("reused"), found.detail)
    }

    func testMutterReusingTheIDOfATouchThatNeverEnded() {
        let requests = SurfaceRequests.parse(trace: layout + "\n[4232639.349]  -> wl_surface@27.destroy()")
        let found = TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups("""
            [4232639.276] wl_touch@14.down(8, 12157858, wl_surface@27, 288, 100.00000000, 75.00000000)

            [1.0] wl_seat@12.name("default")

            [1.0] wl_seat@12.name("default")

            [4242750.327] wl_touch@14.down(9, 12167969, wl_surface@3, 288, 500.00000000, 420.00000000)

            [4242754.105] wl_touch@14.up(10, 12167973, 288)
            """, steps: destroyedSteps), requests: requests)
        XCTAssertEqual(found.verdict, .fail, found.detail)
        XCTAssertTrue(found.detail.contains("reused id 288"), found.detail)
        XCTAssertTrue(found.lines.last?.contains("wl_surface@3, 288") ?? false, "\(found.lines)")
    }

    func testAnUpAfterAnUnmapPassesAndNothingAtAllFails() {
        let requests = SurfaceRequests.parse(trace: layout + "\n[1.0]  -> wl_surface@32.attach(nil, 0, 0)")
        let steps: [[InjectedGroup.Step]] = [[.down(id: 5, x: 800, y: 175)], [.motion(id: 5, x: 820, y: 185)], [.up(id: 5)],
                                             [.down(id: 6, x: 500, y: 420)], [.up(id: 6)]]
        let passed = TouchStreamJudge.touchEndsWithItsSurface(.surfaceUnmappedEndsTouch, groups("""
            [1.0] wl_touch@13.down(52, 100, wl_surface@32, 5, 100.00000000, 75.00000000)

            [1.1] wl_touch@13.motion(110, 5, 120.00000000, 85.00000000)

            [1.2] wl_touch@13.up(53, 120, 5)

            [1.3] wl_touch@13.down(54, 130, wl_surface@3, 6, 500.00000000, 420.00000000)

            [1.4] wl_touch@13.up(55, 140, 6)
            """, steps: steps), requests: requests)
        XCTAssertEqual(passed.verdict, .pass, passed.detail)
        XCTAssertTrue(passed.detail.contains("when the finger lifted (1 motion(s) came after the surface was unmapped)"), passed.detail)

        let silent = TouchStreamJudge.touchEndsWithItsSurface(.surfaceUnmappedEndsTouch, groups("""
            [1.0] wl_touch@13.down(52, 100, wl_surface@32, 5, 100.00000000, 75.00000000)

            [2.0] wl_seat@12.name("a")

            [2.0] wl_seat@12.name("a")

            [2.0] wl_seat@12.name("a")

            [2.0] wl_seat@12.name("a")
            """, steps: steps), requests: requests)
        XCTAssertEqual(silent.verdict, .fail, silent.detail)
        XCTAssertTrue(silent.detail.contains("not even the next touch's down"), silent.detail)
    }

    func testADownOnTheWindowInsteadOfTheSquareTestsNothing() {
        let requests = SurfaceRequests.parse(trace: layout)
        let found = TouchStreamJudge.touchEndsWithItsSurface(.surfaceDestroyedEndsTouch, groups("""
            [1.0] wl_touch@13.down(27, 100, wl_surface@3, 3, 500.00000000, 175.00000000)

            [1.1] wl_touch@13.motion(110, 3, 520.00000000, 185.00000000)

            [1.2] wl_touch@13.up(28, 120, 3)

            [1.3] wl_touch@13.down(29, 130, wl_surface@3, 4, 500.00000000, 420.00000000)

            [1.4] wl_touch@13.up(30, 140, 4)
            """, steps: destroyedSteps), requests: requests)
        XCTAssertEqual(found.verdict, .untestable, found.detail)
        let subsurface = TouchStreamJudge.downOnSubsurface(
            [InjectedGroup(steps: [.down(id: 1, x: 200, y: 175)],
                           received: ReceivedEvent.parse(trace: "[1.0] wl_touch@13.down(27, 100, wl_surface@3, 1, 200.00000000, 175.00000000)"))],
            requests: requests)
        XCTAssertEqual(subsurface.verdict, .fail)
        XCTAssertEqual(subsurface.detail, "a touch at 200,175 on the subsurface wl_surface@22 named the window's surface wl_surface@3 instead")
    }
}
