/// Everything the core reports, in the order it happened, to the session's one sink.
/// The client turns each into an event-log line (docs/event-log.md); tests and the
/// benchmark read them directly.
public enum TouchSessionEvent: Sendable {
    /// A scene started (always the first event).
    case scene(SceneName)
    /// A touch frame was delivered; `spots` counts the spot views alive after it.
    case frame(TouchFrame, spots: Int)
    /// A touch began: the view it is bound to and the views whose hitTest returned.
    case hit(TouchHit)
    /// A delivery: the responders passed through and the one that handled it.
    case responder(ResponderDelivery)
    /// A gesture the scene reported.
    case gesture(Gesture)
    /// A label's text changed; "" when it cleared.
    case label(slot: LabelSlot, text: String)
    /// The MoveMe placard changed.
    case placard(PlacardState)
    /// A stroke lesson moved on a step; at `taught` the session matches the stroke from
    /// then on, and the client has saved it (`savedTo`). Boxed, as `qualify` is: a
    /// lesson's progress (over 80 bytes) would be the largest payload, and every event is
    /// as large as its largest case (`TouchSessionEventTests`).
    indirect case lesson(LessonProgress)
    /// A qualify run moved on a step (docs/qualify.md). Boxed: its progress (the step's
    /// guide, the card, the thresholds) is four times a frame's payload, and an unboxed
    /// case would make every event the session hands on per frame that large to copy (the
    /// touch path's instructions rose 2 % until it was; docs/design/performance.md, "The
    /// session's events at the size of a frame").
    indirect case qualify(QualifyProgress)
    /// Something odd in what the compositor sent, and its kind.
    case warning(String, kind: AnomalyKind)
    /// The instrument panel's numbers, each time it is refreshed (only while shown).
    case readout(ReadoutSnapshot)
    /// A touch sequence ended with no gesture: each recognizer that came close and why it
    /// did not fire (empty: none came close).
    case nearMiss([NearMiss])
}

/// What the keyboard (or anything else outside the touch path) asks of the session.
public enum TouchSessionCommand: Equatable, Sendable {
    case clearLabels
    case toggleHelp
    /// Shows or hides the instrument panel (per-finger readouts).
    case toggleReadouts
    /// Shows or hides every finger's fading trail of samples.
    case toggleTrails
    /// The n-th scene, 1-based.
    case showScene(Int)
    /// The client's latency line for the status panel ("" hides it).
    case showLatency(String)
    /// Shows the last near-miss line (why the last touch sequence fired nothing) on
    /// screen, in the scene's gesture label.
    case showNearMiss
}
