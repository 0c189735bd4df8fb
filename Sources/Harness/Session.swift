import Foundation

/// A headless weston with touchspots running in it: what every end-to-end test and the
/// scenario runner start from. Everything it starts, it stops. Unchecked Sendable only so
/// that a signal handler may call stop(), which is safe to call twice.
public final class Session: @unchecked Sendable {
    public let weston: Weston
    public let client: ChildProcess
    public let eventLog: EventLogReader
    public let outputDirectory: String

    /// Starts weston (width x height at `scale`), then touchspots fullscreen with an event
    /// log in `outputDirectory`, and waits until its window is on screen and touchable.
    public init(outputDirectory: String, width: Int = 1024, height: Int = 640, scale: Int = 1,
                clientArguments: [String] = [], touchspots: String = Products.touchspots,
                westonModule: String = Products.westonModule) throws {
        try FileManager.default.createDirectory(atPath: outputDirectory,
                                                withIntermediateDirectories: true)
        self.outputDirectory = outputDirectory
        var configuration = Weston.Configuration(modulePath: westonModule,
                                                 logPath: "\(outputDirectory)/weston.log")
        configuration.width = width
        configuration.height = height
        configuration.scale = scale
        weston = try Weston(configuration)

        let logPath = "\(outputDirectory)/events.jsonl"
        eventLog = EventLogReader(path: logPath)
        guard FileManager.default.isExecutableFile(atPath: touchspots) else {
            weston.stop()
            throw HarnessError("touchspots binary not found at \(touchspots) (run swift build)")
        }
        client = try ChildProcess(name: "touchspots",
                                  arguments: [touchspots, "--fullscreen", "--event-log", logPath]
                                      + clientArguments,
                                  environment: weston.clientEnvironment,
                                  logPath: "\(outputDirectory)/touchspots.log")
        do {
            try weston.control.send("wait-ready")
        } catch {
            let tail = client.logTail()
            stop()
            throw HarnessError("touchspots did not show a window: \(error)\n\(tail)")
        }
    }

    /// Sends one module command (down, motion, up, frame, cancel, sync, ...).
    @discardableResult
    public func send(_ command: String) throws -> String {
        try weston.control.send(command)
    }

    /// Sends touch commands as one batch (see ControlChannel.send(batch:)).
    public func send(batch commands: [String]) throws {
        try weston.control.send(batch: commands)
    }

    /// Returns once touchspots has handled everything sent and the screen shows it.
    public func sync() throws { try send("sync") }

    /// Syncs, then writes a screenshot to outputDirectory/name and decodes it.
    @discardableResult
    public func screenshot(_ name: String) throws -> PNGImage {
        try sync()
        let path = "\(outputDirectory)/\(name)"
        try send("screenshot \(path)")
        return try PNGImage(path: path)
    }

    /// Stops touchspots (SIGTERM) and weston; returns touchspots' exit status.
    @discardableResult
    public func stop() -> Int32? {
        let status = try? client.stop(timeout: 5)
        weston.stop()
        return status
    }

    deinit { stop() }
}
