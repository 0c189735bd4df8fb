/// The mouse as a finger, for people without a touchscreen: the left button pressed is a
/// touch (id -1, source pointer) that flows through the same frames, spots, gestures and
/// scenes. With Alt held while dragging, a second finger (id -2) mirrors it around the
/// window's centre, as the iOS Simulator's Option-drag does, so pinches can be tried.
///
/// Some compositors turn touches into pointer events for clients without wl_touch; a
/// client with wl_touch should not get those, but to be sure a finger is never counted
/// twice, button presses are ignored while a touchscreen touch is down and for
/// `touchscreenQuietPeriod` after the last touchscreen event.
final class PointerFinger {
    public static let pointerID: Int32 = -1
    public static let mirrorID: Int32 = -2
    public static let touchscreenQuietPeriod = 0.5

    var onFrame: (TouchFrame) -> Void = { _ in }

    let device: DeviceID
    private let fingers: FingerIDSource
    private var finger: Touch?
    private var mirror: Touch?
    /// Where the pointer is (surface coordinates).
    private(set) var location = Point.zero
    private var center = Point.zero
    private var alt = false
    private var touchscreenActive = false
    private var lastTouchscreenEvent = -Double.infinity

    init(device: DeviceID, fingers: FingerIDSource) {
        self.device = device
        self.fingers = fingers
    }

    /// The touchscreen reported something at `now`; `active` is whether fingers remain.
    func noteTouchscreen(active: Bool, at now: Double) {
        touchscreenActive = active
        lastTouchscreenEvent = now
    }

    /// The window's centre, which the mirrored finger turns around.
    func setCenter(_ point: Point) { center = point }

    func press(at point: Point, time: UInt32, now: Double) {
        location = point
        guard finger == nil, !touchscreenActive,
              now - lastTouchscreenEvent >= Self.touchscreenQuietPeriod else { return }
        var changes = [begin(Self.pointerID, at: point, time: time)]
        finger = changes[0]
        if alt {
            let m = begin(Self.mirrorID, at: mirrored(point), time: time)
            mirror = m
            changes.append(m)
        }
        emit(changes, time: time)
    }

    func move(to point: Point, time: UInt32) {
        location = point
        guard var f = finger else { return }
        f = moved(f, to: point, time: time)
        finger = f
        var changes = [f]
        if var m = mirror {
            m = moved(m, to: mirrored(point), time: time)
            mirror = m
            changes.append(m)
        }
        emit(changes, time: time)
    }

    func release(time: UInt32) {
        end(.ended, time: time)
    }

    /// The pointer left the window or the device went away while pressed.
    func cancel(time: UInt32) {
        end(.cancelled, time: time)
    }

    /// Alt went down or up; mid-drag this adds or lifts the mirrored finger.
    func setAlt(_ held: Bool, time: UInt32) {
        guard held != alt else { return }
        alt = held
        guard finger != nil else { return }
        if held, mirror == nil {
            let m = begin(Self.mirrorID, at: mirrored(location), time: time)
            mirror = m
            emit([m], time: time)
        } else if !held, var m = mirror {
            m.phase = .ended
            m.previousLocation = m.location
            mirror = nil
            emit([m], time: time)
        }
    }

    private func mirrored(_ p: Point) -> Point {
        Point(x: 2 * center.x - p.x, y: 2 * center.y - p.y)
    }

    private func begin(_ id: Int32, at point: Point, time: UInt32) -> Touch {
        var touch = Touch(id: id, finger: fingers.make(), phase: .began, location: point, time: time)
        touch.source = .pointer
        return touch
    }

    private func moved(_ touch: Touch, to point: Point, time: UInt32) -> Touch {
        var t = touch
        t.previousLocation = t.location
        t.location = point
        t.phase = .moved
        t.time = time
        return t
    }

    private func end(_ phase: TouchPhase, time: UInt32) {
        var changes: [Touch] = []
        for var touch in [finger, mirror].compactMap({ $0 }) {
            touch.phase = phase
            touch.previousLocation = touch.location
            touch.time = time
            changes.append(touch)
        }
        finger = nil
        mirror = nil
        if !changes.isEmpty { emit(changes, time: time) }
    }

    private func emit(_ touches: [Touch], time: UInt32) {
        let active = [finger, mirror].compactMap { $0 }
        onFrame(TouchFrame(time: time, touches: touches, activeTouches: active, device: device))
    }
}
