import TouchCore

/// Drives a TouchSession the way the client does (its front door, with a manual clock)
/// and keeps everything its sink reports.
final class SessionDriver {
    let clock: ManualClock
    private(set) var session: TouchSession!
    private(set) var events: [TouchSessionEvent] = []
    /// The touch device most tests use.
    private(set) var device: DeviceID!
    private var positions: [Int32: Point] = [:]

    init(scene: SceneName = .playground, size: Size = Size(width: 800, height: 600),
         settings: GestureSettings = GestureSettings(), now: Double = 0) {
        clock = ManualClock(now: now)
        session = TouchSession(sceneName: scene, size: size, settings: settings, clock: clock,
                               sink: { [unowned self] in events.append($0) })!
        device = session.touchscreens.add()
    }

    var window: Window { session.window }
    var scene: Scene { session.stage.scene }

    var frames: [TouchFrame] {
        events.compactMap { if case .frame(let frame, _) = $0 { return frame } else { return nil } }
    }
    var spotCounts: [Int] {
        events.compactMap { if case .frame(_, let spots) = $0 { return spots } else { return nil } }
    }
    var warnings: [String] {
        events.compactMap { if case .warning(let message, _) = $0 { return message } else { return nil } }
    }
    var gestures: [Gesture] {
        events.compactMap { if case .gesture(let gesture) = $0 { return gesture } else { return nil } }
    }
    /// Scene-level events (gestures, labels, placard, scene), as the scenes report them.
    var sceneEvents: [SceneEvent] {
        events.compactMap {
            switch $0 {
            case .gesture(let g): return .gesture(g)
            case .label(let slot, let text): return .label(slot: slot, text: text)
            case .placard(let p): return .placard(p)
            case .scene(let name): return .scene(name)
            default: return nil
            }
        }
    }

    func clearEvents() { events.removeAll() }

    // MARK: wl_touch-shaped

    func down(id: Int32, at point: Point, time: UInt32 = 0) {
        positions[id] = point
        session.touchscreens.down(device, id: id, at: point, time: time)
    }
    func motion(id: Int32, to point: Point, time: UInt32 = 0) {
        positions[id] = point
        session.touchscreens.motion(device, id: id, to: point, time: time)
    }
    func up(id: Int32, time: UInt32 = 0) { session.touchscreens.up(device, id: id, time: time) }
    func shape(id: Int32, major: Double, minor: Double) {
        session.touchscreens.shape(device, id: id, major: major, minor: minor)
    }
    func orientation(id: Int32, degrees: Double) {
        session.touchscreens.orientation(device, id: id, degrees: degrees)
    }
    func frame() { session.touchscreens.frame(device) }
    func cancel() { session.touchscreens.cancel(device) }
    /// What the client does after every dispatch.
    func flush() { session.flush() }

    /// One frame of downs, motions and ups: (id, phase, x, y).
    func send(_ touches: [(Int32, TouchPhase, Double, Double)]) {
        for (id, phase, x, y) in touches {
            switch phase {
            case .began: down(id: id, at: Point(x: x, y: y))
            case .moved: motion(id: id, to: Point(x: x, y: y))
            case .ended:
                if positions[id] != Point(x: x, y: y) { motion(id: id, to: Point(x: x, y: y)) }
                up(id: id)
            case .cancelled: cancel()
            }
        }
        frame()
    }

    /// A quick tap at (x, y).
    func tap(_ id: Int32 = 1, _ x: Double, _ y: Double, hold: Double = 0.05) {
        send([(id, .began, x, y)])
        clock.advance(by: hold)
        up(id: id)
        frame()
    }

    /// Moves the clock to each due timer in turn, up to `seconds` from now.
    func run(_ seconds: Double) {
        let end = clock.now + seconds
        while let next = session.nextDeadline, next <= end {
            clock.now = max(clock.now, next)
            session.flush()
        }
        clock.now = end
    }

    /// Lets animations finish.
    func settle() {
        for _ in 0..<100 {
            clock.advance(by: 0.02)
            _ = window.takeDamage()
        }
    }
}
