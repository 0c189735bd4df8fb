/// A gesture's recognizer, declared with its gesture (`recognizer:` on its `// @Gesture` line
/// in Kinds/) so that adding a gesture leaves the detector alone.
///
/// The detector makes one of each per detector (`GestureDetector.makeRecognizers()`) and calls
/// them at each phase of an attempt in the order of their declared `precedence:` (lowest
/// first), reading and marking the shared `Attempt`. Precedence is how recognizers decide
/// among each other, as UIKit's `require(toFail:)` does:
/// - a one-finger stroke that lifts is offered to each in turn (`strokeEnded`), and the first
///   to claim it wins: the checkmark (10) before a taught stroke (20) before the swipe (30)
///   that any straight enough stroke is. A stroke shape of a new gesture takes a precedence
///   below 30, and the swipe no longer sees the strokes it claims;
/// - at the other phases each reports in turn into `found`, and may read what one before it
///   marked (`Attempt.recognized`, `fired`, or its own state);
/// - a tap is what no recognizer claimed: the detector's tap rule (`TapCounter`, UIKit's
///   `tapCount` too) judges the attempt after every recognizer's `attemptEnded`, and an
///   attempt marked `recognized` is no tap. A recognizer that fires marks it `recognized`
///   (then it is no tap) and `fired` (then it is no near miss).
///
/// A recognizer lives as long as its detector, not one attempt: it resets all it keeps in
/// `attemptBegan` and `cancel`, and keeps it until the next attempt, because `nearMisses` reads
/// it when the attempt has ended. Precedence also orders the gestures one phase reports and
/// the near-miss line's entries, so renumbering a recognizer changes what the log says.
///
/// The calls are on the touch path: one existential call per recognizer per phase (a moving
/// frame asks each recognizer `fingersMoved` and `deadline`), and a recognizer allocates
/// nothing per frame (it appends to `found`, which the detector owns). Making the six shipped
/// gestures recognizers cost a touch frame about 700 instructions, 2 % (docs/benchmark.md,
/// "The touch path's instructions").
protocol GestureRecognizer: AnyObject {
    init()
    /// A new attempt began (its first finger is not yet in it): forget the last one's state.
    func attemptBegan(_ attempt: GestureDetector.Attempt)
    /// A finger is landing; `attempt.fingers` does not hold it yet (the rotation of the two
    /// fingers before it ends here).
    func fingerLanding(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// A finger landed; `attempt.fingers` holds it, last.
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// The attempt's fingers moved (once per frame that moved one).
    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// The finger of a one-finger attempt is lifting at `now` (`attempt.stroke` is its whole
    /// path): the gesture the stroke is, if this recognizer claims it. Asked in precedence
    /// order until one claims it; a claim marks the attempt `recognized` and `fired`.
    func strokeEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector) -> Gesture?
    /// A finger is lifting (still in `attempt.fingers`), after its stroke was judged and
    /// before it is judged a tap.
    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture])
    /// The last finger lifted at `now`: the attempt is over, before it is judged a tap.
    func attemptEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector,
                      found: inout [Gesture])
    /// When `expire(at:)` must next be called, if the recognizer waits for time to pass.
    func deadline(of attempt: GestureDetector.Attempt?, detector: GestureDetector) -> Double?
    /// Time passed to `now` (at or after `deadline`).
    func expire(at now: Double, attempt: GestureDetector.Attempt?, detector: GestureDetector, found: inout [Gesture])
    /// The attempt ended having fired nothing: how near this recognizer came, if near
    /// (docs/gestures.md, "Why it did not fire"). A recognizer that reports near misses
    /// is declared with `nearmiss:`, which puts it in `NearMiss.Recognizer`.
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss])
    /// Forgets everything (a cancel, or a scene change).
    func cancel()
}

extension GestureRecognizer {
    func attemptBegan(_ attempt: GestureDetector.Attempt) {}
    func fingerLanding(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func strokeEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector) -> Gesture? { nil }
    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {}
    func attemptEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector,
                      found: inout [Gesture]) {}
    func deadline(of attempt: GestureDetector.Attempt?, detector: GestureDetector) -> Double? { nil }
    func expire(at now: Double, attempt: GestureDetector.Attempt?, detector: GestureDetector, found: inout [Gesture]) {}
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {}
    func cancel() {}
}
