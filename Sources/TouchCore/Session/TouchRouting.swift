/// Where a new touch was bound: the session's `.hit` event and, as it is, the event log's
/// `hit` line (docs/event-log.md). One type for both, so the log has no copy of it to
/// keep in step.
public struct TouchHit: Equatable, Sendable {
    /// The touch's id (a touchscreen's slot id, or a pen's or pointer's).
    public var id: Int32
    /// The view the touch is bound to; nil when none took it.
    public var view: String?
    /// The views whose hitTest returned, in order: the scene's own views only (the
    /// window, the scene bar and the overlays are the frame around the scene).
    public var visited: [String]
    /// The multiple-touch rule dropped the touch (the log writes the key only when true).
    public var ignored: Bool

    public init(id: Int32, view: String?, visited: [String], ignored: Bool = false) {
        self.id = id; self.view = view; self.visited = visited; self.ignored = ignored
    }
}

/// One delivery up the responder chain: the session's `.responder` event and, as it is,
/// the event log's `responder` line. Small on purpose: the session hands one on per moving
/// finger and frame, and a delivery holds the touch's id, not the whole touch
/// (docs/design/performance.md, "The core's touch path").
public struct ResponderDelivery: Equatable, Sendable {
    /// The touch's id, as `TouchHit.id`.
    public var id: Int32
    public var phase: TouchPhase
    /// The responders passed through, first to last.
    public var chain: [String]
    /// The responder that handled it; nil when none did.
    public var handledBy: String?

    public init(id: Int32, phase: TouchPhase, chain: [String], handledBy: String?) {
        self.id = id; self.phase = phase; self.chain = chain; self.handledBy = handledBy
    }
}
