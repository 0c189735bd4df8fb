import CWaylandClient
import CWaylandProtocols
import Glibc

/// The client's only loop: poll on the display fd, a signalfd for SIGINT/SIGTERM, the
/// waker's eventfd, and the nearest deadline of the owner's timers (the core keeps those,
/// on its injected clock). Nothing wakes it while nothing happens.
public final class EventLoop {
    /// What the event loop asks of its owner (the app): one protocol, so a reader finds every
    /// call the loop makes into the client by its conformance.
    public protocol Owner: AnyObject {
        /// Asked after each read: the touch groups still open, which decide whether to read
        /// what else waits on the socket before `loopIsIdle` and how long to wait for the rest
        /// of a burst (`SocketReadRules`).
        var pendingTouchGroups: PendingTouchGroups { get }
        /// The next deadline (monotonic seconds) the loop must wake for, if any;
        /// `loopIsIdle` runs after the wake, and is where the owner fires what is due.
        var nextDeadline: Double? { get }
        /// Runs after every batch of events has been dispatched and before the loop blocks:
        /// the place to flush touch groups that got no frame and to draw.
        func loopIsIdle()
        /// SIGUSR1 arrived (handled in the loop, not in a signal handler).
        func loopReceivedUserSignal()
    }

    public enum Exit: Equatable, Sendable {
        /// stop() was called (window closed, quit key...).
        case stopped
        /// SIGINT or SIGTERM.
        case signal(Int32)
    }

    private let display: Display
    private var signalFD: Int32 { display.signalFD }
    private var exit: Exit?
    /// The display, the signalfd and the waker; kept, so a wake-up allocates nothing.
    private var fds = [pollfd(), pollfd(), pollfd()]
    /// For another thread to wake the loop (held by what it hands to that thread).
    public let waker: EventLoopWaker

    /// Unowned: the owner owns the loop. Without one, the loop reads ahead, waits for no
    /// deadline and has nothing to do when idle.
    public unowned var owner: Owner?

    private var pendingTouchGroups: PendingTouchGroups { owner?.pendingTouchGroups ?? .unknown }

    /// Work that makes roundtrips of its own (loading libdecor): the idle pass runs while the loop
    /// has prepared to read, and a roundtrip then would wait for that read forever.
    private var workBeforeRead: (() throws -> Void)?

    public init(display: Display) throws {
        self.display = display
        waker = try EventLoopWaker()
    }

    /// Runs `work` at the start of the next pass, before the loop prepares to read (the
    /// loop does not block in between). A second call before then replaces the first.
    public func runBeforeNextRead(_ work: @escaping () throws -> Void) {
        workBeforeRead = work
    }

    /// Seconds on CLOCK_MONOTONIC, the clock timers use.
    public static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public func stop() { exit = .stopped }

    /// Runs until stop() or a termination signal. Throws when the connection fails.
    public func run() throws -> Exit {
        let d = display.pointer
        var readsWithoutIdle = 0
        while exit == nil {
            if let work = workBeforeRead {
                workBeforeRead = nil
                try work()
                if exit != nil { break }
            }
            while wl_display_prepare_read(d) != 0 {
                if wl_display_dispatch_pending(d) < 0 { throw display.currentError() }
            }
            // libwayland reads at most 4 KiB at a time: the rest of a burst (a frame of some
            // 128 fingers or more) may already wait on the socket. Read it before the idle pass, so
            // that the touch groups the idle pass hands on are never cut between two reads, with or
            // without wl_touch.frame. A compositor that never stops sending still gets drawn
            // every 64 KiB.
            if readsWithoutIdle < Self.maximumReadsWithoutIdle && SocketReadRules.readsAhead(pendingTouchGroups)
                && (displayIsReadable(waitingMs: 0) || waitedForMoreEvents()) {
                readsWithoutIdle += 1
                if wl_display_read_events(d) < 0 { throw display.currentError() }
                if wl_display_dispatch_pending(d) < 0 { throw display.currentError() }
                continue
            }
            readsWithoutIdle = 0
            owner?.loopIsIdle()
            if exit != nil {
                wl_display_cancel_read(d)
                break
            }
            var wantWrite = false
            if wl_display_flush(d) < 0 {
                if errno == EAGAIN {
                    wantWrite = true
                } else {
                    let error = display.currentError()
                    wl_display_cancel_read(d)
                    throw error
                }
            }

            fds[0] = pollfd(fd: display.fileDescriptor,
                            events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0)
            fds[1] = pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
            fds[2] = pollfd(fd: waker.fd, events: Int16(POLLIN), revents: 0)
            let timeout = pollTimeout()
            let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeout) }
            if ready < 0 && errno != EINTR {
                wl_display_cancel_read(d)
                throw WaylandError.system(call: "poll", errno: errno)
            }
            let displayEvents = ready > 0 ? fds[0].revents : 0
            if displayEvents & Int16(POLLIN) != 0 {
                if wl_display_read_events(d) < 0 { throw display.currentError() }
            } else {
                wl_display_cancel_read(d)
                if displayEvents & Int16(POLLHUP | POLLERR) != 0 {
                    throw WaylandError.disconnected(reason: "the socket was closed")
                }
            }
            if wl_display_dispatch_pending(d) < 0 { throw display.currentError() }
            // Woken by another thread: the next pass's idle call takes what it finished.
            if ready > 0 && fds[2].revents & Int16(POLLIN) != 0 { waker.drain() }
            if ready > 0 && fds[1].revents & Int16(POLLIN) != 0 {
                let signal = ts_read_signal(signalFD)
                if signal == SIGUSR1 {
                    owner?.loopReceivedUserSignal()
                } else if signal != 0 {
                    exit = .signal(signal)
                }
            }
        }
        _ = wl_display_flush(d)
        return exit!
    }

    private static let maximumReadsWithoutIdle = 16

    private func waitedForMoreEvents() -> Bool {
        let grace = SocketReadRules.graceMilliseconds(pendingTouchGroups)
        return grace > 0 && displayIsReadable(waitingMs: grace)
    }

    /// Whether the display socket has data now or within `waitingMs`.
    private func displayIsReadable(waitingMs: Int32) -> Bool {
        fds[0] = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, 1, waitingMs) }
        return ready > 0 && fds[0].revents & Int16(POLLIN) != 0
    }

    private func pollTimeout() -> Int32 {
        if workBeforeRead != nil { return 0 }
        guard let next = owner?.nextDeadline else { return -1 }
        let ms = (next - Self.monotonicNow()) * 1000
        return ms <= 0 ? 0 : Int32(min(ms.rounded(.up), Double(Int32.max)))
    }
}
