import TouchCore
import WaylandClient

/// The real clock handed to the core: the event loop's CLOCK_MONOTONIC seconds.
final class MonotonicClock: Clock {
    var now: Double { EventLoop.monotonicNow() }
}
