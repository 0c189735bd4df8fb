/// A gesture's own recognizer, declared with its gesture (`recognizer:` on its `// @Gesture`
/// line in Kinds/) so that adding a gesture leaves the detector alone.
///
/// The detector makes one of each per detector (`GestureDetector.makeRecognizers()`, in the
/// gestures' order) and calls them at each phase of an attempt, reading and marking the
/// shared `Attempt`, after its built-in recognizers (taps, strokes, swipes, pinches,
/// rotations): those stay one state machine because they decide among each
/// other (a checkmark before a taught stroke before a swipe, an edge swipe instead of a
/// swipe, a held finger or a moved one no tap), and running a declared one after them keeps
/// that order and who wins exactly as it was. A declared recognizer that fires marks the
/// attempt `recognized` (then it is no tap) and `fired` (then it is no near miss).
///
/// The calls are on the touch path: one existential call per recognizer per phase, and a
/// recognizer allocates nothing per frame (it appends to `found`, which the detector owns).
protocol GestureRecognizer: AnyObject {
    init()
    /// A new attempt began (its first finger is not yet in it): forget the last one's state.
    func attemptBegan(_ attempt: GestureDetector.Attempt)
    /// A finger landed; `attempt.fingers` holds it, last.
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// The attempt's fingers moved (once per frame that moved one).
    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// A finger is lifting (still in `attempt.fingers`), before it is judged a tap.
    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector)
    /// The last finger lifted at `now`: the attempt is over, before it is judged a tap.
    func attemptEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector,
                      found: inout [Gesture])
    /// When `expire(at:)` must next be called, if the recognizer waits for time to pass.
    func deadline(of attempt: GestureDetector.Attempt?, detector: GestureDetector) -> Double?
    /// Time passed to `now` (at or after `deadline`).
    func expire(at now: Double, attempt: GestureDetector.Attempt?, detector: GestureDetector, found: inout [Gesture])
    /// Forgets everything (a cancel, or a scene change).
    func cancel()
}

extension GestureRecognizer {
    func attemptBegan(_ attempt: GestureDetector.Attempt) {}
    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector) {}
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func attemptEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector,
                      found: inout [Gesture]) {}
    func deadline(of attempt: GestureDetector.Attempt?, detector: GestureDetector) -> Double? { nil }
    func expire(at now: Double, attempt: GestureDetector.Attempt?, detector: GestureDetector, found: inout [Gesture]) {}
    func cancel() {}
}
