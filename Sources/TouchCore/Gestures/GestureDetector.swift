/// Recognizes taps, swipes, pinches and checkmarks from touch frames (TapTaps,
/// Swipes, PinchMe and CheckPlease), deterministically: the same frames at the same clock
/// times give the same gestures.
///
/// A *gesture attempt* runs from the first finger down until no finger remains. Swipes
/// of two to five fingers and pinches are reported while the fingers move, each at most
/// once per attempt (pinch once per direction). A one-finger stroke ends as at most one
/// of checkmark or swipe, judged on the whole stroke when the finger lifts (UIKit would
/// make the swipe `require(toFail:)` the checkmark): a checkmark's first leg is a fine
/// swipe, and its label must not flash up before the check is drawn. Long presses are
/// reported by `expire(at:)` while the fingers are held (`LongPressRecognizer`, a declared
/// recognizer); rotations when two fingers part.
/// Taps are judged when the attempt ends and
/// reported only when the count is final: no further tap began within `tapInterval`, or
/// the count reached four. A cancel ends the attempt with nothing reported and forgets
/// any taps waiting to be reported.
///
/// These built-in recognizers are one state machine over the shared `Attempt`, because they
/// decide among each other; a gesture declared with a `recognizer:` (Kinds/) runs after them
/// at each phase (`GestureRecognizer`), so that adding one cannot change who wins.
public final class GestureDetector {
    public var settings: GestureSettings

    struct Finger {
        let id: FingerID
        let start: Point
        var location: Point
        /// UIKit's tapCount for this finger: the gesture's count for its first finger, 1
        /// for the others.
        let tapCount: Int
        var movedBeyondSlop = false
        /// The window edge it landed at, if any (for edge swipes).
        let edge: Gesture.Edge?
        /// The farthest the finger has been from its start along each axis, so a swipe
        /// must have stayed near its axis all the way, not just be back on it now.
        var maximumDeviation = (x: 0.0, y: 0.0)
    }

    /// One gesture, first finger down to last finger up. A class, so the per-frame work
    /// mutates it in place; its fingers are a small array (a gesture has a handful),
    /// searched linearly, which beats hashing at these sizes.
    final class Attempt {
        let began: Double
        let firstLocation: Point
        var fingers: [Finger] = []
        /// The fingers that lifted, as they lifted (for the swipe's near miss).
        var lifted: [Finger] = []
        var maximumFingers = 0
        var recognized = false  // a swipe, pinch or checkmark: then it is no tap
        /// A gesture was reported for this attempt (a moved finger alone is no tap, but
        /// fired nothing).
        var fired = false
        /// The nearest misses, kept for the near-miss line: the checkmark's and the
        /// nearest taught stroke's (judged at the lift), the largest pinch change and
        /// two-finger turn seen.
        var checkmarkMiss: CheckmarkMiss?
        var nearestStroke: StrokeTemplates.Nearest?
        var largestPinchChange = 0.0
        var largestTurn = 0.0
        /// A pen's gesture: one tool alone (a tap, a stroke, a long press), which no
        /// finger joins; fingers' gestures take no pen.
        var isPen = false
        var swipeReported = false
        var pinchReference: Double?
        var pinchReportedInward = false
        var pinchReportedOutward = false
        /// When the last finger landed.
        var lastBegan: Double
        /// The farthest any finger has been from where it landed (a long press fails beyond
        /// its limit, even if the finger came back). One number for the attempt, not one per
        /// finger, so that keeping it costs a moved touch no write into `fingers`.
        var farthestTravel = 0.0
        /// Rotation while exactly two fingers are down: the angle of the line between them
        /// at the last frame, and the turn so far (radians, clockwise positive).
        var rotationAngle: Double?
        var rotationTotal = 0.0
        /// The path of a one-finger stroke, a point every `strokeSpacing` px, for the
        /// checkmark; emptied when a second finger lands.
        var stroke: [Point] = []
        var strokeSpacing = 2.0

        init(began: Double, firstLocation: Point) {
            self.began = began
            self.lastBegan = began
            self.firstLocation = firstLocation
            fingers.reserveCapacity(10)
            lifted.reserveCapacity(10)
            stroke.reserveCapacity(Self.strokeCapacity)
            stroke.append(firstLocation)
        }

        static let strokeCapacity = 512

        /// Keeps the point if it is far enough from the last; a long stroke keeps every
        /// other point and doubles the spacing, so the path never outgrows its capacity.
        func record(_ point: Point) {
            guard let last = stroke.last, last.distance(to: point) >= strokeSpacing else { return }
            if stroke.count == Self.strokeCapacity {
                var kept = 0
                for i in stride(from: 0, to: stroke.count, by: 2) { stroke[kept] = stroke[i]; kept += 1 }
                stroke.removeLast(stroke.count - kept)
                strokeSpacing *= 2
            }
            stroke.append(point)
        }

        func index(of id: FingerID) -> Int? {
            for i in fingers.indices where fingers[i].id == id { return i }
            return nil
        }
    }

    private var attempt: Attempt?
    private var taps = TapCounter()
    /// The declared gestures' own recognizers, run after the built-in ones (`GestureRecognizer`).
    private let recognizers = GestureDetector.makeRecognizers()
    /// The tap count the latest touch belongs to, as UIKit's UITouch.tapCount.
    public var currentTapCount: Int { taps.currentCount }

    /// The window's size, for edge swipes (none are recognized while it is zero).
    public var bounds = Size(width: 0, height: 0)

    /// Surface pixels per pixel of the settings' lengths: the panel's density against the
    /// 96 dpi the defaults are given at, when the output's size in millimetres is known
    /// (as Android's dp and UIKit's points), else 1 (the settings are logical pixels, so
    /// they follow the output's scale). See `lengthScale(pixelsPerMillimetre:)`.
    public var lengthScale = 1.0

    /// The pixels per millimetre the settings' pixels stand for: 96 per inch.
    public static let referencePixelsPerMillimetre = 96 / 25.4

    /// The length scale for a panel of `pixelsPerMillimetre` logical pixels per millimetre
    /// (1 when unknown or absurd: below 1 or above 100 per millimetre).
    public static func lengthScale(pixelsPerMillimetre: Double?) -> Double {
        guard let density = pixelsPerMillimetre, density.isFinite, density >= 1, density <= 100 else { return 1 }
        return density / referencePixelsPerMillimetre
    }

    /// The near misses of the last touch sequence that ended with no gesture, until taken.
    public private(set) var nearMisses: [NearMiss]?

    /// The near misses of the last sequence that fired nothing, once.
    public func takeNearMisses() -> [NearMiss]? {
        defer { nearMisses = nil }
        return nearMisses
    }

    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    /// When `expire(at:)` must next be called, to report waiting taps, or what a declared
    /// recognizer waits for (a long press).
    public var nextDeadline: Double? {
        let tap = taps.deadline(gestureBegan: attempt?.began, settings: settings)
        var deadline = tap
        for recognizer in recognizers {
            guard let own = recognizer.deadline(of: attempt, detector: self) else { continue }
            deadline = deadline.map { min($0, own) } ?? own
        }
        return deadline
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
            // A touch that is no part of the gesture under way (a pen beside fingers,
            // fingers beside a pen) changes nothing.
            if touch.phase != .began, let s = attempt, s.index(of: touch.finger) == nil {
                tapCounts.append(1)
                continue
            }
            tapCounts.append(attempt.flatMap { s in s.index(of: touch.finger).map { s.fingers[$0].tapCount } } ?? 1)
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

    /// Reports taps whose count became final by `now`, and a long press whose fingers
    /// have been held long enough.
    public func expire(at now: Double) -> [Gesture] {
        var found = taps.expire(at: now, gestureBegan: attempt?.began, settings: settings).map { [$0] } ?? []
        for recognizer in recognizers { recognizer.expire(at: now, attempt: attempt, detector: self, found: &found) }
        return found
    }

    /// Forgets everything (a cancel, or a scene change).
    public func cancel() {
        attempt = nil
        taps.reset()
        for recognizer in recognizers { recognizer.cancel() }
    }

    // MARK: Phases

    private func began(_ touch: Touch, at now: Double, found: inout [Gesture]) {
        let tapCount: Int
        let s: Attempt
        if let current = attempt {
            // A pen never counts as a finger of a multi-finger gesture, nor a finger as
            // a pen's second.
            if current.isPen || touch.source.isPen { return }
            taps.fingerJoined()
            tapCount = 1
            s = current
        } else {
            tapCount = taps.gestureBegan(at: touch.location, now: now, settings: settings, found: &found)
            s = Attempt(began: now, firstLocation: touch.location)
            s.isPen = touch.source.isPen
            attempt = s
            for recognizer in recognizers { recognizer.attemptBegan(s) }
        }
        if let old = s.index(of: touch.finger) { s.fingers.remove(at: old) }
        if s.fingers.count == 2 { endRotation(s, found: &found) }
        s.fingers.append(Finger(id: touch.finger, start: touch.location, location: touch.location,
                                tapCount: tapCount, edge: edge(at: touch.location)))
        s.maximumFingers = max(s.maximumFingers, s.fingers.count)
        if s.maximumFingers > 1 { s.stroke.removeAll() }
        s.lastBegan = now
        // Pinch and rotation: the reference is taken when the second finger lands.
        s.pinchReference = s.fingers.count == 2 ? currentPinchDistance() : nil
        s.rotationAngle = s.fingers.count == 2 ? currentRotationAngle(s) : nil
        s.rotationTotal = 0
        for recognizer in recognizers { recognizer.fingerBegan(in: s, detector: self, found: &found) }
    }

    private func moved(_ touch: Touch) {
        guard let s = attempt, let i = s.index(of: touch.finger) else { return }
        let start = s.fingers[i].start
        s.fingers[i].location = touch.location
        s.fingers[i].maximumDeviation.x = max(s.fingers[i].maximumDeviation.x, abs(touch.location.x - start.x))
        s.fingers[i].maximumDeviation.y = max(s.fingers[i].maximumDeviation.y, abs(touch.location.y - start.y))
        let travelled = start.distance(to: touch.location)
        if !s.fingers[i].movedBeyondSlop && travelled > settings.tapSlop * lengthScale {
            s.fingers[i].movedBeyondSlop = true
        }
        if travelled > s.farthestTravel { s.farthestTravel = travelled }
        if s.maximumFingers == 1 { s.record(touch.location) }
    }

    private func ended(_ touch: Touch, at now: Double, found: inout [Gesture]) {
        guard let s = attempt, let i = s.index(of: touch.finger) else { return }
        if s.maximumFingers == 1 {
            s.fingers[i].location = touch.location
            s.record(touch.location)
            if let stroke = judgeStroke(s) { found.append(stroke) }
        }
        if s.fingers.count == 2 { endRotation(s, found: &found) }
        for recognizer in recognizers { recognizer.fingerEnded(in: s, detector: self) }
        let finger = s.fingers.remove(at: i)
        if s.lifted.count < 10 { s.lifted.append(finger) }
        if finger.movedBeyondSlop || finger.start.distance(to: touch.location) > settings.tapSlop * lengthScale {
            s.recognized = true
        }
        // One of two pinching fingers lifted: the pinch is over.
        if s.fingers.count != 2 { s.pinchReference = nil }
        guard s.fingers.isEmpty else { return }
        attempt = nil
        for recognizer in recognizers { recognizer.attemptEnded(s, at: now, detector: self, found: &found) }
        let isTap = !s.recognized && now - s.began <= settings.tapMaximumDuration
        if !isTap && !s.fired { nearMisses = nearMisses(of: s) }
        taps.gestureEnded(isTap: isTap, fingers: s.maximumFingers, began: s.began,
                          location: s.firstLocation, now: now, settings: settings, found: &found)
    }

    // MARK: Swipe, pinch, checkmark

    private func recognizeMovement(found: inout [Gesture]) {
        guard let s = attempt else { return }
        if s.maximumFingers > 1 {
            if let swipe = detectSwipe(s) { found.append(swipe) }
            if let pinch = detectPinch(s) { found.append(pinch) }
            trackRotation(s)
        }
        for recognizer in recognizers { recognizer.fingersMoved(in: s, detector: self, found: &found) }
    }

    /// A one-finger stroke, as its finger lifts: a checkmark, else a taught stroke, else a
    /// swipe, else nothing (one stroke, one gesture: docs/gestures.md).
    private func judgeStroke(_ s: Attempt) -> Gesture? {
        s.checkmarkMiss = CheckmarkShape.judge(s.stroke, settings: settings)
        if s.checkmarkMiss == nil {
            s.recognized = true
            s.fired = true
            return .checkmark
        }
        s.nearestStroke = settings.strokes.nearest(s.stroke)
        if let nearest = s.nearestStroke, settings.strokes.accepts(nearest) {
            s.recognized = true
            s.fired = true
            return .template(name: nearest.name, score: nearest.score)
        }
        return detectSwipe(s)
    }

    private func detectSwipe(_ s: Attempt) -> Gesture? {
        guard !s.swipeReported, (1...5).contains(s.fingers.count) else { return nil }
        func qualifies(_ horizontal: Bool) -> Double? {
            if case .swipe(let direction) = swipeJudgement(s, horizontal: horizontal) { return direction }
            return nil
        }
        let axis: Gesture.Axis
        let direction: Double
        if let d = qualifies(true) { axis = .horizontal; direction = d } else if let d = qualifies(false) {
            axis = .vertical
            direction = d
        } else {
            return nil
        }
        s.swipeReported = true
        s.recognized = true
        s.fired = true
        // From an edge, away from it: every finger landed at that edge.
        let away: Gesture.Edge = switch (axis, direction > 0) {
        case (.horizontal, true): .left
        case (.horizontal, false): .right
        case (.vertical, true): .top
        case (.vertical, false): .bottom
        }
        if s.fingers.allSatisfy({ $0.edge == away }) { return .edgeSwipe(away, fingers: s.fingers.count) }
        return .swipe(axis, fingers: s.fingers.count)
    }

    private func currentPinchDistance() -> Double? {
        guard let s = attempt, s.fingers.count == 2 else { return nil }
        return s.fingers[0].location.distance(to: s.fingers[1].location)
    }

    private func detectPinch(_ s: Attempt) -> Gesture? {
        guard let reference = s.pinchReference, let distance = currentPinchDistance() else {
            return nil
        }
        s.largestPinchChange = max(s.largestPinchChange, abs(distance - reference))
        let delta = settings.pinchMinimumDelta * lengthScale
        if distance - reference > delta, !s.pinchReportedOutward {
            s.pinchReportedOutward = true
            s.recognized = true
            s.fired = true
            return .pinch(.outward)
        }
        if reference - distance > delta, !s.pinchReportedInward {
            s.pinchReportedInward = true
            s.recognized = true
            s.fired = true
            return .pinch(.inward)
        }
        return nil
    }

    // MARK: Edges and rotation

    /// The window edge within `edgeMargin` of `point`, if any (the nearest when two are).
    private func edge(at point: Point) -> Gesture.Edge? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        var nearest: Gesture.Edge?
        var distance = settings.edgeMargin
        func consider(_ edge: Gesture.Edge, _ d: Double) {
            if d < distance || (nearest == nil && d == distance) { nearest = edge; distance = d }
        }
        consider(.left, point.x)
        consider(.right, bounds.width - point.x)
        consider(.top, point.y)
        consider(.bottom, bounds.height - point.y)
        return nearest
    }

    private func currentRotationAngle(_ s: Attempt) -> Double? {
        guard s.fingers.count == 2 else { return nil }
        let a = s.fingers[0].location, b = s.fingers[1].location
        guard a.distance(to: b) > 0 else { return nil }
        return arcTangent(b.y - a.y, b.x - a.x)
    }

    /// Adds the turn since the last frame (y grows downward, so a growing angle turns
    /// clockwise on screen).
    private func trackRotation(_ s: Attempt) {
        guard s.fingers.count == 2, let angle = currentRotationAngle(s) else { return }
        if let previous = s.rotationAngle {
            var delta = angle - previous
            if delta > Double.pi { delta -= 2 * Double.pi } else if delta < -Double.pi { delta += 2 * Double.pi }
            s.rotationTotal += delta
        }
        s.rotationAngle = angle
    }

    /// The two fingers part (one lifts, a third lands): their total turn, if enough.
    private func endRotation(_ s: Attempt, found: inout [Gesture]) {
        trackRotation(s)
        let degrees = abs(s.rotationTotal) * 180 / Double.pi
        defer {
            s.rotationAngle = nil
            s.rotationTotal = 0
        }
        if s.rotationAngle != nil { s.largestTurn = max(s.largestTurn, degrees) }
        guard s.rotationAngle != nil, degrees >= settings.rotationMinimumAngle else { return }
        s.recognized = true
        s.fired = true
        found.append(.rotation(s.rotationTotal > 0 ? .clockwise : .counterclockwise,
                               degrees: Int(degrees.rounded())))
    }
}
