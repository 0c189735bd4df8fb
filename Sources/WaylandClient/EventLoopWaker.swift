import CWaylandProtocols
import Glibc

/// Wakes the event loop from another thread: an eventfd the loop polls beside the display.
/// The stroke loader's thread says so when it is done (`StrokeLoader`), where the loop
/// once looked every 2 ms until then.
public final class EventLoopWaker: @unchecked Sendable {
    let fd: Int32

    init() throws {
        fd = ts_wake_fd()
        guard fd >= 0 else { throw WaylandError.system(call: "eventfd", errno: errno) }
    }

    /// Safe from any thread: the loop's next poll returns, and `loopIsIdle` runs.
    public func wake() { ts_wake(fd) }

    func drain() { ts_drain(fd) }

    deinit { close(fd) }
}
