import Foundation

/// A headless compositor the harness can drive: touch commands and sync over a control
/// channel, screenshots, and the environment its clients need.
public protocol Compositor: AnyObject {
    var name: String { get }
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
}

/// The compositors the harness knows how to run headless with injected touches.
public enum CompositorKind: String, CaseIterable, Sendable {
    case weston, sway, cage, phoc, kwin

    /// Starts one, `width` x `height` logical px at `scale`, logging into `directory`.
    /// `scale` may be fractional on kwin; weston and wlroots 0.15 take integers.
    public func start(width: Int, height: Int, scale: Double, directory: String) throws -> Compositor {
        if self != .kwin && scale != scale.rounded() {
            throw HarnessError("\(rawValue) takes integer scales only")
        }
        switch self {
        case .weston:
            var configuration = Weston.Configuration(modulePath: Products.westonModule,
                                                     logPath: "\(directory)/weston.log")
            configuration.width = width
            configuration.height = height
            configuration.scale = Int(scale)
            return try Weston(configuration)
        case .sway, .cage, .phoc:
            return try WlrootsCompositor(kind: self, width: width, height: height, scale: Int(scale),
                                         directory: directory)
        case .kwin:
            return try KWin(width: width, height: height, scale: scale, directory: directory)
        }
    }

    /// Whether its program is installed here.
    public var isInstalled: Bool { ChildProcess.which(self == .kwin ? "kwin_wayland" : rawValue) != nil }
}

extension Compositor {
    /// Compositors the harness extends (weston's module, the wlroots shim) sync by pinging
    /// every client and repainting until nobody commits.
    public func sync(client: ChildProcess, eventLog: EventLogReader) throws {
        try control.send("sync")
    }
}
