import Glibc

/// CLOCK_MONOTONIC in seconds, and sleeping until a moment on it: the one clock the harness,
/// its measurements and the tests that pace touches keep time by (the client's own is its
/// event loop's, `EventLoop.monotonicNow`, on the same clock).
public enum MonotonicClock {
    /// Seconds on CLOCK_MONOTONIC.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Sleeps until `deadline` on the monotonic clock, at most a day from now: a deadline
    /// past what `timespec` holds (a pace of 1e-300 Hz) trapped in `Int(_:)` before.
    public static func sleep(until deadline: Double) {
        let current = now()
        guard deadline.isFinite, deadline > current else { return }
        let target = min(deadline, current + 86_400)
        var ts = timespec(tv_sec: Int(target), tv_nsec: Int((target - target.rounded(.down)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
