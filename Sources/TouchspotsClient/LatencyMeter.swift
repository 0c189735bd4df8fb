import EventLogFormat
import WaylandClient

/// touchspots' own touch-to-screen latency, for every commit that draws touches:
///
/// - *touch to commit*: on the client's CLOCK_MONOTONIC, from the moment the oldest touch
///   event drawn in the commit was handed to touchspots (right after it was read from the
///   socket) to the commit. It is touchspots' own delay: handling, drawing, and waiting for
///   the compositor's frame callback when one was pending.
/// - *touch to present*: from the oldest touch event's own timestamp (zwp_input_timestamps
///   in ns where offered, else wl_touch's ms) to the moment wp_presentation says the commit
///   reached the screen. It adds what happened before touchspots read the event (the
///   compositor's input handling, the socket) and after the commit (the compositor's
///   repaint, scan-out). The protocol ties neither input timestamps nor wl_touch times to
///   the presentation clock, so the touch time is placed on a clock it fits: the one on
///   which it falls less than a second before touchspots read it (CLOCK_MONOTONIC, as
///   libinput stamps events, or the presentation clock itself). The clocks are sampled
///   together when the event is read, so their offset is known. If it fits neither, a
///   warning says so once and the value is null.
final class LatencyMeter {
    /// The oldest touch event not yet drawn.
    private struct Pending {
        /// CLOCK_MONOTONIC ns when touchspots got it.
        let readAt: UInt64
        /// Where on the presentation clock the touch happened, if a clock fits its time.
        let presentationTime: UInt64?
        /// How long before `readAt` the touch happened (ns), on the clock its time fits.
        let inputAge: UInt64?
        let frameCallbackPending: Bool
    }

    private let registry: Registry
    private var pending: Pending?
    /// Commits whose presentation feedback has not come yet (a few at most), kept in a
    /// reused array rather than in a closure per commit.
    private struct InFlight {
        let commit: Int
        let touchToCommit: Double
        let touch: Pending
    }
    private var inFlight: [InFlight] = []
    private var nextTimestamp: UInt64?
    private(set) var commits = 0
    private var warnedAboutClocks = false

    /// What the meter tells its owner (the app), as one protocol, as `Toplevel.Owner` is
    /// for the window.
    protocol Owner: AnyObject {
        /// A commit's latencies, once its presentation feedback came: the event log's
        /// `presented` line itself (one record, the log's, not a copy of it).
        func latencyMeter(reported presented: LogPresented)
        /// Something the meter cannot use (touch times on no known clock), told once.
        func latencyMeter(warned message: String)
        /// The status line for the panel, when the percentiles change.
        func latencyMeter(summarized line: String)
    }

    /// Unowned: the owner owns the meter.
    unowned var owner: Owner?

    /// The latest 512 commits' latencies, for the panel's percentiles (RecentSamples says
    /// why a ring and not histograms).
    private var commitSamples = RecentSamples()
    private var presentSamples = RecentSamples()
    private var lastSummary = ""

    private static let monotonic: Int32 = 1  // CLOCK_MONOTONIC
    private static let monotonicRaw: Int32 = 4  // CLOCK_MONOTONIC_RAW

    /// Whether the window waits for a frame callback (asked when a touch is read).
    private let isWaitingForFrame: () -> Bool

    init(registry: Registry, isWaitingForFrame: @escaping () -> Bool) {
        self.registry = registry
        self.isWaitingForFrame = isWaitingForFrame
        inFlight.reserveCapacity(Self.maxInFlight)
    }

    /// A compositor that never answers must not make the list grow without end.
    private static let maxInFlight = 64

    /// zwp_input_timestamps_v1: the next touch event's time in ns.
    func touchTimestamp(_ nanoseconds: UInt64) { nextTimestamp = nanoseconds }

    /// A touch down, motion or up with wl_touch's ms time.
    func touchEvent(milliseconds: UInt32) {
        let precise = nextTimestamp
        nextTimestamp = nil
        guard pending == nil, let now = clockNanoseconds(Self.monotonic) else { return }
        var presentationTime: UInt64?
        var inputAge: UInt64?
        if let presentationClock = registry.presentationClock,
           let presentationNow = clockNanoseconds(presentationClock) {
            // How long before now the touch happened, on the first clock its time fits
            // (tried one by one: a list of the clocks was an allocation per commit).
            func fits(_ clock: Int32) -> Bool {
                guard let clockNow = clock == Self.monotonic ? now : clockNanoseconds(clock),
                      let age = Self.age(of: precise, milliseconds: milliseconds, at: clockNow) else { return false }
                presentationTime = presentationNow &- age
                inputAge = age
                return true
            }
            _ = fits(Self.monotonic) || fits(presentationClock)
                || (presentationClock != Self.monotonicRaw && fits(Self.monotonicRaw))
            if presentationTime == nil && !warnedAboutClocks {
                warnedAboutClocks = true
                owner?.latencyMeter(warned: "touch times fit neither CLOCK_MONOTONIC nor the presentation clock (\(presentationClock)): touchToPresentMs is null")
            }
        }
        // Without a presentation clock, the input's age on CLOCK_MONOTONIC alone.
        if inputAge == nil { inputAge = Self.age(of: precise, milliseconds: milliseconds, at: now) }
        pending = Pending(readAt: now, presentationTime: presentationTime, inputAge: inputAge,
                          frameCallbackPending: isWaitingForFrame())
    }

    /// How long before `clockNow` an event stamped `precise` (ns) or `milliseconds`
    /// happened on that clock, if that is between 0 and 1 s.
    static func age(of precise: UInt64?, milliseconds: UInt32, at clockNow: UInt64) -> UInt64? {
        let limit: UInt64 = 1_000_000_000
        if let precise {
            return clockNow >= precise && clockNow - precise <= limit ? clockNow - precise : nil
        }
        let nowMilliseconds = UInt32(truncatingIfNeeded: clockNow / 1_000_000)
        let age = UInt64(nowMilliseconds &- milliseconds)  // wl_touch times wrap at 2^32 ms
        return age <= 1000 ? age * 1_000_000 : nil
    }

    /// Right before a buffer commit: if it draws touches, ask when it reaches the screen.
    func willCommit(_ surface: Surface) {
        commits += 1
        guard let touch = pending, let now = clockNanoseconds(Self.monotonic) else { return }
        pending = nil
        let touchToCommit = Double(now &- touch.readAt) / 1e6
        if surface.requestPresentationFeedback(tag: commits) {
            if inFlight.count >= Self.maxInFlight { inFlight.removeFirst() }
            inFlight.append(InFlight(commit: commits, touchToCommit: touchToCommit, touch: touch))
        }
    }

    /// A commit's answer (Surface.onPresented): its report, and the panel's percentiles.
    func presented(commit: Int, _ time: PresentedTime?) {
        guard let index = inFlight.firstIndex(where: { $0.commit == commit }) else { return }
        let flight = inFlight.remove(at: index)
        presented(commit: commit, touchToCommit: flight.touchToCommit, touch: flight.touch, time)
    }

    /// Whether a touch or pen event was read that no commit has carried yet: the window
    /// then commits at once, frame callback or not (SurfacePresenter.presentIfNeeded).
    var hasUndrawnTouch: Bool { pending != nil }

    /// The touches read since the last commit changed nothing on screen: no commit will
    /// carry them.
    func nothingToDraw() { pending = nil }

    private func presented(commit: Int, touchToCommit: Double, touch: Pending, _ time: PresentedTime?) {
        let touchToPresent = time.flatMap { t in touch.presentationTime.map { Double(t.nanoseconds &- $0) / 1e6 } }
        let refresh = time.flatMap { $0.refresh == 0 ? nil : Double($0.refresh) / 1e6 }
        // Milliseconds to the microsecond (plenty); a discarded commit has no presentation.
        func microseconds(_ ms: Double) -> Double { (ms * 1000).rounded() / 1000 }
        owner?.latencyMeter(reported: LogPresented(
            commit: commit, touchToCommitMs: microseconds(touchToCommit),
            touchToPresentMs: time == nil ? nil : touchToPresent.map(microseconds),
            refreshMs: time == nil ? nil : refresh.map(microseconds), discarded: time == nil ? true : nil,
            waitedForFrame: touch.frameCallbackPending, inputToReadMs: touch.inputAge.map { microseconds(Double($0) / 1e6) }))
        commitSamples.record(touchToCommit)
        if let touchToPresent, touchToPresent >= 0 { presentSamples.record(touchToPresent) }
        // The panel line changes at most twice a second: redrawing its text on every
        // commit would cost more than everything else the commit draws.
        guard let now = clockNanoseconds(Self.monotonic), now &- lastSummaryAt >= Self.summaryInterval else { return }
        lastSummaryAt = now
        let summary = self.summary()
        if summary != lastSummary {
            lastSummary = summary
            owner?.latencyMeter(summarized: summary)
        }
    }

    private static let summaryInterval: UInt64 = 500_000_000
    private var lastSummaryAt: UInt64 = 0

    /// "touch to commit 0.3 / 0.9 ms, to screen 17.1 / 25.0 ms (p50 / p99)".
    private func summary() -> String {
        func format(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }
        var text = ""
        if let commit = commitSamples.percentiles() {
            text = "touch to commit \(format(commit.p50)) / \(format(commit.p99)) ms"
        }
        if let screen = presentSamples.percentiles() {
            text += ", to screen \(format(screen.p50)) / \(format(screen.p99)) ms"
        }
        return text.isEmpty ? "" : text + " (p50 / p99)"
    }
}
