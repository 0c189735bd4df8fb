import Foundation
import Glibc
import ToolSupport

/// kwin_wayland 5.27 with a virtual output, on a D-Bus session bus of its own. Touches go in
/// through org_kde_kwin_fake_input (touchspots-kwin-input), screenshots come out through
/// org.kde.KWin.ScreenShot2. kwin cannot ping a client for us, so sync asks touchspots
/// itself: SIGUSR1, answered by a sync line in its event log once it has caught up.
public final class KWin: Compositor {
    public let name = CompositorKind.kwin.rawValue
    public let kind: CompositorKind? = .kwin
    public let control: ControlChannel
    private let runtimeDirectory: String
    private let runtime: RuntimeDirectory
    private let bus: ChildProcess
    private let kwin: ChildProcess
    private let input: ChildProcess
    private let width: Int
    private let height: Int
    private let socketName = "kwin-touchspots"

    init(width: Int, height: Int, scale: Double, directory: String) throws {
        guard let binary = ChildProcess.which("kwin_wayland") else {
            throw HarnessError("kwin_wayland is not installed (scripts/install-compositors installs it)")
        }
        self.width = width
        self.height = height
        runtime = try RuntimeDirectory(prefix: "touchspots-kwin-")
        runtimeDirectory = runtime.path
        let busAddress = "unix:path=\(runtimeDirectory)/bus"
        bus = try ChildProcess(name: "dbus-daemon",
                               arguments: ["dbus-daemon", "--session", "--nofork", "--address=\(busAddress)"],
                               logPath: "\(directory)/dbus.log")
        // kwin_wayland carries a file capability that a copy does not (docs/interop.md).
        let copy = "\(runtimeDirectory)/kwin_wayland"
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        try waitForFile("\(runtimeDirectory)/bus", timeout: 10)
        let environment = [
            "XDG_RUNTIME_DIR": runtimeDirectory, "DBUS_SESSION_BUS_ADDRESS": busAddress,
            "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",
            "KWIN_COMPOSE": "O2ES", "QT_QPA_PLATFORM": "offscreen",
        ]
        var arguments = [copy, "--virtual", "--no-lockscreen", "--no-global-shortcuts",
                         "--socket", socketName, "--width", "\(width)", "--height", "\(height)"]
        // --width and --height are logical: kwin multiplies them by --scale.
        if scale != 1 { arguments += ["--scale", "\(scale)"] }
        kwin = try ChildProcess(name: "kwin", arguments: ["env", "-u", "WAYLAND_DISPLAY"] + arguments,
                                environment: environment, logPath: "\(directory)/kwin.log")
        let controlPath = "\(runtimeDirectory)/control"
        do {
            try waitForFile("\(runtimeDirectory)/\(socketName)", timeout: 30)
            input = try ChildProcess(name: "touchspots-kwin-input",
                                     arguments: [Products.kwinInput, controlPath],
                                     environment: ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName],
                                     logPath: "\(directory)/kwin-input.log")
            try waitForFile(controlPath, timeout: 20)
            control = try ControlChannel(path: controlPath)
            try control.send("sync")
        } catch {
            let tail = kwin.logTail()
            _ = try? kwin.stop(timeout: 2)
            _ = try? bus.stop(timeout: 2)
            runtime.remove()
            throw HarnessError("kwin did not start: \(error)\n\(tail)")
        }
    }

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    public var hasExited: Bool { kwin.hasExited }

    public func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitForWindow(width: width, height: height, client: client)
        try sync(client: client, eventLog: eventLog)
    }

    /// kwin has handled the injected events (roundtrip), then touchspots says it has too.
    public func sync(client: ChildProcess, eventLog: EventLogReader) throws {
        try control.send("sync")
        try requestClientSync(client: client, eventLog: eventLog)
    }

    public func screenshot(to path: String) throws {
        guard let script = Bundle.module.path(forResource: "kwin-screenshot", ofType: "py") else {
            throw HarnessError("kwin-screenshot.py is missing from the harness's resources")
        }
        let shot = try ChildProcess(name: "screenshot", arguments: ["/usr/bin/python3", script, path],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtimeDirectory)/bus"],
                                    logPath: path + ".log")
        guard shot.wait(timeout: 20) == 0 else { throw HarnessError("kwin screenshot failed: \(shot.logTail())") }
        try? FileManager.default.removeItem(atPath: path + ".log")
    }

    public func stop() {
        _ = try? input.stop(timeout: 2)
        _ = try? kwin.stop(timeout: 5)
        _ = try? bus.stop(timeout: 2)
        runtime.remove()
    }

    deinit { stop() }
}
