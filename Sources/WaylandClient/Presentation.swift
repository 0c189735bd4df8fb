import CWaylandClient
import CWaylandProtocols

/// When a commit reached the screen, from wp_presentation (weston, wlroots and mutter offer
/// it): what touchspots' touch-to-screen latency is measured against.
public struct PresentedTime: Sendable {
    /// The presentation timestamp, in ns on the compositor's presentation clock.
    public let nanoseconds: UInt64
    /// The output's refresh period in ns; 0 when unknown (a variable or unknown rate).
    public let refresh: UInt32
}

/// One wp_presentation_feedback: asked for right before a commit, answered once with
/// `presented` or `discarded` (the commit never reached the screen). Its surface holds it
/// until then, destroys what is still unanswered when it goes, and keeps answered ones
/// for the next commits: a commit asks for one, and the Swift side of it is not
/// allocated anew each time (only libwayland's proxy is).
final class PresentationFeedback {
    private var proxy: OpaquePointer?
    /// What the asker gave to tell this commit's answer from the others'.
    private(set) var tag = 0
    private unowned let surface: Surface

    /// wp_presentation_feedback's events, in the XML's order.
    private enum Event: UInt32 { case syncOutput, presented, discarded }

    /// Its events through a dispatcher rather than a listener, as the touch events come
    /// (TouchDevice's dispatcher says why): every commit asks for one of these, so each
    /// commit's answer (a `sync_output` and a `presented`) went through libffi twice.
    private static let dispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
        guard let target, let args, let data = wl_proxy_get_user_data(OpaquePointer(target)),
              let event = Event(rawValue: opcode)
        else { return 0 }
        switch event {
        case .syncOutput: break
        case .presented:
            // presented(tv_sec_hi, tv_sec_lo, tv_nsec, refresh, seq_hi, seq_lo, flags).
            // A time no clock reaches is no presentation the meter can use: told as discarded.
            let time = protocolNanoseconds(secondsHigh: args[0].u, secondsLow: args[1].u, nanoseconds: args[2].u)
            object(data, as: PresentationFeedback.self).finish(time.map { PresentedTime(nanoseconds: $0, refresh: args[3].u) })
        case .discarded:
            object(data, as: PresentationFeedback.self).finish(nil)
        }
        return 0
    }

    init(surface: Surface) {
        self.surface = surface
    }

    func start(presentation: OpaquePointer, tag: Int) {
        let proxy = wp_presentation_feedback(presentation, surface.proxy)!
        wl_proxy_add_dispatcher(proxy, Self.dispatcher, nil, unretained(self))
        self.proxy = proxy
        self.tag = tag
    }

    private func finish(_ time: PresentedTime?) {
        withExtendedLifetime(self) {
            if let proxy { wp_presentation_feedback_destroy(proxy) }
            proxy = nil
            surface.feedbackAnswered(self, time)
        }
    }

    /// The surface is replaced before the answer came: the commit never reaches the screen.
    func discard() { finish(nil) }

    /// The surface goes before the answer came.
    func abandon() {
        if let proxy { wp_presentation_feedback_destroy(proxy) }
        proxy = nil
    }
}

/// A protocol's time (wp_presentation's and zwp_input_timestamps_v1's: seconds in two 32-bit
/// halves, then nanoseconds) in nanoseconds, or nil past `Int.max` nanoseconds (292 years of
/// CLOCK_MONOTONIC): a compositor's hostile `tv_sec_hi` overflowed the multiplication and
/// stopped the client, and the log writes a time as an `Int`.
func protocolNanoseconds(secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32) -> UInt64? {
    let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow, whole <= UInt64(Int.max) - UInt64(nanoseconds) else { return nil }
    return whole + UInt64(nanoseconds)
}

/// Sub-frame timestamps of a wl_touch (zwp_input_timestamps_v1, which weston offers): each
/// `timestamp` event comes right before the touch event it belongs to.
final class TouchTimestamps {
    private let proxy: OpaquePointer
    var onTimestamp: (UInt64) -> Void = { _ in }

    /// Its one event, `timestamp`, through a dispatcher rather than a listener: one of
    /// these comes before every touch event (TouchDevice's dispatcher says why).
    private static let dispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
        guard opcode == 0, let target, let args, let data = wl_proxy_get_user_data(OpaquePointer(target))
        else { return 0 }
        // timestamp(tv_sec_hi, tv_sec_lo, tv_nsec), as the protocol XML orders them.
        // A time no clock reaches is left out: the touch goes on with its millisecond time.
        if let time = protocolNanoseconds(secondsHigh: args[0].u, secondsLow: args[1].u, nanoseconds: args[2].u) {
            object(data, as: TouchTimestamps.self).onTimestamp(time)
        }
        return 0
    }

    init(manager: OpaquePointer, touch: OpaquePointer) {
        proxy = zwp_input_timestamps_manager_v1_get_touch_timestamps(manager, touch)
        wl_proxy_add_dispatcher(proxy, Self.dispatcher, nil, unretained(self))
    }

    deinit { zwp_input_timestamps_v1_destroy(proxy) }
}

extension Surface {
    /// Asks to be told, through `onPresented` with `tag`, when the next commit reaches the
    /// screen (call right before it). False when the compositor offers no wp_presentation.
    @discardableResult
    public func requestPresentationFeedback(tag: Int) -> Bool {
        guard let presentation = registry.presentation else { return false }
        let feedback = spareFeedback.popLast() ?? PresentationFeedback(surface: self)
        feedback.start(presentation: presentation, tag: tag)
        pendingFeedback.append(feedback)
        return true
    }

    func feedbackAnswered(_ feedback: PresentationFeedback, _ time: PresentedTime?) {
        if let index = pendingFeedback.firstIndex(where: { $0 === feedback }) { pendingFeedback.remove(at: index) }
        spareFeedback.append(feedback)
        onPresented(feedback.tag, time)
    }
}

/// Reads a clock (CLOCK_MONOTONIC is 1; wp_presentation names its own) in ns; nil when it
/// cannot be read.
public func clockNanoseconds(_ clock: Int32) -> UInt64? {
    let value = ts_clock_ns(clock)
    return value == 0 ? nil : value
}
