import Foundation
import Glibc
import ToolSupport

/// A headless weston 10 with the touchspots-weston module, in a runtime directory of its
/// own, driven over a socketpair inherited as fd 3.
public final class Weston: Compositor {
    public let name = CompositorKind.weston.rawValue
    public let kind: CompositorKind? = .weston
    public struct Configuration: Sendable {
        public var width = 1024
        public var height = 640
        public var scale = 1
        /// kiosk-shell.so shows every window fullscreen at (0, 0); desktop-shell.so
        /// places windows and lets them have frames.
        public var shell = "kiosk-shell.so"
        /// The output's physical size in mm, which headless weston leaves at 0 x 0.
        public var physicalSize: PhysicalSize?
        /// Weston as its users have it: the module adds none of its workarounds for weston
        /// 10's faults (the frame after the last up, the cancel; quirks.c). A conformance
        /// run judges the compositor, not the harness.
        public var asShipped = false
        /// The output's transform as weston 10's headless backend takes it (`rotate-90`, `flipped`,
        /// ...): a rotated panel. Width and height are the unrotated mode's.
        public var transform = "normal"
        public var modulePath: String
        public var logPath: String

        public init(modulePath: String, logPath: String) {
            self.modulePath = modulePath
            self.logPath = logPath
        }
    }

    public let runtimeDirectory: String
    private let runtime: RuntimeDirectory
    public let socketName = "touchspots-weston"
    public let control: ControlChannel
    private let process: ChildProcess

    public init(_ configuration: Configuration) throws {
        guard ChildProcess.which("weston") != nil else {
            throw HarnessError("weston is not installed (scripts/install-deps installs it)")
        }
        guard configuration.modulePath.hasPrefix("/"),
              FileManager.default.fileExists(atPath: configuration.modulePath) else {
            throw HarnessError("the weston module \(configuration.modulePath) does not exist " +
                               "(swift build builds libtouchspots-weston.so); weston needs an absolute path")
        }
        runtime = try RuntimeDirectory(prefix: "touchspots-")
        runtimeDirectory = runtime.path

        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HarnessError("socketpair failed: \(String(cString: strerror(errno)))")
        }
        defer { close(pair[1]) }
        control = ControlChannel(fd: pair[0])

        let arguments = [
            "weston", "--backend=headless-backend.so", "--use-pixman",
            "--width=\(configuration.width)", "--height=\(configuration.height)",
            "--scale=\(configuration.scale)", "--transform=\(configuration.transform)", "--socket=\(socketName)",
            "--shell=\(configuration.shell)", "--idle-time=0", "--no-config",
            "--modules=\(configuration.modulePath)",
        ]
        do {
            process = try ChildProcess(
                name: "weston", arguments: arguments,
                environment: ["XDG_RUNTIME_DIR": runtimeDirectory,
                              "TOUCHSPOTS_WESTON_CONTROL_FD": "3"]
                    .merging(configuration.physicalSize.map { ["TOUCHSPOTS_WESTON_OUTPUT_MM": $0.text] } ?? [:]) { $1 }
                    .merging(configuration.asShipped ? ["TOUCHSPOTS_WESTON_AS_SHIPPED": "1"] : [:]) { $1 },
                logPath: configuration.logPath, inheritedFDs: [pair[1]: 3])
        } catch {
            runtime.remove()
            throw error
        }
        // The first reply proves weston loaded the module and runs its loop.
        do {
            _ = try control.send("size", timeout: 20)
        } catch {
            let tail = process.logTail()
            _ = try? process.stop(timeout: 2)
            runtime.remove()
            throw HarnessError("weston did not start: \(error)\n\(tail)")
        }
    }

    /// Environment for a client of this weston.
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    public var hasExited: Bool { process.hasExited }

    /// weston's process id (for CPU accounting).
    public var pid: pid_t { process.pid }

    /// The module knows when a client view is in weston's pick list (after a repaint).
    public func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try HarnessQuirk.westonPicksAfterRepaint.workAround { try control.send("wait-ready") }
        // weston can show the window before touchspots has written its ready line (the
        // log is written at the end of the pass that committed the frame, and a slow
        // client, as under the address sanitizer, is still in that pass): wait for it too.
        try eventLog.waitFor(timeout: 10, "the ready line", abandon: { client.hasExited }) { $0.ready != nil }
    }

    public func screenshot(to path: String) throws {
        try control.send("screenshot \(path)")
    }

    /// The module's `window` command: the newest toplevel's content on the output.
    public func windowOrigin() throws -> (x: Double, y: Double) {
        let words = try control.send("window").split(separator: " ").compactMap { Double($0) }
        guard words.count == 4 else { throw HarnessError("window: unexpected reply") }
        return (words[0], words[1])
    }

    /// Also waits for weston's repaint cycle to stop: the desktop shell fades the screen in
    /// from black after it starts, and a screenshot meanwhile shows everything dimmed.
    public func waitUntilWindowedReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try waitUntilReady(eventLog: eventLog, client: client)
        try sync(client: client, eventLog: eventLog)
        try control.send("wait-idle")
    }

    /// Stops weston and removes its runtime directory.
    public func stop() {
        _ = try? process.stop(timeout: 5)
        runtime.remove()
    }

    deinit { stop() }
}
