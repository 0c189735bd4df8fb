import Foundation
import Glibc
import ToolSupport

/// A headless compositor the harness can drive: touch commands and sync over a control
/// channel, screenshots, and the environment its clients need.
public protocol Compositor: AnyObject {
    var name: String { get }
    /// Which of the compositors the harness knows this is, for what differs by compositor
    /// (asked by case, not by `name`); nil for a nested program it does not know.
    var kind: CompositorKind? { get }
    var control: ControlChannel { get }
    /// WAYLAND_DISPLAY and XDG_RUNTIME_DIR for a client.
    var clientEnvironment: [String: String] { get }
    var hasExited: Bool { get }
    /// Returns once the client that writes `eventLog` has a window on screen that takes touches.
    func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws
    /// Returns once the client has handled everything sent so far and has drawn it.
    func sync(client: ChildProcess, eventLog: EventLogReader) throws
    /// Writes what the output shows to `path` as PNG (call sync first).
    func screenshot(to path: String) throws
    func stop()
    /// How the harness can make this compositor cancel touches.
    var cancellation: TouchCancellation { get }
    /// Where the client's window content lies on the output (global logical px), asked of
    /// the compositor: a windowed touchspots is placed by the compositor, not by us.
    func windowOrigin() throws -> (x: Double, y: Double)
    /// Returns once a windowed client (not fullscreen: any size) has drawn its first frame
    /// and takes touches.
    func waitUntilWindowedReady(eventLog: EventLogReader, client: ChildProcess) throws
}

/// A way to make a compositor send wl_touch.cancel: command batches that put `touches`
/// fingers down and have the compositor cancel them, or why there is none.
public enum TouchCancellation: Sendable {
    case commands([[String]], touches: Int)
    case unavailable(String)
}

/// An output's physical size in whole millimetres, as wl_output's geometry gives it.
public struct PhysicalSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    var text: String { "\(width)x\(height)" }
}

/// The compositors the harness knows how to run headless with injected touches.
public enum CompositorKind: String, CaseIterable, Sendable {
    case weston, sway, cage, phoc, mutter, gnomeShell = "gnome-shell", kwin

    /// Starts one, `width` x `height` logical px at `scale`, logging into `directory`.
    /// `scale` may be fractional on kwin; weston and wlroots 0.15 take integers. With
    /// `windowed`, as a user's desktop runs it: weston with its desktop shell, sway with its
    /// default borders and title bars (windows tiled). With `asShipped`, no driver adds
    /// anything to what the compositor sends (weston's module; the other drivers add
    /// nothing to touch delivery).
    public func start(width: Int, height: Int, scale: Double, directory: String,
                      windowed: Bool = false, physicalSize: PhysicalSize? = nil,
                      asShipped: Bool = false) throws -> Compositor {
        if self != .kwin && scale != scale.rounded() {
            throw HarnessError("\(rawValue) takes integer scales only")
        }
        if self == .cage && scale != 1 {
            // cage 0.1.4 has no option or file that sets an output's scale.
            throw HarnessError("the harness cannot set cage's output scale (cage 0.1.4 has no option for it)")
        }
        if physicalSize != nil && ![.weston, .sway, .cage, .phoc].contains(self) {
            throw HarnessError("the harness gives an output a physical size on weston and wlroots compositors only")
        }
        switch self {
        case .weston:
            var configuration = Weston.Configuration(modulePath: Products.westonModule,
                                                     logPath: "\(directory)/weston.log")
            configuration.width = width
            configuration.height = height
            configuration.scale = Int(scale)
            if windowed { configuration.shell = "desktop-shell.so" }
            configuration.physicalSize = physicalSize
            configuration.asShipped = asShipped
            return try Weston(configuration)
        case .sway, .cage, .phoc:
            return try WlrootsCompositor(kind: self, width: width, height: height, scale: Int(scale),
                                         directory: directory, swayBorders: windowed, physicalSize: physicalSize)
        case .mutter, .gnomeShell:
            let start = {
                try Mutter(shell: self == .gnomeShell, width: width, height: height, scale: scale,
                           directory: directory)
            }
            do { return try start() } catch {
                // Mutter.init has stopped what it started; a second failure is reported
                // with both messages.
                return try HarnessQuirk.mutterStartHangsAtTimes.workAround {
                    do { return try start() } catch let again {
                        throw HarnessError("\(again)\n(and before, at the first try: \(error))")
                    }
                }
            }
        case .kwin:
            return try KWin(width: width, height: height, scale: scale, directory: directory)
        }
    }

    /// Whether its program is installed here.
    public var isInstalled: Bool { ChildProcess.which(self == .kwin ? "kwin_wayland" : rawValue) != nil }
}

extension Compositor {
    /// Where no compositor interface says where a window is (kwin, mutter, gnome-shell,
    /// phoc), a screenshot does: the window's content is touchspots' white playground, so
    /// its top-left is the start of the first row with 300 white pixels in a row. Asked
    /// until two screenshots agree (mutter zooms new windows in).
    public func windowOrigin() throws -> (x: Double, y: Double) { try windowOriginFromScreenshots() }

    public func windowOriginFromScreenshots() throws -> (x: Double, y: Double) {
        guard kind != .cage else { throw HarnessError("cage shows every window fullscreen") }
        let path = "\(NSTemporaryDirectory())/touchspots-window-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var last: (Int, Int)?
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            try screenshot(to: path)
            let found = try Self.whiteContentOrigin(in: PNGImage(path: path))
            if let found, let last, found == last { return (Double(found.0), Double(found.1)) }
            last = found
            usleep(100_000)
        }
        throw HarnessError("no steady touchspots window found on \(name)'s screen")
    }

    /// The first pixel of the first run of 300 white pixels, row by row.
    static func whiteContentOrigin(in image: PNGImage) -> (Int, Int)? {
        for y in 0..<image.height {
            var run = 0
            for x in 0..<image.width {
                run = image.pixel(x: x, y: y).isGray(255, tolerance: 0) ? run + 1 : 0
                if run == 300 { return (x - 299, y) }
            }
        }
        return nil
    }

    public func waitUntilWindowedReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitFor(timeout: 20, "the ready line", abandon: { client.hasExited }) { $0.ready != nil }
        try sync(client: client, eventLog: eventLog)
    }

    /// The harnesses that inject touches into a seat of their own (weston's module, the
    /// wlroots shim, kwin's fake input) can cancel that seat's touches directly.
    public var cancellation: TouchCancellation {
        .commands([["down 1 300 300", "down 2 500 300", "frame"], ["cancel"]], touches: 2)
    }

    /// Compositors the harness extends (weston's module, the wlroots shim) sync by pinging
    /// every client and repainting until nobody commits; a client between two steps of an
    /// animation commits nothing for a moment, so touchspots is then asked itself too.
    public func sync(client: ChildProcess, eventLog: EventLogReader) throws {
        try control.send("sync")
        try requestClientSync(client: client, eventLog: eventLog)
    }
}

/// SIGUSR1 asks touchspots itself, which writes its next sync line once it has handled
/// everything and has nothing left to draw (no animation, no pending damage). The only
/// sync for compositors that cannot ping a client for us (kwin, mutter).
func requestClientSync(client: ChildProcess, eventLog: EventLogReader) throws {
    let number = (try eventLog.events().compactMap(\.syncCount).max() ?? 0) + 1
    client.signal(SIGUSR1)
    try eventLog.waitFor(timeout: 10, "sync \(number)", abandon: { client.hasExited }) {
        ($0.syncCount ?? 0) >= number
    }
}
