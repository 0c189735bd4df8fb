import Foundation
import ToolSupport

/// A headless compositor (weston unless told otherwise) with touchspots running in it:
/// what every end-to-end test and the scenario runner start from. Everything it starts, it stops. Unchecked Sendable only so
/// that a signal handler may call stop(), which is safe to call twice.
public final class HeadlessRun: @unchecked Sendable {
    public let compositor: Compositor
    public let client: ChildProcess
    public let eventLog: EventLogReader
    public let outputDirectory: String
    /// Where the window's content lies on the output: (0, 0) fullscreen; a windowed
    /// run asks the compositor. Touch coordinates sent through the run are the
    /// window's own and are moved by it.
    public private(set) var origin: (x: Double, y: Double) = (0, 0)

    /// Starts the compositor (width x height at `scale`), then touchspots with an event log
    /// in `outputDirectory`, and waits until its window is on screen and touchable.
    /// touchspots is fullscreen unless `windowed`: then it starts as the app grid starts it
    /// (a decorated window the compositor places: weston's desktop shell, sway tiling it
    /// with its title bar), and the run learns where the window is.
    public convenience init(outputDirectory: String, compositor kind: CompositorKind = .weston,
                            width: Int = 1024, height: Int = 640, scale: Double = 1, windowed: Bool = false,
                            clientArguments: [String] = [], environment: [String: String] = [:],
                            physicalSize: PhysicalSize? = nil, asShipped: Bool = false,
                            touchspots: String = Products.touchspots, clientName: String = "touchspots") throws {
        try self.init(outputDirectory: outputDirectory, windowed: windowed, clientArguments: clientArguments,
                      environment: environment, touchspots: touchspots, clientName: clientName) {
            try kind.start(width: width, height: height, scale: scale, directory: outputDirectory, windowed: windowed,
                           physicalSize: physicalSize, asShipped: asShipped)
        }
    }

    /// The same with a compositor `start` makes (a nested one, `NestedCompositor`).
    /// `touchspots` may name another client that takes `--fullscreen` and `--event-log`
    /// and writes the lines the drivers wait for (`touchspots-surface-probe`); its log is
    /// `clientName.log`.
    public init(outputDirectory: String, windowed: Bool = false, clientArguments: [String] = [],
                environment: [String: String] = [:], touchspots: String = Products.touchspots,
                clientName: String = "touchspots", start: () throws -> Compositor) throws {
        try FileManager.default.createDirectory(atPath: outputDirectory,
                                                withIntermediateDirectories: true)
        self.outputDirectory = outputDirectory
        compositor = try start()

        let logPath = "\(outputDirectory)/events.jsonl"
        eventLog = EventLogReader(path: logPath)
        guard FileManager.default.isExecutableFile(atPath: touchspots) else {
            compositor.stop()
            throw HarnessError("\(clientName) binary not found at \(touchspots) (run swift build)")
        }
        client = try ChildProcess(name: clientName,
                                  arguments: [touchspots] + (windowed ? [] : ["--fullscreen"])
                                      + ["--event-log", logPath] + clientArguments,
                                  environment: compositor.clientEnvironment.merging(environment) { $1 },
                                  logPath: "\(outputDirectory)/\(clientName).log")
        do {
            if windowed {
                try compositor.waitUntilWindowedReady(eventLog: eventLog, client: client)
                origin = try compositor.windowOrigin()
            } else {
                try compositor.waitUntilReady(eventLog: eventLog, client: client)
            }
        } catch {
            let tail = client.logTail()
            // The compositor gone first is the compositor's doing (weston on an option it
            // does not know), not the client's, which then only lost its connection.
            let compositorGone = compositor.hasExited
            stop()
            if compositorGone {
                throw HarnessError("\(compositor.name) exited before \(clientName) showed a window (its log says why): \(error)")
            }
            throw HarnessError("\(clientName) did not show a window: \(error)\n\(tail)")
        }
    }

    /// Sends one module command (down, motion, up, frame, cancel, sync, ...).
    @discardableResult
    public func send(_ command: String) throws -> String {
        try compositor.control.send(placed(command))
    }

    /// Sends touch commands as one batch (see ControlChannel.send(batch:)).
    public func send(batch commands: [String]) throws {
        try compositor.control.send(batch: commands.map(placed))
    }

    /// `command` with its window coordinates moved to the output's: the X Y of down,
    /// motion, pointer, tool-in, tool-motion and watch.
    public func placed(_ command: String) -> String {
        guard origin != (0, 0) else { return command }
        var words = command.split(separator: " ").map(String.init)
        let at: Int
        switch words.first {
        case "down", "motion", "tool-in", "tool-motion": at = 2
        case "pointer", "watch": at = 1
        default: return command
        }
        guard words.count > at + 1, let x = Double(words[at]), let y = Double(words[at + 1]) else { return command }
        words[at] = "\(x + origin.x)"
        words[at + 1] = "\(y + origin.y)"
        return words.joined(separator: " ")
    }

    /// Returns once touchspots has handled everything sent and the screen shows it.
    public func sync() throws { try compositor.sync(client: client, eventLog: eventLog) }

    /// Syncs, then writes a screenshot to outputDirectory/name and decodes it.
    @discardableResult
    public func screenshot(_ name: String) throws -> PNGImage {
        let path = "\(outputDirectory)/\(name)"
        try sync()
        try compositor.screenshot(to: path)
        return try PNGImage(path: path)
    }

    /// Stops touchspots (SIGTERM) and the compositor; returns touchspots' exit status.
    @discardableResult
    public func stop() -> Int32? {
        let status = try? client.stop(timeout: 5)
        compositor.stop()
        return status
    }

    deinit { stop() }
}
