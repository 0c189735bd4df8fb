/// The instrument panel's numbers, as Android's "Pointer location" shows them: per finger
/// where it is, how far it went since it landed, how fast it moves and how often the
/// compositor reports it; for the stream, touches now and at most, frames a second and
/// touch events per frame. Everything comes from what the compositor delivered over
/// Wayland (not from evdev), which is the point of the tool.
public struct ReadoutSnapshot: Equatable, Sendable {
    public var touches: Int
    public var maxTouches: Int
    /// Frames handed to the core in the last second (the session's clock).
    public var framesPerSecond: Double
    /// Touch entries per frame over the same second.
    public var eventsPerFrame: Double
    /// Whether any wl_touch.shape arrived since the readouts were shown.
    public var shapeSeen: Bool
    public var fingers: [FingerReadout]

    public init(touches: Int, maxTouches: Int, framesPerSecond: Double, eventsPerFrame: Double, shapeSeen: Bool,
                fingers: [FingerReadout]) {
        self.touches = touches; self.maxTouches = maxTouches; self.framesPerSecond = framesPerSecond
        self.eventsPerFrame = eventsPerFrame; self.shapeSeen = shapeSeen; self.fingers = fingers
    }
}

public struct FingerReadout: Equatable, Sendable {
    public var id: Int32
    public var source: TouchSource
    public var location: Point
    /// Since the finger landed.
    public var dx: Double, dy: Double
    /// px/s over the finger's last 32 samples (about 260 ms at 120 Hz: a delivery a few
    /// ms late at either end moves it by 1 to 2 %), by its timestamps; nil until it has
    /// two samples at different times.
    public var velocity: Double?
    /// Samples a second over its last 64 samples, from the input timestamps (ns) where the
    /// compositor offers zwp_input_timestamps_v1, else from wl_touch's millisecond ones:
    /// at 120 Hz, 63 intervals span 525 ms, so the ms rounding costs under 0.2 %, and a
    /// late delivery of a few ms at either end (a busy compositor) under 1 %.
    public var reportRate: Double?
    public var pressure: Double?
    public var major: Double?, minor: Double?, orientation: Double?

    public init(id: Int32, source: TouchSource, location: Point, dx: Double, dy: Double, velocity: Double?,
                reportRate: Double?, pressure: Double? = nil, major: Double? = nil, minor: Double? = nil,
                orientation: Double? = nil) {
        self.id = id; self.source = source; self.location = location; self.dx = dx; self.dy = dy
        self.velocity = velocity; self.reportRate = reportRate; self.pressure = pressure
        self.major = major; self.minor = minor; self.orientation = orientation
    }
}

/// Gathers the readouts from the frames, only while the panel is shown (hidden, it costs
/// nothing per frame).
final class TouchReadouts {
    private struct Finger {
        let id: Int32
        let source: TouchSource
        let start: Point
        var location: Point
        /// (compositor time in ms, location), oldest first, at most `capacity`; the times
        /// are the input timestamps' (ns, as fractional ms) while every sample has one.
        var samples: [(time: Double, point: Point)] = []
        var precise = true
        var pressure: Double?
        var major: Double?, minor: Double?, orientation: Double?
        let order: Int
    }

    static let capacity = 64
    static let velocitySamples = 32

    private var fingers: [FingerID: Finger] = [:]
    private var nextOrder = 0
    /// (clock time, touch entries) of the frames of the last second.
    private var frames: [(time: Double, entries: Int)] = []
    private var maxTouches = 0
    private var shapeSeen = false

    func reset() {
        fingers.removeAll()
        frames.removeAll()
        maxTouches = 0
        shapeSeen = false
    }

    func record(_ frame: TouchFrame, now: Double) {
        guard !frame.touches.isEmpty else { return }
        frames.append((now, frame.touches.count))
        for touch in frame.touches {
            if touch.major != nil { shapeSeen = true }
            switch touch.phase {
            case .began:
                var finger = Finger(id: touch.id, source: touch.source, start: touch.location,
                                    location: touch.location, order: nextOrder)
                nextOrder += 1
                finger.samples.reserveCapacity(Self.capacity)
                update(&finger, with: touch)
                fingers[touch.finger] = finger
            case .moved:
                if var finger = fingers[touch.finger] {
                    update(&finger, with: touch)
                    fingers[touch.finger] = finger
                }
            case .ended, .cancelled:
                fingers[touch.finger] = nil
            }
        }
        maxTouches = max(maxTouches, fingers.count)
    }

    private func update(_ finger: inout Finger, with touch: Touch) {
        finger.location = touch.location
        if finger.samples.count == Self.capacity { finger.samples.removeFirst() }
        if touch.timeNanoseconds == nil && finger.precise {
            // Back to wl_touch's ms for every sample, so all share one clock.
            finger.precise = false
            finger.samples.removeAll(keepingCapacity: true)
        }
        let time = finger.precise ? Double(touch.timeNanoseconds!) / 1e6 : Self.unwrap(touch.time, after: finger.samples.last?.time)
        finger.samples.append((time, touch.location))
        finger.pressure = touch.pen?.pressure
        finger.major = touch.major
        finger.minor = touch.minor
        finger.orientation = touch.orientation
    }

    func snapshot(now: Double) -> ReadoutSnapshot {
        if let stale = frames.firstIndex(where: { now - $0.time <= 1 }) {
            frames.removeFirst(stale)
        } else {
            frames.removeAll()
        }
        let entries = frames.reduce(0) { $0 + $1.entries }
        let list = fingers.values.sorted { $0.order < $1.order }.map { finger in
            FingerReadout(id: finger.id, source: finger.source, location: finger.location,
                          dx: finger.location.x - finger.start.x, dy: finger.location.y - finger.start.y,
                          velocity: Self.velocity(finger.samples.suffix(Self.velocitySamples)),
                          reportRate: Self.rate(finger.samples[...]),
                          pressure: finger.pressure, major: finger.major, minor: finger.minor,
                          orientation: finger.orientation)
        }
        return ReadoutSnapshot(touches: fingers.count, maxTouches: maxTouches,
                               framesPerSecond: Double(frames.count),
                               eventsPerFrame: frames.isEmpty ? 0 : Double(entries) / Double(frames.count),
                               shapeSeen: shapeSeen, fingers: list)
    }

    /// wl_touch's 32-bit ms clock wraps every 49.7 days: a time is placed after the
    /// previous sample's.
    private static func unwrap(_ time: UInt32, after previous: Double?) -> Double {
        guard let previous else { return Double(time) }
        let last = UInt32(truncatingIfNeeded: Int64(previous))
        return previous + Double(Int32(bitPattern: time &- last))
    }

    private static func velocity(_ samples: ArraySlice<(time: Double, point: Point)>) -> Double? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let ms = last.time - first.time
        guard ms > 0, ms < 60_000 else { return nil }
        return first.point.distance(to: last.point) / ms * 1000
    }

    private static func rate(_ samples: ArraySlice<(time: Double, point: Point)>) -> Double? {
        guard samples.count >= 2, let first = samples.first, let last = samples.last else { return nil }
        let ms = last.time - first.time
        guard ms > 0, ms < 60_000 else { return nil }
        return Double(samples.count - 1) / ms * 1000
    }
}
