/// Recognizes taps, swipes, pinches and checkmarks from touch frames (TapTaps,
/// Swipes, PinchMe and CheckPlease), deterministically: the same frames at the same clock
/// times give the same gestures.
///
/// A *gesture session* runs from the first finger down until no finger remains. Swipe,
/// pinch and checkmark are reported while the fingers move, each at most once per
/// session (pinch once per direction). Taps are judged when the session ends and
/// reported only when the count is final: no further tap began within `tapInterval`, or
/// the count reached four. A cancel ends the session with nothing reported and forgets
/// any taps waiting to be reported.
public final class GestureDetector {
    public var settings: GestureSettings

    private struct Finger {
        let id: FingerID
        let start: Point
        var location: Point
        /// UIKit's tapCount for this finger: the gesture's count for its first finger, 1
        /// for the others.
        let tapCount: Int
        /// Checkmark stroke: the last resampled point and the direction before it.
        var anchor: Point
        var lastSegment: (dx: Double, dy: Double)?
        var strokeLength = 0.0
        var movedBeyondSlop = false
        /// The farthest the finger has been from its start along each axis, so a swipe
        /// must have stayed near its axis all the way, not just be back on it now.
        var maximumDeviation = (x: 0.0, y: 0.0)
    }

    /// One gesture, first finger down to last finger up. A class, so the per-frame work
    /// mutates it in place; its fingers are a small array (a gesture has a handful),
    /// searched linearly, which beats hashing at these sizes.
    private final class Session {
        let began: Double
        let firstLocation: Point
        var fingers: [Finger] = []
        var maximumFingers = 0
        var recognized = false  // a swipe, pinch or checkmark: then it is no tap
        var swipeReported = false
        var pinchReference: Double?
        var pinchReportedInward = false
        var pinchReportedOutward = false
        var checkmarkReported = false

        init(began: Double, firstLocation: Point) {
            self.began = began
            self.firstLocation = firstLocation
            fingers.reserveCapacity(10)
        }

        func index(of id: FingerID) -> Int? {
            for i in fingers.indices where fingers[i].id == id { return i }
            return nil
        }
    }

    private var session: Session?
    private var taps = TapCounter()
    /// The tap count the latest touch belongs to, as UIKit's UITouch.tapCount.
    public var currentTapCount: Int { taps.currentCount }

    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    /// When `expire(at:)` must next be called to report waiting taps, if ever.
    public var nextDeadline: Double? {
        taps.deadline(gestureBegan: session?.began, settings: settings)
    }

    /// Feeds one frame seen at clock time `now`; returns what it completed.
    public func handle(_ frame: TouchFrame, at now: Double) -> [Gesture] {
        var frame = frame
        return handle(&frame, at: now)
    }

    /// Feeds one frame and sets each touch's `tapCount`, as UIKit's touch.tapCount, from
    /// the one tap counter; returns what the frame completed. A touch's count is written
    /// only when it differs, so a frame whose counts are already right is not copied.
    public func handle(_ frame: inout TouchFrame, at now: Double) -> [Gesture] {
        var found: [Gesture] = []
        var movedSinceCheck = false
        tapCounts.removeAll(keepingCapacity: true)
        defer { write(tapCounts, into: &frame) }
        for touch in frame.touches {
            // Movement is judged before a finger of the same frame lifts: a compositor
            // that sends no frames (cage) can hand over a whole swipe and its lift at once.
            if movedSinceCheck && touch.phase != .moved {
                recognizeMovement(found: &found)
                movedSinceCheck = false
            }
            switch touch.phase {
            case .began:
                began(touch, at: now, found: &found)
            case .moved:
                moved(touch)
                movedSinceCheck = true
            case .ended, .cancelled: break
            }
            tapCounts.append(session.flatMap { s in s.index(of: touch.finger).map { s.fingers[$0].tapCount } } ?? 1)
            switch touch.phase {
            case .ended: ended(touch, at: now, found: &found)
            case .cancelled:
                cancel()
                return found
            default: break
            }
        }
        if movedSinceCheck { recognizeMovement(found: &found) }
        return found
    }

    /// The counts of the frame being handled, in order (a reused buffer).
    private var tapCounts: [Int] = []

    /// Writes the counts that differ; reads first, so that a frame whose counts are right
    /// is never made unique (copied).
    private func write(_ counts: [Int], into frame: inout TouchFrame) {
        guard counts.indices.contains(where: { frame.touches[$0].tapCount != counts[$0] }) else { return }
        for index in counts.indices { frame.touches[index].tapCount = counts[index] }
    }

    /// Reports taps whose count became final by `now`.
    public func expire(at now: Double) -> [Gesture] {
        taps.expire(at: now, gestureBegan: session?.began, settings: settings).map { [$0] } ?? []
    }

    /// Forgets everything (a cancel, or a scene change).
    public func cancel() {
        session = nil
        taps.reset()
    }

    // MARK: Phases

    private func began(_ touch: Touch, at now: Double, found: inout [Gesture]) {
        let tapCount: Int
        let s: Session
        if let current = session {
            taps.fingerJoined()
            tapCount = 1
            s = current
        } else {
            tapCount = taps.gestureBegan(at: touch.location, now: now, settings: settings, found: &found)
            s = Session(began: now, firstLocation: touch.location)
            session = s
        }
        if let old = s.index(of: touch.finger) { s.fingers.remove(at: old) }
        s.fingers.append(Finger(id: touch.finger, start: touch.location, location: touch.location,
                                tapCount: tapCount, anchor: touch.location))
        s.maximumFingers = max(s.maximumFingers, s.fingers.count)
        // Pinch: the reference distance is taken when the second finger lands.
        s.pinchReference = s.fingers.count == 2 ? currentPinchDistance() : nil
    }

    private func moved(_ touch: Touch) {
        guard let s = session, let i = s.index(of: touch.finger) else { return }
        let start = s.fingers[i].start
        s.fingers[i].location = touch.location
        s.fingers[i].maximumDeviation.x = max(s.fingers[i].maximumDeviation.x, abs(touch.location.x - start.x))
        s.fingers[i].maximumDeviation.y = max(s.fingers[i].maximumDeviation.y, abs(touch.location.y - start.y))
        if !s.fingers[i].movedBeyondSlop && start.distance(to: touch.location) > settings.tapSlop {
            s.fingers[i].movedBeyondSlop = true
        }
    }

    private func ended(_ touch: Touch, at now: Double, found: inout [Gesture]) {
        guard let s = session, let i = s.index(of: touch.finger) else { return }
        let finger = s.fingers.remove(at: i)
        if finger.movedBeyondSlop || finger.start.distance(to: touch.location) > settings.tapSlop {
            s.recognized = true
        }
        // One of two pinching fingers lifted: the pinch is over.
        if s.fingers.count != 2 { s.pinchReference = nil }
        guard s.fingers.isEmpty else { return }
        session = nil
        let isTap = !s.recognized && now - s.began <= settings.tapMaximumDuration
        taps.gestureEnded(isTap: isTap, fingers: s.maximumFingers, began: s.began,
                          location: s.firstLocation, now: now, settings: settings, found: &found)
    }

    // MARK: Swipe, pinch, checkmark

    private func recognizeMovement(found: inout [Gesture]) {
        guard let s = session else { return }
        if let swipe = detectSwipe(s) { found.append(swipe) }
        if let pinch = detectPinch(s) { found.append(pinch) }
        if detectCheckmark(s) { found.append(.checkmark) }
    }

    private func detectSwipe(_ s: Session) -> Gesture? {
        guard !s.swipeReported, (1...5).contains(s.fingers.count) else { return nil }
        // Every finger has travelled the minimum along the axis, in the same direction, and
        // never strayed more than the variance across it.
        func qualifies(_ horizontal: Bool) -> Bool {
            var direction = 0.0
            for finger in s.fingers {
                let along = horizontal ? finger.location.x - finger.start.x : finger.location.y - finger.start.y
                let across = horizontal ? finger.maximumDeviation.y : finger.maximumDeviation.x
                let sign: Double = along < 0 ? -1 : 1
                if direction == 0 { direction = sign }
                guard sign == direction && abs(along) >= settings.swipeMinimumLength
                    && across <= settings.swipeMaximumVariance else { return false }
            }
            return true
        }
        let axis: Gesture.Axis
        if qualifies(true) { axis = .horizontal } else if qualifies(false) { axis = .vertical } else {
            return nil
        }
        s.swipeReported = true
        s.recognized = true
        return .swipe(axis, fingers: s.fingers.count)
    }

    private func currentPinchDistance() -> Double? {
        guard let s = session, s.fingers.count == 2 else { return nil }
        return s.fingers[0].location.distance(to: s.fingers[1].location)
    }

    private func detectPinch(_ s: Session) -> Gesture? {
        guard let reference = s.pinchReference, let distance = currentPinchDistance() else {
            return nil
        }
        if distance - reference > settings.pinchMinimumDelta, !s.pinchReportedOutward {
            s.pinchReportedOutward = true
            s.recognized = true
            return .pinch(.outward)
        }
        if reference - distance > settings.pinchMinimumDelta, !s.pinchReportedInward {
            s.pinchReportedInward = true
            s.recognized = true
            return .pinch(.inward)
        }
        return nil
    }

    /// CheckPlease's test on a resampled stroke: the path is cut into segments of at least
    /// `checkmarkSegmentLength`; a turn between two consecutive segments of 50-135 degrees,
    /// after more than `checkmarkMinimumLength` of stroke, is a checkmark.
    private func detectCheckmark(_ s: Session) -> Bool {
        guard !s.checkmarkReported, s.maximumFingers == 1, !s.fingers.isEmpty else { return false }
        var finger = s.fingers[0]
        defer { s.fingers[0] = finger }
        let dx = finger.location.x - finger.anchor.x, dy = finger.location.y - finger.anchor.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= settings.checkmarkSegmentLength else { return false }
        var found = false
        if let last = finger.lastSegment, finger.strokeLength > settings.checkmarkMinimumLength {
            let lastLength = (last.dx * last.dx + last.dy * last.dy).squareRoot()
            let cosine = (last.dx * dx + last.dy * dy) / (lastLength * length)
            // The turn is within [min, max] degrees exactly when its cosine is within
            // [cos max, cos min] (cosine falls over 0...180).
            if cosine <= cosineOfDegrees(settings.checkmarkMinimumAngle)
                && cosine >= cosineOfDegrees(settings.checkmarkMaximumAngle) {
                found = true
                s.checkmarkReported = true
                s.recognized = true
            }
        }
        finger.strokeLength += length
        finger.lastSegment = (dx, dy)
        finger.anchor = finger.location
        return found
    }
}
