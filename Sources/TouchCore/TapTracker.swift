/// UIKit's UITouch.tapCount: a touch that begins soon after a tap, close to it, continues
/// its count; anything else starts at 1. Lives in the window so every view sees the same
/// count for a touch, as every UIKit view sees the same UITouch.
struct TapTracker {
    private var lastTap: (time: Double, location: Point, count: Int)?
    private var starts: [Int: (time: Double, location: Point, moved: Bool, count: Int)] = [:]

    /// The count for a touch beginning now.
    mutating func began(_ touch: Touch, at now: Double, settings: GestureSettings) -> Int {
        var count = 1
        if let last = lastTap, now - last.time <= settings.tapInterval,
           last.location.distance(to: touch.location) <= settings.tapDistance {
            count = last.count + 1
        }
        starts[touch.sequence] = (now, touch.location, false, count)
        return count
    }

    mutating func moved(_ touch: Touch, settings: GestureSettings) {
        guard let start = starts[touch.sequence],
              start.location.distance(to: touch.location) > settings.tapSlop else { return }
        starts[touch.sequence]?.moved = true
    }

    /// The count the touch carried; a lift that was a tap becomes the one later taps chain to.
    mutating func ended(_ touch: Touch, at now: Double, settings: GestureSettings) -> Int {
        guard let start = starts.removeValue(forKey: touch.sequence) else { return 1 }
        let moved = start.moved || start.location.distance(to: touch.location) > settings.tapSlop
        if !moved && now - start.time <= settings.tapMaximumDuration {
            lastTap = (now, touch.location, start.count)
        } else {
            lastTap = nil
        }
        return start.count
    }

    mutating func cancelled(_ touch: Touch) -> Int {
        lastTap = nil
        return starts.removeValue(forKey: touch.sequence)?.count ?? 1
    }

    func count(for touch: Touch) -> Int { starts[touch.sequence]?.count ?? 1 }
}
