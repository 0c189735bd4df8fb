import Foundation
import Harness
import EventLogFormat
import ToolSupport
import TouchCore
import XCTest

/// Window decorations: server-side on sway, libdecor's frame where there is none (weston's
/// desktop shell, mutter, gnome-shell), moved, resized and closed by touch and by mouse.
final class DecorationsEndToEndTests: EndToEndTestCase {
    /// touchspots in a 600 x 400 window (not fullscreen), for the decoration tests.
    private func startWindowedTouchspots(in compositor: Compositor) throws -> (EventLogReader, ChildProcess) {
        try startTouchspots(in: compositor, arguments: ["--size", "600x400"])
    }

    /// touchspots started fullscreen, 600 x 400 once it leaves fullscreen.
    private func startFullscreenTouchspots(in compositor: Compositor) throws -> (EventLogReader, ChildProcess) {
        try startTouchspots(in: compositor, arguments: ["--fullscreen", "--size", "600x400"])
    }

    /// weston with its desktop shell, which offers no xdg-decoration (libdecor draws).
    private func startDesktopShellWeston() throws -> Weston {
        try makeFreshOutputDirectory()
        var configuration = Weston.Configuration(modulePath: Products.westonModule,
                                                 logPath: "\(outputDirectory)/weston.log")
        configuration.shell = "desktop-shell.so"
        return try Weston(configuration)
    }

    private func startTouchspots(in compositor: Compositor, arguments: [String]) throws -> (EventLogReader, ChildProcess) {
        let log = EventLogReader(path: "\(outputDirectory)/events.jsonl")
        let client = try ChildProcess(name: "touchspots",
                                      arguments: [Products.touchspots] + arguments + ["--event-log", log.path],
                                      environment: compositor.clientEnvironment,
                                      logPath: "\(outputDirectory)/touchspots.log")
        return (log, client)
    }

    /// libdecor asks for server-side decorations where xdg-decoration is offered (sway) and
    /// then draws no frame of its own. A window started fullscreen does not load libdecor,
    /// so it negotiates nothing; a second touchspots, windowed, does.
    func testDecorationsAreServerSideOnSway() throws {
        try startHeadlessRun(compositor: .sway)
        XCTAssertEqual(try headlessRun.send("requests zxdg_decoration_manager_v1.get_toplevel_decoration"), "0",
                       "no libdecor while fullscreen")
        let sway = headlessRun.compositor
        let log = EventLogReader(path: "\(outputDirectory)/windowed.jsonl")
        let windowed = try ChildProcess(name: "touchspots",
                                        arguments: [Products.touchspots, "--size", "600x400", "--event-log", log.path],
                                        environment: sway.clientEnvironment,
                                        logPath: "\(outputDirectory)/windowed.log")
        defer { _ = try? windowed.stop() }
        _ = try log.waitFor(timeout: 20, "the windowed touchspots' first configure", abandon: { windowed.hasExited }) {
            $0.configure != nil
        }
        // libdecor asks before the role's first commit, which this configure answers (a
        // client sync would wait for a frame sway does not draw: the window is behind the
        // fullscreen one).
        XCTAssertGreaterThanOrEqual(
            Int(try headlessRun.send("requests zxdg_decoration_manager_v1.get_toplevel_decoration")) ?? 0, 1,
            "libdecor negotiates the decoration mode")
        XCTAssertEqual(try headlessRun.send("requests wl_subcompositor.get_subsurface"), "0",
                       "touchspots draws no frame of its own on sway")
    }

    /// On sway, a window that is not fullscreen gets sway's border and title bar, and
    /// touchspots draws no frame of its own.
    func testSwayDrawsTheBorderAndTouchspotsNone() throws {
        try makeFreshOutputDirectory()
        let sway = try WlrootsCompositor(kind: .sway, width: 1024, height: 640, scale: 1,
                                         directory: outputDirectory, swayBorders: true)
        defer { sway.stop() }
        let log = EventLogReader(path: "\(outputDirectory)/events.jsonl")
        let client = try ChildProcess(name: "touchspots",
                                      arguments: [Products.touchspots, "--event-log", log.path],
                                      environment: sway.clientEnvironment,
                                      logPath: "\(outputDirectory)/touchspots.log")
        defer { _ = try? client.stop() }
        // sway tiles the window to the output less its border and title bar.
        try log.waitUntil(timeout: 20, "a tiled configure after ready", abandon: { client.hasExited }) { events in
            events.contains { $0.ready != nil }
                && events.contains {
                    $0.configure.map { $0.height < 640 && $0.width > 900 } ?? false
                }
        }
        try sway.control.send("sync")
        XCTAssertEqual(try sway.control.send("requests wl_subcompositor.get_subsurface"), "0",
                       "touchspots draws no frame of its own")
        // sway shows a resized window once its transaction completes: repaint until the
        // content (white) is on screen (each screenshot waits for a new frame).
        let path = "\(outputDirectory)/sway-border.png"
        var image: PNGImage
        var attempts = 0
        repeat {
            try sway.control.send("sync")
            try sway.screenshot(to: path)
            image = try PNGImage(path: path)
            attempts += 1
        } while image.count(x: 0, y: 0, width: image.width, height: image.height, where: { $0.isGray(255, tolerance: 0) }) < 300_000
            && attempts < 30
        // touchspots' content is white; sway's title bar above it is not.
        let white = (0..<image.height).filter { image.pixel(x: 512, y: $0).isGray(255, tolerance: 0) }
        let top = try XCTUnwrap(white.first)
        XCTAssertGreaterThan(top, 10, "something (sway's title bar) is drawn above the window")
        XCTAssertFalse(image.pixel(x: 512, y: top / 2).isGray(255, tolerance: 10), "the title bar is not white")
    }

    /// Where xdg-decoration is not offered (weston's desktop shell), libdecor draws its own
    /// frame around a window that is not fullscreen; touches on the frame are no fingers,
    /// and its close button (by pointer: libdecor 0.1.1's frame ignores touch) ends the
    /// program cleanly.
    func testLibdecorFrameWithoutXdgDecoration() throws {
        let weston = try startDesktopShellWeston()
        defer { weston.stop() }
        let (log, client) = try startWindowedTouchspots(in: weston)
        defer { _ = try? client.stop() }
        try weston.waitUntilReady(eventLog: log, client: client)
        try weston.control.send("sync")
        XCTAssertGreaterThan(Int(try weston.control.send("requests wl_subcompositor.get_subsurface")) ?? 0, 0)
        // weston's desktop shell fades a new window in: repaint (each screenshot is one,
        // after a sync) until the window's content is fully white.
        let path = "\(outputDirectory)/frame.png"
        var image: PNGImage
        var repaints = 0
        func whiteRun(_ image: PNGImage, _ y: Int) -> (start: Int, end: Int)? {
            let xs = (0..<image.width).filter { image.pixel(x: $0, y: y).isGray(255, tolerance: 0) }
            guard let first = xs.first, let last = xs.last, last - first > 590 else { return nil }
            return (first, last)
        }
        repeat {
            try weston.control.send("sync")
            try weston.screenshot(to: path)
            image = try PNGImage(path: path)
            repaints += 1
        } while image.count(x: 0, y: 40, width: image.width, height: 500, where: { $0.isGray(255, tolerance: 0) }) < 100_000
            && repaints < 60
        // The content is the 600 px wide white area; the title bar sits on top of it.
        let top = try XCTUnwrap((33..<400).first { whiteRun(image, $0) != nil }, "the window is on screen")
        let content = try XCTUnwrap(whiteRun(image, top + 2))
        XCTAssertEqual(content.end - content.start + 1, 600, accuracy: 2)
        let barY = top - 12
        // The bar's left part (no text there) is one flat colour, dark when active, light
        // grey when not, and it is not the white content nor weston's patterned background.
        let left = (content.start + 4..<content.start + 120).map { image.pixel(x: $0, y: barY) }
        let reference = left[0]
        XCTAssertTrue(left.allSatisfy { abs(Int($0.r) - Int(reference.r)) <= 3 && abs(Int($0.g) - Int(reference.g)) <= 3 },
                      "libdecor's title bar is drawn: \(reference)")
        XCTAssertFalse(reference.isGray(255, tolerance: 2), "the bar is not the content")
        let title = (minX: content.start, maxX: content.end, minY: barY - 4, maxY: barY + 4)

        // A touch on the title bar is the frame's, not a finger.
        let middle = ((title.minX + title.maxX) / 2, (title.minY + title.maxY) / 2)
        try weston.control.send(batch: ["down 1 \(middle.0) \(middle.1)", "frame"])
        try weston.control.send(batch: ["up 1", "frame"])
        try weston.control.send("sync")
        XCTAssertTrue(try log.events(of: .frame).isEmpty, "no spot for a touch on the frame")

        // The close button is the frame's rightmost.
        let close = (title.maxX - 14, (title.minY + title.maxY) / 2)
        try weston.control.send(batch: ["pointer \(close.0) \(close.1)", "button left press", "button left release"])
        XCTAssertEqual(client.wait(timeout: 10), 0, "closing the window ends touchspots cleanly")
    }

    /// The window's white content (`width` px wide) and libdecor's flat title bar on top of
    /// it, once mutter has zoomed the new window in: its left and top, and the bar's colour.
    private func findWindow(_ name: String, width: Int = 600, on mutter: Compositor, client: ChildProcess,
                            log: EventLogReader) throws -> (left: Int, top: Int, bar: PNGImage.Pixel) {
        for _ in 0..<30 {
            try mutter.sync(client: client, eventLog: log)
            try mutter.screenshot(to: "\(outputDirectory)/\(name)")
            let image = try PNGImage(path: "\(outputDirectory)/\(name)")
            for y in 30..<image.height - 10 {
                let xs = (0..<image.width).filter { image.pixel(x: $0, y: y).isGray(255, tolerance: 0) }
                guard let first = xs.first, let last = xs.last, last - first + 1 == width,
                      xs.count == width else { continue }
                let bar = (first + 4..<first + 60).map { image.pixel(x: $0, y: y - 12) }
                if bar.allSatisfy({ $0 == bar[0] }), !bar[0].isLight { return (first, y, bar[0]) }
                break
            }
        }
        throw HarnessError("no window with a title bar on screen")
    }

    /// touchspots windowed on mutter (or gnome-shell), where libdecor draws the frame.
    private func startOnMutter(_ kind: CompositorKind = .mutter) throws -> (Compositor, EventLogReader, ChildProcess) {
        try makeFreshOutputDirectory()
        let mutter = try kind.start(width: 1024, height: 640, scale: 1, directory: outputDirectory)
        let (log, client) = try startWindowedTouchspots(in: mutter)
        try log.waitForWindow(width: 600, height: 400, client: client)
        _ = try log.waitFor("a seat with touch") { $0.seat?.touch == true }
        return (mutter, log, client)
    }

    /// mutter offers no xdg-decoration, so libdecor draws its frame; libdecor 0.1.1's frame
    /// ignores touch, and touchspots acts on touches on it instead: a drag on the title bar
    /// moves the window, a drag on its border's corner resizes it, a tap on the close button
    /// ends the program.
    func testLibdecorFrameOnMutterMovesResizesAndClosesByTouch() throws {
        try frameByTouch(on: .mutter)
    }

    /// The same on GNOME's own shell.
    func testLibdecorFrameOnGnomeShellMovesResizesAndClosesByTouch() throws {
        try frameByTouch(on: .gnomeShell)
    }

    private func frameByTouch(on kind: CompositorKind) throws {
        let (mutter, log, client) = try startOnMutter(kind)
        defer { mutter.stop() }
        defer { _ = try? client.stop() }
        func findWindow(_ name: String, width: Int = 600) throws -> (left: Int, top: Int, bar: PNGImage.Pixel) {
            try self.findWindow(name, width: width, on: mutter, client: client, log: log)
        }
        let before = try findWindow("frame.png")

        // A drag on the title bar moves the window; no finger is seen by the scene.
        let grab = (before.left + 150, before.top - 12)
        // touchspots asks mutter for the move once the finger has travelled 8 px (the first
        // motion): the rest go once it has caught up, or they may all come before the move
        // request and the window stays put (as with the mouse below).
        try mutter.control.send("down 1 \(grab.0) \(grab.1)")
        try mutter.control.send("motion 1 \(grab.0 + 10) \(grab.1 + 5)")
        try mutter.sync(client: client, eventLog: log)
        for step in 2...10 { try mutter.control.send("motion 1 \(grab.0 + step * 10) \(grab.1 + step * 5)") }
        try mutter.control.send("up 1")
        let after = try findWindow("moved.png")
        XCTAssertEqual(after.left - before.left, 100, accuracy: 2, "the window followed the finger")
        XCTAssertEqual(after.top - before.top, 50, accuracy: 2, "the window followed the finger")
        XCTAssertTrue(try log.events(of: .frame).isEmpty, "touches on the frame are no fingers")

        // A drag from the border's bottom-right corner resizes the window.
        let corner = (after.left + 600 + 12, after.top + 400 + 12)
        try mutter.control.send("down 3 \(corner.0) \(corner.1)")
        try mutter.control.send("motion 3 \(corner.0 + 10) \(corner.1 + 5)")
        try mutter.sync(client: client, eventLog: log)
        for step in 2...8 { try mutter.control.send("motion 3 \(corner.0 + step * 10) \(corner.1 + step * 5)") }
        try mutter.control.send("up 3")
        _ = try log.waitFor("the resized configure") {
            $0.configure.map { $0.width == 680 && $0.height == 440 } ?? false
        }
        let resized = try findWindow("resized.png", width: 680)
        XCTAssertEqual(resized.left, after.left, accuracy: 2, "the left edge stays")

        // A tap on the close button (the title bar's rightmost) ends touchspots cleanly.
        try mutter.control.send(batch: ["down 2 \(resized.left + 680 - 14) \(resized.top - 12)", "up 2"])
        XCTAssertEqual(client.wait(timeout: 10), 0, "closing the window by touch ends touchspots")
    }

    /// The same frame by mouse, which libdecor handles itself: a drag on the title bar
    /// moves the window, a click on close ends touchspots; neither is a finger.
    func testLibdecorFrameOnMutterMovesAndClosesByMouse() throws {
        let (mutter, log, client) = try startOnMutter()
        defer { mutter.stop() }
        defer { _ = try? client.stop() }
        let before = try findWindow("frame.png", on: mutter, client: client, log: log)
        let grab = (before.left + 150, before.top - 12)
        try mutter.control.send(batch: ["pointer \(grab.0) \(grab.1)", "button left press"])
        // libdecor asks mutter for the move when it sees the press: the motions go once
        // touchspots has caught up (sent at once, they all came before the move request
        // and the window stayed put).
        try mutter.sync(client: client, eventLog: log)
        for step in 1...10 { try mutter.control.send("pointer \(grab.0 - step * 8) \(grab.1 + step * 6)") }
        try mutter.control.send("button left release")
        let after = try findWindow("moved.png", on: mutter, client: client, log: log)
        XCTAssertEqual(after.left - before.left, -80, accuracy: 2, "the window followed the mouse")
        XCTAssertEqual(after.top - before.top, 60, accuracy: 2, "the window followed the mouse")
        XCTAssertTrue(try log.events(of: .frame).isEmpty, "clicks on the frame are no fingers")
        try mutter.control.send(batch: ["pointer \(after.left + 600 - 14) \(after.top - 12)",
                                        "button left press", "button left release"])
        XCTAssertEqual(client.wait(timeout: 10), 0, "closing the window by mouse ends touchspots")
    }

    /// Without a plugin libdecor cannot draw a frame: the window runs undecorated and the
    /// warning is printed once. A fullscreen start loads libdecor only when the window
    /// leaves fullscreen (F11; kiosk-shell keeps it fullscreen), so the warning comes then.
    func testWithoutALibdecorPluginTheWindowRunsUndecoratedAndSaysSoOnce() throws {
        try startHeadlessRun(environment: ["LIBDECOR_PLUGIN_DIR": "/nonexistent"])
        func warnings() throws -> Int {
            let log = try String(contentsOfFile: headlessRun.client.logPath, encoding: .utf8)
            return log.components(separatedBy: "falling back on no decorations").count - 1
        }
        XCTAssertEqual(try warnings(), 0, "libdecor is not loaded while the window is fullscreen")
        try key("f11")
        try headlessRun.sync()
        try headlessRun.send(batch: ["down 1 300 300", "frame"])
        let image = try headlessRun.screenshot("undecorated.png")
        XCTAssertGreaterThan(spotCoverage(image, x: 300, y: 300), 0.99)
        XCTAssertEqual(try warnings(), 1)
    }

    /// The libraries mapped into `pid` (from /proc/PID/maps, read to its end: the file
    /// reports a size of 0).
    private func mappedLibraries(of pid: pid_t) throws -> String {
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        let text = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        XCTAssertTrue(text.contains("libwayland-client"), "the whole map is read")
        return text
    }

    /// A window started fullscreen has no frame to show, so libdecor (its cairo plugin and
    /// the libraries that plugin needs) is not loaded at start-up; leaving fullscreen maps
    /// the same surface again with libdecor's frame, and touches reach its content.
    /// `holdsAFinger`: a finger is down across the change (its spot a subsurface of the
    /// old surface); it is cancelled, since the compositor sends nothing more for it.
    private func leaveFullscreen(on compositor: Compositor, log: EventLogReader, client: ChildProcess,
                                 holdsAFinger: Bool) throws {
        try log.waitUntil(timeout: 20, "a fullscreen configure after ready", abandon: { client.hasExited }) { events in
            events.contains { $0.ready != nil } && events.contains { $0.configure?.fullscreen == true }
        }
        try compositor.sync(client: client, eventLog: log)
        XCTAssertFalse(try mappedLibraries(of: client.pid).contains("libdecor-cairo"),
                       "libdecor's plugin is not loaded while fullscreen")
        if holdsAFinger {
            try compositor.control.send(batch: ["down 2 300 300", "frame"])
            _ = try log.waitFor("the held finger") { $0.frame?.entry(id: 2)?.phase == .began }
        }
        try compositor.control.send(batch: ["key f11 press", "key f11 release"])
        try log.waitUntil(timeout: 20, "a 600x400 configure, not fullscreen", abandon: { client.hasExited }) { events in
            events.contains { $0.configure.map { !$0.fullscreen && $0.width == 600 && $0.height == 400 } ?? false }
        }
        try compositor.sync(client: client, eventLog: log)
        XCTAssertTrue(try mappedLibraries(of: client.pid).contains("libdecor-cairo"),
                      "libdecor's plugin is loaded once the window leaves fullscreen")
        if holdsAFinger {
            _ = try log.waitFor("the held finger cancelled") { $0.frame?.entry(id: 2)?.phase == .cancelled }
            try compositor.control.send(batch: ["up 2", "frame"])
        }
        let window = try findWindow("left-fullscreen.png", on: compositor, client: client, log: log)
        // A touch in the content is a finger at window coordinates.
        try compositor.control.send(batch: ["down 1 \(window.left + 100) \(window.top + 50)", "frame"])
        try compositor.control.send(batch: ["up 1", "frame"])
        // (mutter numbers touches itself: the finger is told from the held one by place.)
        func isNew(_ touch: Touch) -> Bool { touch.phase == .began && touch.location.x != 300 }
        let frame = try log.waitFor("the touch in the content") { $0.frame?.touches.contains(where: isNew) ?? false }
        let touch = try XCTUnwrap(frame.frame?.touches.first(where: isNew))
        XCTAssertEqual(touch.location.x, 100, accuracy: 2)
        XCTAssertEqual(touch.location.y, 50, accuracy: 2)
        XCTAssertFalse(client.hasExited)
    }

    func testFullscreenStartDecoratesWhenLeavingFullscreenOnWeston() throws {
        let weston = try startDesktopShellWeston()
        defer { weston.stop() }
        let (log, client) = try startFullscreenTouchspots(in: weston)
        defer { _ = try? client.stop() }
        XCTAssertEqual(try weston.control.send("requests wl_subcompositor.get_subsurface"), "0")
        try leaveFullscreen(on: weston, log: log, client: client, holdsAFinger: true)
        XCTAssertGreaterThan(Int(try weston.control.send("requests wl_subcompositor.get_subsurface")) ?? 0, 0,
                             "libdecor's frame")
    }

    func testFullscreenStartDecoratesWhenLeavingFullscreenOnMutter() throws {
        try makeFreshOutputDirectory()
        let mutter = try CompositorKind.mutter.start(width: 1024, height: 640, scale: 1, directory: outputDirectory)
        defer { mutter.stop() }
        let (log, client) = try startFullscreenTouchspots(in: mutter)
        defer { _ = try? client.stop() }
        try leaveFullscreen(on: mutter, log: log, client: client, holdsAFinger: false)
    }
}
