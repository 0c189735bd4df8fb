import EventLogFormat
import TouchCore
import WaylandClient

/// What drawing the window tells: the presenter's commits (to the latency meter, and the
/// log's `ready` and `scale` lines) and the latency meter's findings (the `presented`
/// lines, its warning, the panel's status line). Apart from `App`, which wires the loop
/// and the window, because none of this decides anything: it passes facts on.
final class WindowReports: SurfacePresenter.Owner, LatencyMeter.Owner {
    private let log: EventLog?
    private let latency: LatencyMeter
    private let surface: Surface
    /// Shows the meter's status line on the panel (the session's `showLatency`).
    private let showLatency: (String) -> Void

    init(log: EventLog?, latency: LatencyMeter, surface: Surface, showLatency: @escaping (String) -> Void) {
        self.log = log
        self.latency = latency
        self.surface = surface
        self.showLatency = showLatency
    }

    func presenterWillCommit() { latency.willCommit(surface) }

    func presenterCommittedFirst(size: Size, scale: Double) {
        log?.write(.ready(width: size.width, height: size.height, scale: scale))
    }

    func presenterLoweredScale(asked: Double, used: Double) {
        let limit = BufferPool.maxBufferBytes >> 20
        let message = "the compositor's scale \(asked) would need a buffer over \(limit) MiB; drawing at \(used)"
        log?.write(.warning(message: message, kind: .scale))
    }

    func latencyMeter(reported presented: LogPresented) { log?.write(.presented(presented)) }
    func latencyMeter(warned message: String) { log?.write(.warning(message: message, kind: .latency)) }
    func latencyMeter(summarized line: String) { showLatency(line) }
}
