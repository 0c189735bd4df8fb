/// The session's gesture recognition: two detectors and the one timer that makes their
/// counts final.
///
/// Fingers' and pens' gestures are recognized apart, as UIKit recognizers with different
/// allowed touch types run side by side: a pen is never one of a multi-finger gesture's
/// fingers, nor do fingers stop a pen's tap or stroke. A frame goes to one of them. Kept
/// apart from `TouchSession` so the front door says what happens to a frame and this says
/// how gestures are timed.
final class SessionGestures {
    private let fingers: GestureDetector
    private let pens: GestureDetector
    private let timers: Timers
    private let clock: Clock
    private var tapTimer: Timers.ID?
    private var tapTimerDeadline: Double?
    /// Gestures a timer made final (a tap count that got no further tap, a long press).
    var onFinal: (([Gesture]) -> Void)?

    init(settings: GestureSettings, bounds: Size, timers: Timers, clock: Clock) {
        fingers = GestureDetector(settings: settings)
        pens = GestureDetector(settings: settings)
        latest = fingers
        self.timers = timers
        self.clock = clock
        self.bounds = bounds  // didSet does not run in init
        for detector in [fingers, pens] { detector.bounds = bounds }
    }

    /// The window's size: edge swipes start at its edges.
    var bounds: Size {
        didSet { for detector in [fingers, pens] { detector.bounds = bounds } }
    }

    /// Gesture lengths' scale for the panel (`GestureDetector.lengthScale(pixelsPerMillimetre:)`).
    var lengthScale: Double {
        get { fingers.lengthScale }
        set { for detector in [fingers, pens] { detector.lengthScale = newValue } }
    }

    /// The taught and shipped strokes and the common shapes, the same for fingers and pens.
    var strokes: StrokeTemplates {
        get { fingers.settings.strokes }
        set { fingers.settings.strokes = newValue; pens.settings.strokes = newValue }
    }

    /// The detector of the latest frame.
    private var latest: GestureDetector

    /// Recognizes what `frame` completes (and sets its touches' tap counts); returns the
    /// gestures, and why a gesture just missed (if one did).
    func recognize(_ frame: inout TouchFrame) -> (gestures: [Gesture], nearMisses: [NearMiss]?) {
        latest = frame.touches.first?.source.isPen == true ? pens : fingers
        let recognized = frame.touches.isEmpty ? [] : latest.handle(&frame, at: clock.now)
        return (recognized, latest.takeNearMisses())
    }

    /// The tap count under way for the latest frame's kind of touch; read when the scene
    /// gets the frame, after the views: a tap on the scene bar has then cancelled it.
    var currentTapCount: Int { latest.currentTapCount }

    /// A tap count becomes final on its own once the tap interval passes, and a held
    /// finger becomes a long press; the timer is left alone while its deadline stays.
    func scheduleTapResolution() {
        let deadline = [fingers.nextDeadline, pens.nextDeadline].compactMap { $0 }.min()
        if tapTimer != nil && deadline == tapTimerDeadline { return }
        timers.cancel(tapTimer)
        tapTimer = nil
        tapTimerDeadline = deadline
        guard let deadline else { return }
        tapTimer = timers.schedule(after: deadline - clock.now) { [unowned self] in
            tapTimer = nil
            tapTimerDeadline = nil
            let final = fingers.expire(at: clock.now) + pens.expire(at: clock.now)
            if !final.isEmpty { onFinal?(final) }
            scheduleTapResolution()
        }
    }

    /// A new scene starts with no gesture under way and no count waiting.
    func cancel() {
        fingers.cancel()
        pens.cancel()
        timers.cancel(tapTimer)
        tapTimer = nil
    }
}
