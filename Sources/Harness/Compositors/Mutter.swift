import Foundation
import Glibc
import ToolSupport

/// mutter 43 or gnome-shell 43, headless with one virtual monitor, on D-Bus buses and a
/// pipewire of their own. Touches, pointer and keys go in through the RemoteDesktop D-Bus
/// API and screenshots come out of a ScreenCast stream, both through mutter-driver.py, which
/// keeps the D-Bus connection that the RemoteDesktop session lives on.
///
/// Everything runs as `nobody`: gnome-shell run by root shows a "privileged user" banner
/// over the window. Settings come from a GSettings key file (no dconf service): animations,
/// notification banners, screen lock and blanking off.
public final class Mutter: Compositor {
    public let name: String
    public let kind: CompositorKind?
    public let control: ControlChannel
    private let isShell: Bool
    private let width: Int
    private let height: Int
    private let runtimeDirectory: String
    private let runtimeFolder: RuntimeDirectory
    private let processes: [ChildProcess]
    private let compositor: ChildProcess
    private let socketName = "touchspots-mutter"

    init(shell: Bool, width: Int, height: Int, scale: Double, directory: String) throws {
        isShell = shell
        let kind: CompositorKind = shell ? .gnomeShell : .mutter
        self.kind = kind
        name = kind.rawValue
        self.width = width
        self.height = height
        for program in [name, "pipewire", "wireplumber", "gst-launch-1.0", "dbus-daemon"]
        where ChildProcess.which(program) == nil {
            throw HarnessError("\(program) is not installed (scripts/install-compositors installs it)")
        }
        guard scale == 1 else { throw HarnessError("\(name) runs here at scale 1 only") }
        guard let script = Bundle.module.path(forResource: "mutter-driver", ofType: "py") else {
            throw HarnessError("mutter-driver.py is missing from the harness's resources")
        }

        runtimeFolder = try RuntimeDirectory(prefix: "touchspots-mutter-", runAs: RuntimeDirectory.nobody)
        let runtime = runtimeFolder.runtimePath
        runtimeDirectory = runtime
        let settings = """
            [org/gnome/desktop/interface]
            enable-animations=false
            [org/gnome/desktop/notifications]
            show-banners=false
            [org/gnome/desktop/screensaver]
            lock-enabled=false
            [org/gnome/desktop/session]
            idle-delay=uint32 0
            """
        try FileManager.default.createDirectory(atPath: "\(runtime)/config/glib-2.0/settings",
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(runtime)/home", withIntermediateDirectories: true)
        try settings.write(toFile: "\(runtime)/config/glib-2.0/settings/keyfile", atomically: false, encoding: .utf8)
        let systemBusConfig = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>system</type><listen>unix:path=\(runtime)/system-bus</listen>
            <policy context="default"><allow send_destination="*"/><allow receive_sender="*"/><allow own="*"/></policy></busconfig>
            """
        try systemBusConfig.write(toFile: "\(runtime)/system-bus.conf", atomically: false, encoding: .utf8)
        try runtimeFolder.handOver()

        let environment = [
            "XDG_RUNTIME_DIR": runtime, "HOME": "\(runtime)/home", "XDG_CONFIG_HOME": "\(runtime)/config",
            "GSETTINGS_BACKEND": "keyfile", "XDG_SESSION_TYPE": "wayland",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime)/bus",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(runtime)/system-bus",
        ]
        var started: [ChildProcess] = []
        func start(_ name: String, _ arguments: [String]) throws -> ChildProcess {
            let process = try ChildProcess(name: name, arguments: ChildProcess.asNobody + arguments, environment: environment,
                                           logPath: "\(directory)/\(name).log")
            started.append(process)
            return process
        }
        do {
            _ = try start("dbus-session", ["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(runtime)/bus"])
            if shell {
                // gnome-shell asks the system bus for accounts, logind and more; an empty one will do.
                _ = try start("dbus-system", ["dbus-daemon", "--nofork", "--config-file=\(runtime)/system-bus.conf"])
                try waitForFile("\(runtime)/system-bus", timeout: 10)
            }
            try waitForFile("\(runtime)/bus", timeout: 10)
            _ = try start("pipewire", ["pipewire"])
            try waitForFile("\(runtime)/pipewire-0", timeout: 10)
            _ = try start("wireplumber", ["wireplumber"])
            compositor = try start(name, [name, "--headless", "--wayland", "--no-x11",
                                          "--virtual-monitor", "\(width)x\(height)", "--wayland-display", socketName])
            try waitForFile("\(runtime)/\(socketName)", timeout: 30)
            let controlPath = "\(runtime)/control"
            _ = try start("mutter-driver", ["/usr/bin/python3", script, controlPath])
            try waitForFile(controlPath, timeout: 40)
            let channel = try ControlChannel(path: controlPath)
            control = channel
            if shell {
                try HarnessQuirk.gnomeShellStartsInOverview.workAround {
                    try channel.send("overview hide", timeout: 20)
                }
            }
            // One touch, pointer move and key on the empty desktop, before any client is
            // there, makes touchspots' seat whole.
            try HarnessQuirk.mutterSeatGrowsOnFirstEvent.workAround {
                try channel.send(batch: ["down 0 \(width / 2) \(height / 2)", "sync", "up 0",
                                         "pointer \(width - 1) \(height - 1)", "key leftshift press",
                                         "key leftshift release", "sync"])
            }
        } catch {
            let tail = started.last?.logTail() ?? ""
            for process in started.reversed() { _ = try? process.stop(timeout: 2) }
            runtimeFolder.remove()
            throw HarnessError("\(shell ? "gnome-shell" : "mutter") did not start: \(error)\n\(tail)")
        }
        processes = started
    }

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    public var hasExited: Bool { compositor.hasExited }

    /// Ready once touchspots has a seat with touch and mutter shows its window whole: mutter's
    /// default plugin zooms and fades a new window in (250 ms, whatever the animation
    /// settings say), and touches during that land at zoomed positions. The screen is
    /// looked at until all four corners show the window's light background rather than the
    /// dark desktop.
    public func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitForWindow(width: width, height: height, client: client)
        try eventLog.waitFor(timeout: 10, "a seat with touch", abandon: { client.hasExited }) {
            $0.seat?.touch == true
        }
        try sync(client: client, eventLog: eventLog)
        try HarnessQuirk.mutterZoomsNewWindows.workAround {
            let path = "\(runtimeFolder.path)/ready.png"
            let deadline = Date().addingTimeInterval(10)
            while true {
                try screenshot(to: path)
                let image = try PNGImage(path: path)
                let corners = [(1, 1), (image.width - 2, 1), (1, image.height - 2), (image.width - 2, image.height - 2)]
                if corners.allSatisfy({ image.pixel(x: $0.0, y: $0.1).isLight }) { break }
                guard Date() < deadline else { throw HarnessError("\(name) did not show the window whole within 10 s") }
            }
        }
    }

    public var cancellation: TouchCancellation {
        guard isShell else {
            return .unavailable("mutter alone has no gesture of its own that cancels, and RemoteDesktop cannot cancel")
        }
        // gnome-shell takes a three-finger swipe up for the overview and cancels the
        // window's touches.
        var batches = [["down 1 400 400", "down 2 500 400", "down 3 600 400"]]
        for step in 1...6 {
            batches.append((1...3).map { "motion \($0) \(300 + $0 * 100) \(400 - step * 40)" })
        }
        batches.append(["up 1", "up 2", "up 3"])
        return .commands(batches, touches: 3)
    }

    /// mutter has taken every call (a D-Bus round trip), then touchspots says it has caught
    /// up (SIGUSR1, answered by a sync line in its event log).
    public func sync(client: ChildProcess, eventLog: EventLogReader) throws {
        try control.send("sync")
        try requestClientSync(client: client, eventLog: eventLog)
    }

    /// The driver runs as nobody and so writes into the runtime folder first.
    public func screenshot(to path: String) throws {
        try control.screenshot(to: path, through: runtimeDirectory, timeout: 40)
    }

    public func stop() {
        for process in processes.reversed() { _ = try? process.stop(timeout: 5) }
        runtimeFolder.remove()
    }

    deinit { stop() }
}
