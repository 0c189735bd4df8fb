/// The one tap rule, used for everything that counts taps: UIKit's `touch.tapCount`
/// (MoveMe's double tap) and the tap gesture (the playground's label) read the same count.
///
/// A *tap* is a gesture (first finger down to last finger up) that lasted at most
/// `tapMaximumDuration` and in which no finger moved beyond `tapSlop` or made a swipe,
/// pinch or checkmark. A tap whose gesture begins within `tapInterval` of the previous
/// tap's lift, and within `tapDistance` of where that one began, continues its count, up
/// to four. A tap with several fingers counts as a single tap and restarts the count.
/// A count is final when `tapInterval` passes with no new gesture (a gesture already
/// begun by then is waited for), when a gesture that cannot continue it begins or ends,
/// or at once at four. docs/gestures.md states the same rule.
struct TapCounter {
    private struct Pending {
        var count: Int
        var lastEnd: Double
        var location: Point
    }

    private var pending: Pending?
    /// The count the current (or last) gesture's first finger has, as UIKit's tapCount.
    private(set) var currentCount = 0

    /// A gesture began with its first finger at `location`: the count it continues (or 1).
    /// A waiting count it cannot continue is final now and goes into `found`.
    mutating func gestureBegan(at location: Point, now: Double, settings: GestureSettings,
                               found: inout [Gesture]) -> Int {
        if let p = pending, !continues(p, at: location, time: now, settings: settings) {
            found.append(.tap(count: p.count))
            pending = nil
        }
        currentCount = (pending?.count ?? 0) + 1
        return currentCount
    }

    /// A second finger joined: the gesture can only be a single tap now.
    mutating func fingerJoined() { currentCount = 1 }

    /// A gesture that began at `began` (first finger at `location`) ended at `now`.
    mutating func gestureEnded(isTap: Bool, fingers: Int, began: Double, location: Point,
                               now: Double, settings: GestureSettings, found: inout [Gesture]) {
        guard isTap else {
            // Not a tap: whatever count waited is final.
            if let p = pending { found.append(.tap(count: p.count)) }
            pending = nil
            return
        }
        if fingers >= 2 {
            if let p = pending { found.append(.tap(count: p.count)) }
            pending = Pending(count: 1, lastEnd: now, location: location)
            currentCount = 1
            return
        }
        var count = 1
        if let p = pending, continues(p, at: location, time: began, settings: settings) {
            count = p.count + 1
        } else if let p = pending {
            found.append(.tap(count: p.count))
        }
        currentCount = count
        if count >= 4 {
            found.append(.tap(count: 4))
            pending = nil
        } else {
            pending = Pending(count: count, lastEnd: now, location: location)
        }
    }

    /// When the waiting count becomes final, if one waits. While a gesture that began in
    /// time is still under way there is none: its end decides.
    func deadline(gestureBegan: Double?, settings: GestureSettings) -> Double? {
        guard let pending else { return nil }
        let deadline = pending.lastEnd + settings.tapInterval
        if let gestureBegan, gestureBegan <= deadline { return nil }
        return deadline
    }

    /// The waiting count, if it is final by `now`.
    mutating func expire(at now: Double, gestureBegan: Double?, settings: GestureSettings) -> Gesture? {
        guard let p = pending, let deadline = deadline(gestureBegan: gestureBegan, settings: settings),
              now >= deadline else { return nil }
        pending = nil
        return .tap(count: p.count)
    }

    /// Forgets every count (a cancel, or a scene change).
    mutating func reset() {
        pending = nil
        currentCount = 0
    }

    private func continues(_ p: Pending, at location: Point, time: Double,
                           settings: GestureSettings) -> Bool {
        time - p.lastEnd <= settings.tapInterval && p.location.distance(to: location) <= settings.tapDistance
    }
}
