import Foundation
import Glibc
import ToolSupport

/// sway, cage or phoc on wlroots' headless backend with the pixman renderer, given a
/// touchscreen and screenshots by the touchspots-wlroots LD_PRELOAD shim.
///
/// sway refuses to run as root, so every one of them runs as `nobody` in a runtime
/// directory of its own; touchspots connects to it from the harness's user.
public final class WlrootsCompositor: Compositor {
    public let name: String
    public let kind: CompositorKind?
    public let control: ControlChannel
    public let width: Int
    public let height: Int
    /// The output's integer scale: a fullscreen window is width / scale logical px wide.
    private let scale: Int
    private let runtimeDirectory: String
    private let runtime: RuntimeDirectory
    private let process: ChildProcess
    private var socketName = ""

    /// `swayBorders`: keep sway's own window borders and title bars (off by default, so
    /// that tests see touchspots alone).
    public init(kind: CompositorKind, width requestedWidth: Int, height requestedHeight: Int, scale: Int,
                directory: String, swayBorders: Bool = false, physicalSize: PhysicalSize? = nil) throws {
        name = kind.rawValue
        self.kind = kind
        self.scale = max(scale, 1)
        guard ChildProcess.which(kind.rawValue) != nil else {
            throw HarnessError("\(kind.rawValue) is not installed (scripts/install-compositors installs it)")
        }
        let shim = Products.wlrootsShim
        guard FileManager.default.fileExists(atPath: shim) else {
            throw HarnessError("the shim \(shim) does not exist (swift build builds it)")
        }
        // cage's headless output is fixed at 1280 x 720 (docs/interop.md).
        (width, height) = kind == .cage ? (1280, 720) : (requestedWidth, requestedHeight)

        runtime = try RuntimeDirectory(prefix: "touchspots-wlr-", runAs: RuntimeDirectory.nobody)
        runtimeDirectory = runtime.runtimePath

        let controlPath = "\(runtimeDirectory)/control"
        var arguments: [String]
        switch kind {
        case .sway:
            let config = """
                output HEADLESS-1 resolution \(width)x\(height) position 0 0 scale \(scale)
                \(swayBorders ? "" : "default_border none\ndefault_floating_border none")
                """
            try config.write(toFile: "\(runtimeDirectory)/sway.conf", atomically: false, encoding: .utf8)
            arguments = ["sway", "-c", "\(runtimeDirectory)/sway.conf"]
        case .cage:
            // cage needs an application and ends with it; a pause keeps it up while
            // touchspots connects as a client of its own. The pause dies with cage (its
            // parent-death signal), or a harness killed mid-run would leave it behind.
            arguments = ["cage", "-d", "--", "setpriv", "--pdeathsig", "KILL", "sleep", "infinity"]
        case .phoc:
            let config = """
                [output:HEADLESS-1]
                mode = \(width)x\(height)
                scale = \(scale)
                """
            try config.write(toFile: "\(runtimeDirectory)/phoc.ini", atomically: false, encoding: .utf8)
            arguments = ["phoc", "-C", "\(runtimeDirectory)/phoc.ini"]
        case .weston, .mutter, .gnomeShell, .kwin:
            throw HarnessError("\(kind.rawValue) is not a wlroots compositor")
        }
        var environment = [
            "XDG_RUNTIME_DIR": runtimeDirectory,
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
            "WLR_HEADLESS_OUTPUTS": "1", "LD_PRELOAD": shim,
            "TOUCHSPOTS_WLROOTS_CONTROL": controlPath,
            "TOUCHSPOTS_WLROOTS_SIZE": "\(width / max(scale, 1))x\(height / max(scale, 1))",
        ]
        if let physicalSize { environment["TOUCHSPOTS_WLROOTS_OUTPUT_MM"] = physicalSize.text }
        try runtime.handOver()
        process = try ChildProcess(name: kind.rawValue, arguments: ChildProcess.asNobody + arguments,
                                   environment: environment, logPath: "\(directory)/\(kind.rawValue).log")
        do {
            try waitForFile(controlPath, timeout: 20)
            control = try ControlChannel(path: controlPath)
            _ = try control.send("size")
            // The shim starts with the backend, before the compositor adds its socket
            // (wl_display_add_socket_auto: wayland-1, ...): a sync is a loop turn later.
            _ = try control.send("sync")
            let entries = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)
            guard let socket = entries.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) else {
                throw HarnessError("no Wayland socket in \(runtimeDirectory)")
            }
            socketName = socket
        } catch {
            let tail = process.logTail()
            _ = try? process.stop(timeout: 2)
            runtime.remove()
            throw HarnessError("\(kind.rawValue) did not start: \(error)\n\(tail)")
        }
    }

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    public var hasExited: Bool { process.hasExited }

    /// wlroots compositors pick the surface under a touch at the time of the touch, so the
    /// window is touchable once it has its fullscreen size and the client has caught up.
    public func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitForWindow(width: width / scale, height: height / scale, client: client)
        try control.send("sync")
    }

    /// The shim writes the buffer the output shows; it runs as nobody, so into the runtime
    /// folder first.
    public func screenshot(to path: String) throws {
        // The shim reads the output's front buffer rather than asking for a screencopy.
        try HarnessQuirk.wlrootsScreencopyOfScanout.workAround {
            try control.screenshot(to: path, through: runtimeDirectory)
        }
    }

    /// sway's IPC (`swaymsg -t get_tree`): the touchspots view's content, its container's
    /// `rect` plus the `window_rect` inside it (below the title bar, inside the border).
    /// phoc has no such interface: a screenshot tells.
    public func windowOrigin() throws -> (x: Double, y: Double) {
        guard kind == .sway else { return try windowOriginFromScreenshots() }
        let entries = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)
        guard let socket = entries.first(where: { $0.hasPrefix("sway-ipc.") }) else {
            throw HarnessError("no sway IPC socket in \(runtimeDirectory)")
        }
        let swaymsg = try ChildProcess.output(of: ["swaymsg", "-s", "\(runtimeDirectory)/\(socket)", "-r", "-t", "get_tree"])
        guard let tree = try JSONSerialization.jsonObject(with: Data(swaymsg.utf8)) as? [String: Any],
              let view = Self.node(in: tree, where: { ($0["app_id"] as? String) == "touchspots" }),
              let rect = view["rect"] as? [String: Any], let inner = view["window_rect"] as? [String: Any],
              let x = rect["x"] as? Double, let y = rect["y"] as? Double,
              let dx = inner["x"] as? Double, let dy = inner["y"] as? Double else {
            throw HarnessError("sway's tree has no touchspots window")
        }
        return (x + dx, y + dy)
    }

    private static func node(in tree: [String: Any], where matches: ([String: Any]) -> Bool) -> [String: Any]? {
        if matches(tree) { return tree }
        for key in ["nodes", "floating_nodes"] {
            for child in tree[key] as? [[String: Any]] ?? [] {
                if let found = node(in: child, where: matches) { return found }
            }
        }
        return nil
    }

    public func waitUntilWindowedReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitFor(timeout: 20, "the ready line", abandon: { client.hasExited }) { $0.ready != nil }
        try control.send("sync")
    }

    public func stop() {
        _ = try? process.stop(timeout: 5)
        runtime.remove()
    }

    deinit { stop() }
}

/// Waits for `path` to exist, sleeping on inotify for its folder.
func waitForFile(_ path: String, timeout: Double) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { throw HarnessError("inotify_init1 failed") }
    defer { close(fd) }
    inotify_add_watch(fd, folder, UInt32(IN_CREATE | IN_MOVED_TO))
    let deadline = Date().addingTimeInterval(timeout)
    while !FileManager.default.fileExists(atPath: path) {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw HarnessError("\(path) did not appear within \(timeout) s") }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, Int32(remaining * 1000) + 1) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(fd, &buffer, buffer.count)
        }
    }
}
