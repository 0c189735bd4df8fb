/// Recognizes taps, swipes, pinches and checkmarks from touch frames (TapTaps,
/// Swipes, PinchMe and CheckPlease), deterministically: the same frames at the same clock
/// times give the same gestures.
///
/// A *gesture attempt* runs from the first finger down until no finger remains. Every gesture
/// but the tap has a recognizer (the edge swipe's is the swipe's), declared in its file of
/// Kinds/ (`GestureRecognizer`), and the detector
/// runs them at each phase of the attempt in their declared precedence, which is how they
/// decide among each other: a one-finger stroke ends as at most one of checkmark, taught
/// stroke or swipe, judged on the whole stroke when the finger lifts (UIKit would make the
/// swipe `require(toFail:)` the checkmark): a checkmark's first leg is a fine swipe, and its
/// label must not flash up before the check is drawn. Swipes of two to five fingers and
/// pinches are reported while the fingers move, each at most once per attempt (pinch once
/// per direction); rotations when two fingers part; long presses by `expire(at:)` while the
/// fingers are held.
///
/// Taps are the detector's own rule (`TapCounter`, which UIKit's `tapCount` reads too): an
/// attempt no recognizer marked `recognized` is a tap, judged when the attempt ends and
/// reported only when the count is final: no further tap began within `tapInterval`, or
/// the count reached four. A cancel ends the attempt with nothing reported and forgets
/// any taps waiting to be reported.
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
        var recognized = false  // a recognizer's gesture, or a finger moved beyond the slop: no tap
        /// A gesture was reported for this attempt (a moved finger alone is no tap, but
        /// fired nothing).
        var fired = false
        /// A pen's gesture: one tool alone (a tap, a stroke, a long press), which no
        /// finger joins; fingers' gestures take no pen.
        var isPen = false
        /// When the last finger landed.
        var lastBegan: Double
        /// The farthest any finger has been from where it landed (a long press fails beyond
        /// its limit, even if the finger came back). One number for the attempt, not one per
        /// finger, so that keeping it costs a moved touch no write into `fingers`.
        var farthestTravel = 0.0
        /// The path of a one-finger stroke, a point every `strokeSpacing` px, for the
        /// checkmark and the taught strokes; emptied when a second finger lands.
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
    /// The gestures' recognizers, in their declared precedence (`GestureRecognizer`).
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

    /// When `expire(at:)` must next be called, to report waiting taps, or what a
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
        for recognizer in recognizers { recognizer.fingerLanding(in: s, detector: self, found: &found) }
        s.fingers.append(Finger(id: touch.finger, start: touch.location, location: touch.location,
                                tapCount: tapCount, edge: edge(at: touch.location)))
        s.maximumFingers = max(s.maximumFingers, s.fingers.count)
        if s.maximumFingers > 1 { s.stroke.removeAll() }
        s.lastBegan = now
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
            // One stroke, one gesture: the first recognizer to claim it (docs/gestures.md).
            for recognizer in recognizers {
                guard let gesture = recognizer.strokeEnded(s, at: now, detector: self) else { continue }
                found.append(gesture)
                break
            }
        }
        for recognizer in recognizers { recognizer.fingerEnded(in: s, detector: self, found: &found) }
        let finger = s.fingers.remove(at: i)
        if s.lifted.count < 10 { s.lifted.append(finger) }
        if finger.movedBeyondSlop || finger.start.distance(to: touch.location) > settings.tapSlop * lengthScale {
            s.recognized = true
        }
        guard s.fingers.isEmpty else { return }
        attempt = nil
        for recognizer in recognizers { recognizer.attemptEnded(s, at: now, detector: self, found: &found) }
        let isTap = !s.recognized && now - s.began <= settings.tapMaximumDuration
        if !isTap && !s.fired { nearMisses = nearMisses(of: s) }
        taps.gestureEnded(isTap: isTap, fingers: s.maximumFingers, began: s.began,
                          location: s.firstLocation, now: now, settings: settings, found: &found)
    }

    private func recognizeMovement(found: inout [Gesture]) {
        guard let s = attempt else { return }
        for recognizer in recognizers { recognizer.fingersMoved(in: s, detector: self, found: &found) }
    }

    /// One near miss per recognizer that came close, for a sequence that fired nothing
    /// (docs/gestures.md, "Why it did not fire"), in precedence order. Empty when none came
    /// close.
    private func nearMisses(of s: Attempt) -> [NearMiss] {
        var misses: [NearMiss] = []
        for recognizer in recognizers { recognizer.nearMisses(of: s, detector: self, into: &misses) }
        return misses
    }
}
