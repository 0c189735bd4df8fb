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

    private struct Session {
        let began: Double
        var fingers: [FingerID: Finger] = [:]
        var maximumFingers = 0
        var recognized = false  // a swipe, pinch or checkmark: then it is no tap
        var swipeReported = false
        var pinchReference: Double?
        var pinchReported: Set<Gesture.PinchDirection> = []
        var checkmarkReported = false
        var firstLocation: Point
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
    /// the one tap counter; returns what the frame completed.
    public func handle(_ frame: inout TouchFrame, at now: Double) -> [Gesture] {
        var found: [Gesture] = []
        var movedSinceCheck = false
        for index in frame.touches.indices {
            let touch = frame.touches[index]
            // Movement is judged before a finger of the same frame lifts: a compositor
            // that sends no frames (cage) can hand over a whole swipe and its lift at once.
            if movedSinceCheck && touch.phase != .moved {
                recognizeMovement(found: &found)
                movedSinceCheck = false
            }
            frame.touches[index].tapCount = session?.fingers[touch.finger]?.tapCount ?? 1
            switch touch.phase {
            case .began:
                began(touch, at: now, found: &found)
                frame.touches[index].tapCount = session?.fingers[touch.finger]?.tapCount ?? 1
            case .moved:
                moved(touch)
                movedSinceCheck = true
            case .ended: ended(touch, at: now, found: &found)
            case .cancelled:
                cancel()
                return found
            }
        }
        if movedSinceCheck { recognizeMovement(found: &found) }
        return found
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
        if session == nil {
            tapCount = taps.gestureBegan(at: touch.location, now: now, settings: settings, found: &found)
            session = Session(began: now, firstLocation: touch.location)
        } else {
            taps.fingerJoined()
            tapCount = 1
        }
        session!.fingers[touch.finger] = Finger(start: touch.location, location: touch.location,
                                                tapCount: tapCount, anchor: touch.location)
        session!.maximumFingers = max(session!.maximumFingers, session!.fingers.count)
        // Pinch: the reference distance is taken when the second finger lands.
        if session!.fingers.count == 2 {
            session!.pinchReference = currentPinchDistance()
        } else {
            session!.pinchReference = nil
        }
    }

    private func moved(_ touch: Touch) {
        guard var finger = session?.fingers[touch.finger] else { return }
        finger.location = touch.location
        finger.maximumDeviation.x = max(finger.maximumDeviation.x, abs(touch.location.x - finger.start.x))
        finger.maximumDeviation.y = max(finger.maximumDeviation.y, abs(touch.location.y - finger.start.y))
        if finger.start.distance(to: touch.location) > settings.tapSlop {
            finger.movedBeyondSlop = true
        }
        session!.fingers[touch.finger] = finger
    }

    private func ended(_ touch: Touch, at now: Double, found: inout [Gesture]) {
        guard var current = session, let finger = current.fingers.removeValue(forKey: touch.finger) else {
            return
        }
        if finger.movedBeyondSlop || finger.start.distance(to: touch.location) > settings.tapSlop {
            current.recognized = true
        }
        // One of two pinching fingers lifted: the pinch is over.
        current.pinchReference = current.fingers.count == 2 ? current.pinchReference : nil
        session = current
        guard current.fingers.isEmpty else { return }
        session = nil
        let isTap = !current.recognized && now - current.began <= settings.tapMaximumDuration
        taps.gestureEnded(isTap: isTap, fingers: current.maximumFingers, began: current.began,
                          location: current.firstLocation, now: now, settings: settings, found: &found)
    }

    // MARK: Swipe, pinch, checkmark

    private func recognizeMovement(found: inout [Gesture]) {
        guard session != nil else { return }
        if let swipe = detectSwipe() { found.append(swipe) }
        if let pinch = detectPinch() { found.append(pinch) }
        if detectCheckmark() { found.append(.checkmark) }
    }

    private func detectSwipe() -> Gesture? {
        guard let s = session, !s.swipeReported, (1...5).contains(s.fingers.count) else { return nil }
        // Every finger has travelled the minimum along the axis, in the same direction, and
        // never strayed more than the variance across it.
        func qualifies(_ axis: Gesture.Axis) -> Bool {
            var direction = 0.0
            return s.fingers.values.allSatisfy { finger in
                let along = axis == .horizontal ? finger.location.x - finger.start.x
                    : finger.location.y - finger.start.y
                let across = axis == .horizontal ? finger.maximumDeviation.y : finger.maximumDeviation.x
                let sign: Double = along < 0 ? -1 : 1
                if direction == 0 { direction = sign }
                return sign == direction && abs(along) >= settings.swipeMinimumLength
                    && across <= settings.swipeMaximumVariance
            }
        }
        let axis: Gesture.Axis
        if qualifies(.horizontal) { axis = .horizontal } else if qualifies(.vertical) { axis = .vertical } else {
            return nil
        }
        session!.swipeReported = true
        session!.recognized = true
        return .swipe(axis, fingers: s.fingers.count)
    }

    private func currentPinchDistance() -> Double? {
        guard let s = session, s.fingers.count == 2 else { return nil }
        let pair = Array(s.fingers.values)
        return pair[0].location.distance(to: pair[1].location)
    }

    private func detectPinch() -> Gesture? {
        guard let reference = session?.pinchReference, let distance = currentPinchDistance() else {
            return nil
        }
        let direction: Gesture.PinchDirection
        if distance - reference > settings.pinchMinimumDelta {
            direction = .outward
        } else if reference - distance > settings.pinchMinimumDelta {
            direction = .inward
        } else {
            return nil
        }
        guard !session!.pinchReported.contains(direction) else { return nil }
        session!.pinchReported.insert(direction)
        session!.recognized = true
        return .pinch(direction)
    }

    /// CheckPlease's test on a resampled stroke: the path is cut into segments of at least
    /// `checkmarkSegmentLength`; a turn between two consecutive segments of 50-135 degrees,
    /// after more than `checkmarkMinimumLength` of stroke, is a checkmark.
    private func detectCheckmark() -> Bool {
        guard let s = session, !s.checkmarkReported, s.maximumFingers == 1,
              let key = s.fingers.keys.first, var finger = s.fingers[key] else { return false }
        defer { session!.fingers[key] = finger }
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
                session!.checkmarkReported = true
                session!.recognized = true
            }
        }
        finger.strokeLength += length
        finger.lastSegment = (dx, dy)
        finger.anchor = finger.location
        return found
    }
}
