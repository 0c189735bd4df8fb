import Foundation
import Glibc
import Harness
import TestCompositor
import EventLogFormat
import ToolSupport
import TouchRobot
import TouchCore
import XCTest

/// The real touchspots against an in-process compositor that sends what real compositors
/// will not: repeated and withdrawn capabilities, duplicate downs, unknown ids, no frames
/// at all, protocol errors, a sudden disconnect, a missing global.
final class AdversarialCompositorTests: XCTestCase {
    private var run: CompositorRun!
    private var tc: OpaquePointer { run.tc }
    private var client: ChildProcess { run.client }
    private var log: EventLogReader { run.log }
    private let touch = CompositorRun.touch

    private func start(options: Int32 = 0, capabilities: UInt32? = nil, scale120: UInt32 = 0,
                       output: Int32? = nil, configure: (Int32, Int32)? = nil,
                       seatName: String? = nil, waitForWindow: Bool = true) throws {
        run = try CompositorRun(name: name, options: options, capabilities: capabilities ?? touch,
                                scale120: scale120, output: output, configure: configure,
                                seatName: seatName, waitForWindow: waitForWindow)
    }

    override func tearDown() {
        if let run {
            run.close()
        }
        if let run, FileManager.default.fileExists(atPath: run.log.path) {
            // Whatever the compositor sent, every line written follows the schema.
            let result = try? EventLogSchema.validate([run.log.path])
            XCTAssertEqual(result?.status, 0, "event log lines the schema rejects:\n\(result?.output ?? "")")
        }
        run = nil
        super.tearDown()
    }

    private func pump(_ what: String, until condition: () -> Bool) throws {
        try run.pump(what, until: condition)
    }

    /// Returns once touchspots has handled everything sent (xdg_wm_base ping/pong).
    private func sync() {
        XCTAssertTrue(run.sync(), "touchspots answered the ping")
    }

    private func frames() throws -> [TouchFrame] { try log.frames() }
    private func spots() throws -> [Int] { try log.spots() }

    private func phases(_ frame: TouchFrame) -> [String] {
        frame.phases
    }

    // MARK: Capabilities

    func testOneTouchPerSeatWhateverTheCapabilityEventsSay() throws {
        try start(capabilities: 0)
        sync()
        XCTAssertEqual(tc_touches_created(tc), 0, "no touch capability, no wl_touch")
        tc_set_capabilities(tc, touch)
        sync()
        XCTAssertEqual(tc_touches_created(tc), 1)
        tc_set_capabilities(tc, touch)  // repeated, as compositors do
        tc_set_capabilities(tc, touch)
        sync()
        XCTAssertEqual(tc_touches_created(tc), 1, "never a second wl_touch for the same seat")
        XCTAssertEqual(tc_touches_alive(tc), 1)
        tc_set_capabilities(tc, 0)
        sync()
        XCTAssertEqual(tc_touches_alive(tc), 0, "released when the capability goes")
        tc_set_capabilities(tc, touch)
        sync()
        XCTAssertEqual(tc_touches_created(tc), 2)
        XCTAssertEqual(tc_touches_alive(tc), 1)
    }

    func testCapabilityWithdrawnWhileTouchingCancelsTheTouches() throws {
        try start()
        tc_touch_down(tc, 10, 1, 100, 100)
        tc_touch_down(tc, 10, 2, 200, 100)
        tc_touch_frame(tc)
        sync()
        tc_set_capabilities(tc, 0)
        sync()
        let last = try XCTUnwrap(frames().last)
        XCTAssertEqual(phases(last), ["1 cancelled", "2 cancelled"])
        XCTAssertEqual(try spots().last, 0)
    }

    // MARK: Odd touch sequences

    /// A seat's name is the compositor's text: quotes, backslashes, control characters and
    /// non-ASCII reach the log escaped as JSON, and read back as sent.
    func testASeatNameNeedingEscapesIsLoggedAsSent() throws {
        let name = "seat \"one\" \\ tab\there\nline\u{01}\u{1f} é ✋"
        try start(seatName: name)
        sync()
        let seats = try log.events().compactMap(\.seat)
        XCTAssertEqual(seats.first?.name, name)
        let raw = try String(contentsOfFile: log.path, encoding: .utf8)
        XCTAssertTrue(raw.contains(#""name":"seat \"one\" \\ tab\there\nline\u0001\u001f é ✋""#), raw)
    }

    func testDownForAnActiveIDCancelsTheOldTouch() throws {
        try start()
        tc_touch_down(tc, 10, 7, 100, 100)
        tc_touch_frame(tc)
        tc_touch_down(tc, 20, 7, 300, 300)
        tc_touch_frame(tc)
        sync()
        let frames = try frames()
        XCTAssertEqual(frames.map(phases), [["7 began"], ["7 cancelled", "7 began"]])
        XCTAssertEqual(try spots().last, 1)
        XCTAssertEqual(try log.events(of: .warning).count, 1)
    }

    /// A touch read while a frame callback is pending is committed at once (the commit
    /// rule of docs/architecture.md, "Drawing"), on a compositor that offers no
    /// wp_presentation, where nothing could say when its deadline is; what only the spot's
    /// growth changes still waits for the callback.
    func testATouchIsCommittedWhileAFrameCallbackIsPending() throws {
        try start()
        sync()
        tc_hold_frame_callbacks(tc, true)
        tc_touch_down(tc, 10, 1, 100, 100)
        tc_touch_frame(tc)
        sync()
        let landed = tc_commits(tc)
        tc_touch_motion(tc, 20, 1, 160, 130)
        tc_touch_frame(tc)
        sync()
        let moved = tc_commits(tc)
        XCTAssertGreaterThan(moved, landed, "the motion is committed though the landing's frame callback is pending")
        // The spot is still growing (0.2 s): its steps wait for the held callback.
        _ = tc_dispatch(tc, 300)
        sync()
        XCTAssertEqual(tc_commits(tc), moved, "animation steps wait for the frame callback")
        tc_hold_frame_callbacks(tc, false)
        tc_touch_motion(tc, 30, 1, 170, 140)
        tc_touch_frame(tc)
        sync()
        XCTAssertEqual(try frames().map(phases), [["1 began"], ["1 moved"], ["1 moved"]])
    }

    func testUnknownIDsAreIgnoredWithWarnings() throws {
        try start()
        tc_touch_motion(tc, 10, 5, 10, 10)
        tc_touch_up(tc, 11, 6)
        tc_touch_frame(tc)
        sync()
        XCTAssertTrue(try frames().isEmpty)
        let warnings = try log.warnings()
        XCTAssertEqual(warnings.count, 2)
        XCTAssertTrue(warnings[0].contains("5") && warnings[1].contains("6"), "\(warnings)")
        XCTAssertFalse(client.hasExited)
    }

    /// 200 fingers in one frame take several reads of the socket (libwayland reads 4 KiB at
    /// a time): from a device that sends frames, they are still one frame line.
    func testAFrameSpanningSeveralReadsIsOneFrame() throws {
        try start()
        tc_touch_down(tc, 1, 1000, 10, 10)
        tc_touch_frame(tc)
        sync()
        for id in 0..<200 { tc_touch_down(tc, 2, Int32(id), Double(id * 3), 200) }
        tc_touch_frame(tc)
        sync()
        let frames = try frames()
        XCTAssertEqual(frames.count, 2, "one line per wl_touch.frame: \(frames.map(\.touches.count))")
        XCTAssertEqual(frames.last?.touches.count, 200)
        XCTAssertEqual(try spots().last, 201)
    }

    func testNoFramesAtAllStillDeliverEveryChange() throws {
        // cage sends no wl_touch.frame at all.
        try start()
        tc_touch_down(tc, 10, 1, 100, 100)
        sync()
        tc_touch_motion(tc, 20, 1, 150, 120)
        sync()
        tc_touch_up(tc, 30, 1)
        sync()
        let frames = try frames()
        XCTAssertEqual(frames.map(phases), [["1 began"], ["1 moved"], ["1 ended"]])
        XCTAssertEqual(try spots(), [1, 1, 0])
        XCTAssertEqual(frames[1].time, 20)
    }

    func testCancelExtremeIDsAndCoordinates() throws {
        try start()
        tc_touch_down(tc, 10, Int32.min, -50.5, -20)
        tc_touch_down(tc, 10, Int32.max, 5000, 7000.25)
        tc_touch_down(tc, 10, 288, 10, 10)
        tc_touch_shape(tc, 288, 12, 8)
        tc_touch_frame(tc)
        tc_touch_cancel(tc)
        sync()
        let frames = try frames()
        XCTAssertEqual(frames.count, 2)
        let first = try XCTUnwrap(frames.first?.touches)
        XCTAssertEqual(first.map(\.id), [Int32.min, Int32.max, 288])
        XCTAssertEqual(first[0].location.x, -50.5)
        XCTAssertEqual(first[1].location.y, 7000.25)
        XCTAssertEqual(Set(phases(frames[1])), ["\(Int32.min) cancelled", "\(Int32.max) cancelled", "288 cancelled"])
        XCTAssertEqual(try spots()[1], 0)
        // After a cancel the same ids start afresh, without warnings.
        tc_touch_down(tc, 40, 288, 20, 20)
        tc_touch_frame(tc)
        sync()
        XCTAssertEqual(phases(try XCTUnwrap(self.frames().last)), ["288 began"])
        XCTAssertTrue(try log.events(of: .warning).isEmpty)
    }

    // MARK: Scaling

    func testFractionalScaleDrawsAtTheExactScaleThroughAViewport() throws {
        try start(scale120: 180)  // 1.5x; the toplevel is configured 640 x 480
        sync()
        var w: Int32 = 0, h: Int32 = 0, scale: Int32 = 0, vw: Int32 = 0, vh: Int32 = 0
        tc_shown(tc, &w, &h, &scale, &vw, &vh)
        XCTAssertEqual([w, h], [960, 720], "buffer = logical size x 1.5")
        XCTAssertEqual(scale, 1, "no integer buffer scale on top")
        XCTAssertEqual([vw, vh], [640, 480], "the viewport maps it back to the logical size")
        let ready = try XCTUnwrap(log.events().compactMap(\.ready).first)
        XCTAssertEqual(ready.scale, 1.5)
        XCTAssertEqual(ready.width, 640)
    }

    func testWithoutFractionalScaleTheBufferIsLogicalSize() throws {
        try start()
        sync()
        var w: Int32 = 0, h: Int32 = 0, scale: Int32 = 0, vw: Int32 = 0, vh: Int32 = 0
        tc_shown(tc, &w, &h, &scale, &vw, &vh)
        XCTAssertEqual([w, h, scale], [640, 480, 1])
        XCTAssertEqual([vw, vh], [0, 0], "no viewport used")
    }

    // MARK: A broken or vanishing compositor

    func testProtocolErrorEndsTheClientWithAMessage() throws {
        try start()
        tc_post_error(tc)
        try pump("touchspots to exit") { client.hasExited }
        XCTAssertEqual(client.exitStatus, 1)
        XCTAssertTrue(client.logTail().contains("protocol error on wl_seat"), client.logTail())
    }

    func testDisconnectEndsTheClientWithAMessage() throws {
        try start()
        tc_disconnect_clients(tc)
        XCTAssertNotNil(client.wait(timeout: 10))
        XCTAssertEqual(client.exitStatus, 1)
        XCTAssertTrue(client.logTail().contains("the compositor closed the connection"), client.logTail())
    }

    func testMissingShellGlobalIsReported() throws {
        try start(options: Int32(TC_NO_XDG_WM_BASE.rawValue), waitForWindow: false)
        try pump("touchspots to exit") { client.hasExited }
        XCTAssertEqual(client.exitStatus, 1)
        XCTAssertTrue(client.logTail().contains("does not offer xdg_wm_base"), client.logTail())
    }

    // MARK: Outputs

    /// A monitor unplugged: the global goes and the surface leaves it in one burst, so the
    /// leave names a wl_output touchspots has already let go of (libwayland hands it over
    /// as nil). It used to crash there; it must carry on and take touches.
    func testOutputUnpluggedWhileTheSurfaceIsOnIt() throws {
        try start(output: 2)
        tc_enter_output(tc)
        sync()
        tc_unplug_output(tc)
        sync()
        XCTAssertFalse(client.hasExited, "touchspots survived the unplug: \(client.logTail())")
        tc_touch_down(tc, 1, 1, 100, 100)
        tc_touch_frame(tc)
        sync()
        XCTAssertEqual(try frames().last.map(phases), ["1 began"], "and still takes touches")
    }

    // MARK: Absurd sizes

    /// A preferred scale of 60x (7200/120) would need a 6.9 GB buffer for 640 x 480: the
    /// scale is lowered until the buffer fits under 256 MiB, with a warning, and the window
    /// still shows.
    func testAbsurdFractionalScaleIsLoweredToFit() throws {
        try start(scale120: 7200)
        sync()
        var w: Int32 = 0, h: Int32 = 0, scale: Int32 = 0, vw: Int32 = 0, vh: Int32 = 0
        tc_shown(tc, &w, &h, &scale, &vw, &vh)
        XCTAssertGreaterThan(w, 640, "still drawn above 1x")
        XCTAssertLessThanOrEqual(Int(w) * Int(h) * 4, 256 << 20, "\(w) x \(h) fits under the cap")
        XCTAssertEqual([vw, vh], [640, 480], "mapped back onto the logical size")
        XCTAssertTrue(try log.warnings().contains { $0.contains("scale") && $0.contains("MiB") })
        XCTAssertFalse(client.hasExited)
    }

    /// A configure of 100000 x 100000 would need a 40 GB buffer even at 1x: refused with a
    /// one-line message and exit status 1, not a crash.
    func testAbsurdConfigureSizeIsRefusedWithAMessage() throws {
        try start(configure: (100_000, 100_000), waitForWindow: false)
        try pump("touchspots to exit") { client.hasExited }
        XCTAssertEqual(client.exitStatus, 1)
        XCTAssertTrue(client.logTail().contains("a 100000x100000 window would need a buffer over touchspots' 256 MiB limit"), client.logTail())
    }
}
