import EventLogFormat
import Foundation
import Glibc
import ToolSupport

/// Any compositor that can run as a Wayland client (weston's wayland backend, wlroots'
/// `WLR_BACKENDS=wayland`, `kwin_wayland --windowed`, wayfire), run inside the harness's own
/// headless weston and touched through it (docs/conformance.md, "Any compositor, nested").
/// Nothing of ours runs inside the compositor under test: the host weston's seat is its
/// touchscreen, as a desktop's seat is a nested compositor's, so its version and build are
/// the user's own.
///
/// The host is the harness's instrument, not what is judged: its workarounds for weston 10
/// stay on (a frame after the last up, a cancel), so that what reaches the nested
/// compositor is a well-formed stream. The nested compositor must fill the host's output
/// (a fullscreen window: `--fullscreen` for weston; wlroots and kiosk compositors are
/// fullscreen on a kiosk host) for a touch to land where the harness says; it runs as
/// `nobody` when the harness is root (sway refuses root), with a runtime folder of its own.
public final class NestedCompositor: Compositor {
    public let name: String
    /// The known compositor its program is, if any (a nested cage is still cage).
    public var kind: CompositorKind? { CompositorKind(rawValue: name) }
    /// The command line as given.
    public let command: [String]
    private let host: Weston
    private let process: ChildProcess
    private let runtime: RuntimeDirectory
    private let socketName: String

    public var control: ControlChannel { host.control }
    public var hasExited: Bool { process.hasExited || host.hasExited }

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime.runtimePath, "WAYLAND_DISPLAY": socketName]
    }

    /// Starts the host (width x height, scale 1), then `command` as its client with
    /// `variables` in its environment, and waits for the nested compositor's socket (at
    /// most 20 s).
    public init(command: [String], environment variables: [String: String] = [:], width: Int, height: Int,
                directory: String) throws {
        guard let program = command.first, let path = ChildProcess.which(program) else {
            throw HarnessError("the compositor command's program \(command.first ?? "(none)") is not found")
        }
        self.command = command
        name = (program as NSString).lastPathComponent
        var configuration = Weston.Configuration(modulePath: Products.westonModule, logPath: "\(directory)/host-weston.log")
        configuration.width = width
        configuration.height = height
        host = try Weston(configuration)
        let asNobody = getuid() == 0
        do {
            runtime = try RuntimeDirectory(prefix: "touchspots-nested-", runAs: asNobody ? RuntimeDirectory.nobody : nil)
        } catch {
            host.stop()
            throw error
        }
        // The nested compositor, as nobody, connects to the host's socket by its path:
        // the host's folder may be passed through, its socket written to by nobody's group.
        let hostSocket = "\(host.runtimeDirectory)/\(host.socketName)"
        guard !asNobody || (chmod(host.runtimeDirectory, 0o711) == 0 && chown(hostSocket, 0, RuntimeDirectory.nobody.gid) == 0
                            && chmod(hostSocket, 0o660) == 0) else {
            runtime.remove()
            host.stop()
            throw HarnessError("cannot open the host's socket to the nested compositor: \(String(cString: strerror(errno)))")
        }
        // The host's socket also under a name in the nested compositor's own folder: some
        // take WAYLAND_DISPLAY as a name there only (Mir's wayland platform).
        guard symlink(hostSocket, "\(runtime.runtimePath)/\(Self.hostName)") == 0 else {
            runtime.remove()
            host.stop()
            throw HarnessError("cannot link the host's socket: \(String(cString: strerror(errno)))")
        }
        do {
            try runtime.handOver()
            // As nobody, the host's display is said after `env` (ChildProcess.asNobody
            // unsets it, so that the compositors the drivers start never join a parent).
            let environment = variables.merging(["XDG_RUNTIME_DIR": runtime.runtimePath, "WAYLAND_DISPLAY": Self.hostName]) { $1 }
            let user = asNobody ? ChildProcess.asNobody.prefix { $0 != "env" }
                + ["env", "-u", "DISPLAY"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } : []
            process = try ChildProcess(name: name, arguments: user + [path] + command.dropFirst(),
                                       environment: environment, logPath: "\(directory)/\(name).log")
        } catch {
            runtime.remove()
            host.stop()
            throw error
        }
        do {
            socketName = try Self.waitForSocket(in: runtime.runtimePath, timeout: 20, abandon: { [process] in process.hasExited })
        } catch {
            let tail = process.logTail()
            _ = try? process.stop(timeout: 2)
            runtime.remove()
            host.stop()
            throw HarnessError("\(name) did not start nested: \(error)\n\(tail)")
        }
    }

    /// The host's socket's name in the nested compositor's runtime folder (a link).
    static let hostName = "touchspots-host"

    /// The first socket in `folder` (the nested compositor's, whatever it names it).
    static func waitForSocket(in folder: String, timeout: Double, abandon: () -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                var info = stat()
                // libwayland makes NAME.lock beside the display's socket NAME; other
                // sockets (sway's IPC) have none.
                if lstat("\(folder)/\(entry)", &info) == 0, info.st_mode & S_IFMT == S_IFSOCK,
                   FileManager.default.fileExists(atPath: "\(folder)/\(entry).lock") { return entry }
            }
            if abandon() { throw HarnessError("it exited") }
            usleep(50_000)  // no inotify on a folder another user fills: it is polled
        }
        throw HarnessError("no Wayland socket in \(folder) within \(Int(timeout)) s")
    }

    /// touchspots' window fills the nested output (the host's size), then the host
    /// announces touch again: wlroots 0.15's wayland backend makes its touch device only
    /// when the host announces touch after it started, and the host announced it before.
    public func waitUntilReady(eventLog: EventLogReader, client: ChildProcess) throws {
        let size = try control.send("size").split(separator: " ").compactMap { Int($0) }
        guard size.count == 2 else { throw HarnessError("size: unexpected reply") }
        try eventLog.waitForWindow(width: size[0], height: size[1], client: client)
        try announceTouch(eventLog: eventLog, client: client)
        try sync(client: client, eventLog: eventLog)
    }

    public func waitUntilWindowedReady(eventLog: EventLogReader, client: ChildProcess) throws {
        try eventLog.waitFor(timeout: 20, "the ready line", abandon: { client.hasExited }) { $0.ready != nil }
        try announceTouch(eventLog: eventLog, client: client)
        try sync(client: client, eventLog: eventLog)
    }

    /// Touch off and on at the host; waits (at most 10 s) until touchspots' seat has touch.
    private func announceTouch(eventLog: EventLogReader, client: ChildProcess) throws {
        func hasTouch(_ events: [LogLine]) -> Bool {
            guard case .seat(_, let touch, _, _)? = events.last(where: { $0.kind == .seat }) else { return false }
            return touch
        }
        // Only a seat still without touch needs it announced again: nested weston 10, whose
        // seat has touch from the start, lost the first down after the host's seat dropped
        // and restored it (NestedConformanceEndToEndTests, the surface probe's first touch).
        if try hasTouch(eventLog.events()) { return }
        let before = try eventLog.events().filter { $0.kind == .seat }.count
        try HarnessQuirk.wlroots015NestedTouchOnStartup.workAround {
            try control.send("touch-capability off")
            try control.send("touch-capability on")
        }
        // A compositor that ignores the host's capabilities once it has a touch device
        // sends no new seat line: its seat keeps the touch it had.
        _ = try? eventLog.waitUntil(timeout: 10, "touch on the nested compositor's seat", abandon: { client.hasExited }) {
            hasTouch($0) && $0.filter { $0.kind == .seat }.count > before
        }
        guard try hasTouch(eventLog.events()) else {
            throw HarnessError("the nested \(name)'s seat has no touch, though the host's has (see \(name).log)")
        }
    }

    /// The host's sync reaches the nested compositor (its client); touchspots, a client of
    /// the nested one, is asked itself.
    public func sync(client: ChildProcess, eventLog: EventLogReader) throws {
        try control.send("sync")
        try requestClientSync(client: client, eventLog: eventLog)
    }

    public func screenshot(to path: String) throws { try host.screenshot(to: path) }

    public func stop() {
        _ = try? process.stop(timeout: 5)
        runtime.remove()
        host.stop()
    }

    deinit { stop() }
}
