import TouchCore

/// Builds touch frames for gesture tests the way the assembler would, with a manual clock.
final class FingerScript {
    let clock = ManualClock(now: 1000)
    let detector: GestureDetector
    private(set) var gestures: [Gesture] = []
    private var active: [Int32: Touch] = [:]
    private var sequence = 0

    init(settings: GestureSettings = GestureSettings()) {
        detector = GestureDetector(settings: settings)
    }

    private func send(_ touches: [Touch]) {
        let frame = TouchFrame(time: UInt32(clock.now * 1000), touches: touches,
                               activeTouches: Array(active.values))
        gestures += detector.handle(frame, at: clock.now)
    }

    func down(_ fingers: [(Int32, Double, Double)]) {
        var touches: [Touch] = []
        for (id, x, y) in fingers {
            let touch = Touch(id: id, finger: FingerID(sequence), phase: .began, location: Point(x: x, y: y), time: 0)
            sequence += 1
            active[id] = touch
            touches.append(touch)
        }
        send(touches)
    }

    func down(_ id: Int32, _ x: Double, _ y: Double) { down([(id, x, y)]) }

    func move(_ fingers: [(Int32, Double, Double)]) {
        var touches: [Touch] = []
        for (id, x, y) in fingers {
            var touch = active[id]!
            touch.previousLocation = touch.location
            touch.location = Point(x: x, y: y)
            touch.phase = .moved
            active[id] = touch
            touches.append(touch)
        }
        send(touches)
    }

    func move(_ id: Int32, _ x: Double, _ y: Double) { move([(id, x, y)]) }

    /// Moves fingers by (dx, dy) in `steps` equal frames, `interval` seconds apart.
    func drag(_ ids: [Int32], dx: Double, dy: Double, steps: Int = 10, interval: Double = 0.01) {
        let starts = ids.map { active[$0]!.location }
        for step in 1...steps {
            clock.advance(by: interval)
            let t = Double(step) / Double(steps)
            move(zip(ids, starts).map { ($0, $1.x + dx * t, $1.y + dy * t) })
        }
    }

    func up(_ ids: [Int32]) {
        let touches = ids.map { id -> Touch in
            var touch = active.removeValue(forKey: id)!
            touch.phase = .ended
            return touch
        }
        send(touches)
    }

    func up(_ id: Int32) { up([id]) }

    func cancel() {
        let touches = active.values.map { touch -> Touch in
            var t = touch
            t.phase = .cancelled
            return t
        }
        active.removeAll()
        send(touches)
    }

    func tap(_ id: Int32 = 1, _ x: Double = 100, _ y: Double = 100, hold: Double = 0.08) {
        down(id, x, y)
        clock.advance(by: hold)
        up(id)
    }

    /// Lets `seconds` pass, reporting whatever the detector's deadline releases.
    func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while let deadline = detector.nextDeadline, deadline <= end {
            clock.now = max(clock.now, deadline)
            gestures += detector.expire(at: clock.now)
        }
        clock.now = end
    }

    func take() -> [Gesture] {
        defer { gestures.removeAll() }
        return gestures
    }
}
