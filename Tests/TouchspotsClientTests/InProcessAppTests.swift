import EventLogFormat
import Foundation
import Glibc
import TestCompositor
@testable import TouchspotsClient
import WaylandClient
import XCTest

/// The client's wiring (`App`) run in this process against the in-process test
/// compositor: a touch reaches the log and the window's buffer, and the app ends with an
/// error when the compositor goes away. What real compositors do is the end-to-end
/// tests'; these find a wiring mistake without a child process or a headless compositor.
final class InProcessAppTests: XCTestCase {
    func testATouchIsLoggedAndDrawnAndTheAppEndsWhenTheCompositorGoes() throws {
        let run = try InProcessRun()
        defer { run.close() }
        try run.pump("the window to map") { tc_has_mapped_toplevel(run.tc) }
        let before = try XCTUnwrap(run.pixel(x: 200, y: 200), "the window shows a buffer")

        let commits = tc_commits(run.tc)
        tc_touch_down(run.tc, 10, 1, 200, 200)
        tc_touch_frame(run.tc)
        try run.pump("a commit after the touch") { tc_commits(run.tc) > commits }
        XCTAssertTrue(tc_sync(run.tc, 5000), "the app answers pings")
        let under = try XCTUnwrap(run.pixel(x: 200, y: 200))
        XCTAssertNotEqual(under, before, "the spot is drawn under the finger")

        tc_touch_up(run.tc, 20, 1)
        tc_touch_frame(run.tc)
        XCTAssertTrue(tc_sync(run.tc, 5000))
        tc_disconnect_clients(run.tc)
        let ended = try XCTUnwrap(run.waitForEnd(seconds: 10), "the app ends once the compositor is gone")
        XCTAssertNotNil(ended.error, "a compositor going away is an error for the app (status 1)")

        let lines = try String(contentsOfFile: run.logPath, encoding: .utf8)
            .split(separator: "\n").map { try LogLine(json: String($0)) }
        let frames = lines.compactMap(\.frame)
        // The presenter tells the app of its first commit once (`SurfacePresenter.Owner`),
        // before any touch: one `ready` line, ahead of the frames.
        let ready = lines.indices.filter { if case .ready = lines[$0] { true } else { false } }
        XCTAssertEqual(ready.count, 1, "one ready line")
        let firstFrame = lines.firstIndex { if case .frame = $0 { true } else { false } }
        XCTAssertLessThan(ready.first ?? .max, firstFrame ?? -1, "the ready line before the first frame")
        XCTAssertEqual(frames.flatMap(\.phases), ["1 began", "1 ended"])
        XCTAssertEqual(frames.first?.entry(id: 1).map { [$0.location.x, $0.location.y] }, [200, 200])
    }

    /// Where the compositor has wl_subcompositor, every spot is a subsurface of its own
    /// (`LayerPresenter`): centred on its finger, moved with it, gone after the lift.
    /// Fullscreen, so libdecor (whose frame would add subsurfaces) is not loaded.
    func testEverySpotIsALayerCentredOnItsFinger() throws {
        let run = try InProcessRun(compositorOptions: Int32(TC_SUBCOMPOSITOR.rawValue), fullscreen: true)
        defer { run.close() }
        try run.pump("the window to map") { tc_has_mapped_toplevel(run.tc) }
        let fingers: [(Int32, Double, Double)] = [(1, 100, 100), (2, 300, 150), (3, 200, 250)]
        for (id, x, y) in fingers { tc_touch_down(run.tc, 10, id, x, y) }
        tc_touch_frame(run.tc)
        try run.pump("three spot layers") { tc_subsurfaces_shown(run.tc) == 3 }
        XCTAssertTrue(tc_sync(run.tc, 5000))
        XCTAssertEqual(run.layerCentres(), [[100, 100], [200, 250], [300, 150]], "one layer centred on each finger")

        tc_touch_motion(run.tc, 20, 1, 150, 120)
        tc_touch_frame(run.tc)
        try run.pump("the first finger's layer to follow it") { run.layerCentres().contains([150, 120]) }
        XCTAssertEqual(run.layerCentres(), [[150, 120], [200, 250], [300, 150]], "only the moved finger's layer moved")

        for (id, _, _) in fingers { tc_touch_up(run.tc, 30, id) }
        tc_touch_frame(run.tc)
        try run.pump("the layers to go after the lift") { tc_subsurfaces_shown(run.tc) == 0 }
    }

    /// Ten fingers landing: each spot grows over 0.2 s, a redraw per frame callback, into
    /// the buffers its layer already has (`View.layerExtent`): at most a layer's three
    /// buffers each, where a buffer per step made about a hundred (issue 40).
    func testALandingsGrowthMakesNoBufferPerStep() throws {
        let run = try InProcessRun(compositorOptions: Int32(TC_SUBCOMPOSITOR.rawValue), fullscreen: true)
        defer { run.close() }
        try run.pump("the window to map") { tc_has_mapped_toplevel(run.tc) }
        XCTAssertTrue(tc_sync(run.tc, 5000))
        let buffers = tc_buffers_created(run.tc), commits = tc_commits(run.tc)
        for id in Int32(1)...10 { tc_touch_down(run.tc, 10, id, Double(40 * id), Double(30 + 20 * id)) }
        tc_touch_frame(run.tc)
        try run.pump("ten spot layers") { tc_subsurfaces_shown(run.tc) == 10 }
        try run.pumpUntilQuiet()
        let steps = tc_commits(run.tc) - commits
        let made = tc_buffers_created(run.tc) - buffers
        XCTAssertGreaterThanOrEqual(steps, 3, "the growth was drawn in steps")
        XCTAssertLessThanOrEqual(made, 30, "\(made) wl_buffers for ten spots over \(steps) commits")
        for (x, y, width, height) in run.layers() {
            XCTAssertEqual([width, height], [100, 100], "a grown spot's layer at \(x), \(y)")
        }
    }

    /// A layer buffer that showed a grown spot, reused for the next finger's first step:
    /// only the new disc shows, the old one's pixels are cleared (`ViewRenderer` clears
    /// what the buffer last drew, not the whole buffer). Frame callbacks are held, so the
    /// new spot stays at its first step.
    func testAReusedLayerShowsNoneOfTheSpotBefore() throws {
        let run = try InProcessRun(compositorOptions: Int32(TC_SUBCOMPOSITOR.rawValue), fullscreen: true)
        defer { run.close() }
        try run.pump("the window to map") { tc_has_mapped_toplevel(run.tc) }
        tc_touch_down(run.tc, 10, 1, 200, 200)
        tc_touch_frame(run.tc)
        try run.pump("a spot layer") { tc_subsurfaces_shown(run.tc) == 1 }
        try run.pumpUntilQuiet()
        XCTAssertGreaterThan(run.layerPixel(x: 50, y: 20) >> 24, 0, "the grown disc covers its layer")
        tc_touch_up(run.tc, 20, 1)
        tc_touch_frame(run.tc)
        try run.pump("the layer to go") { tc_subsurfaces_shown(run.tc) == 0 }
        try run.pumpUntilQuiet()

        tc_hold_frame_callbacks(run.tc, true)
        tc_touch_down(run.tc, 30, 2, 300, 250)
        tc_touch_frame(run.tc)
        try run.pump("the next spot's layer") { tc_subsurfaces_shown(run.tc) == 1 }
        XCTAssertEqual(run.layers().map { [$0.width, $0.height] }, [[100, 100]], "the full disc's buffer from the first step")
        for (x, y) in [(50, 20), (20, 50), (80, 50), (50, 80), (30, 30)] {
            XCTAssertEqual(run.layerPixel(x: Int32(x), y: Int32(y)) >> 24, 0, "transparent at \(x), \(y): nothing of the spot before")
        }
        XCTAssertGreaterThan(run.layerPixel(x: 50, y: 50) >> 24, 0, "the new spot's first step at the centre")
        tc_hold_frame_callbacks(run.tc, false)
    }

    func testAnEventLogThatCannotBeOpenedIsAUsageError() throws {
        let run = try InProcessRun(logPath: "/nonexistent-folder/events.jsonl")
        defer { run.close() }
        let ended = try XCTUnwrap(run.waitForEnd(seconds: 10, pumping: true))
        XCTAssertTrue(ended.error is UsageError, "\(String(describing: ended.error))")
        XCTAssertTrue("\(ended.error!)".contains("cannot open the event log"), "\(ended.error!)")
    }
}

/// One test compositor in this process and an `App` connected to it on a thread of its
/// own (its loop blocks; the compositor runs on the test's thread, dispatched by `pump`).
final class InProcessRun: @unchecked Sendable {
    let tc: OpaquePointer
    let runtime: String
    let logPath: String
    private let lock = NSLock()
    private var result: (error: Error?, ended: Bool) = (nil, false)
    private let done = DispatchSemaphore(value: 0)

    init(logPath: String? = nil, compositorOptions: Int32 = 0, fullscreen: Bool = false) throws {
        var template = Array("/tmp/touchspots-inproc-XXXXXX".utf8CString)
        runtime = String(cString: mkdtemp(&template)!)
        guard let tc = tc_create(runtime, "tc-0", compositorOptions) else { throw UsageError("cannot listen on \(runtime)/tc-0") }
        self.tc = tc
        tc_set_capabilities(tc, UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue))
        self.logPath = logPath ?? "\(runtime)/events.jsonl"
        var options = AppOptions()
        options.displayName = "\(runtime)/tc-0"  // an absolute path: no $XDG_RUNTIME_DIR needed
        options.eventLogPath = self.logPath
        options.size = .init(width: 400, height: 300)
        options.fullscreen = fullscreen
        let thread = Thread { [self, options] in
            var error: Error?
            do { try App(options: options).run() } catch let failure { error = failure }
            lock.withLock { result = (error, true) }
            done.signal()
        }
        thread.start()
    }

    /// Runs the compositor until `condition` holds.
    func pump(_ what: String, timeout: Double = 10, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw UsageError("timed out waiting for \(what)") }
            if lock.withLock({ result.ended }) && !condition() {
                throw UsageError("the app ended while waiting for \(what): \(String(describing: lock.withLock { result.error }))")
            }
            tc_dispatch(tc, 50)
        }
    }

    /// The app's end, once its thread returned (nil after `seconds`); the compositor is
    /// dispatched meanwhile when `pumping`, for an app still starting.
    func waitForEnd(seconds: Double, pumping: Bool = false) -> (error: Error?, ended: Bool)? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if pumping { tc_dispatch(tc, 20) }
            if done.wait(timeout: .now() + .milliseconds(pumping ? 0 : 100)) == .success {
                done.signal()
                return lock.withLock { result }
            }
        }
        return nil
    }

    func pixel(x: Int32, y: Int32) -> UInt32? {
        var argb: UInt32 = 0
        return tc_pixel(tc, x, y, &argb) ? argb : nil
    }

    /// Every subsurface shown: its position and size.
    func layers() -> [(x: Int32, y: Int32, width: Int32, height: Int32)] {
        (0..<tc_subsurfaces_shown(tc)).compactMap { n in
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            guard tc_subsurface(tc, n, &x, &y, &width, &height) else { return nil }
            return (x, y, width, height)
        }
    }

    /// The first shown subsurface's pixel (ARGB; 0 when there is none).
    func layerPixel(x: Int32, y: Int32) -> UInt32 {
        var argb: UInt32 = 0
        return tc_subsurface_pixel(tc, 0, x, y, &argb) ? argb : 0
    }

    /// The centre of every subsurface shown, rounded to whole pixels, sorted.
    func layerCentres() -> [[Double]] {
        layers().map { [(Double($0.x) + Double($0.width) / 2).rounded(), (Double($0.y) + Double($0.height) / 2).rounded()] }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Runs the compositor until the app has made no commit for half a second (an
    /// animation ended: idle means idle), at most `timeout` seconds.
    func pumpUntilQuiet(timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = tc_commits(tc), quietSince = Date()
        while Date().timeIntervalSince(quietSince) < 0.5 {
            guard Date() < deadline else { throw UsageError("the app kept committing for \(timeout) s") }
            tc_dispatch(tc, 50)
            if tc_commits(tc) != last { last = tc_commits(tc); quietSince = Date() }
        }
    }

    func close() {
        tc_disconnect_clients(tc)
        _ = waitForEnd(seconds: 10, pumping: true)
        tc_destroy(tc)
        try? FileManager.default.removeItem(atPath: runtime)
    }
}
