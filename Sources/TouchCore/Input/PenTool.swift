/// One tablet tool (zwp_tablet_tool_v2: a pen, or its eraser end) turned into touch
/// frames, as UIKit turns an Apple Pencil into UITouches of type pencil.
///
/// The tip on the surface is a touch of source `.pen` or `.eraser`: it begins at `down`,
/// moves while the tool moves or its axes change, and ends at `up`, so hit-testing, the
/// responder chain, spots and MoveMe treat it as they treat a finger. In proximity with the
/// tip up, the tool is a *hover* that no view receives; leaving proximity is *out*.
///
/// The protocol groups a tool's events into frames (`frame(time:)`); this assembles one
/// `TouchFrame` per frame, whose touches and hovers say what the frame changed:
/// - a frame with `down` gives `began` (at the frame's final position and axes, since
///   wlroots sends the tip before the motion of the same frame);
/// - motion or an axis while down gives `moved`; `up` gives `ended`;
/// - in proximity and up, a frame that moved or changed an axis gives a hover entry;
/// - `proximity_out` gives `out` (after `cancelled` if the tip never came up, which the
///   protocol forbids: a compositor must send `up` first); `removed` while the tip is
///   down gives `cancelled` then `out` at once, as no frame follows it.
/// A compositor that never sends the tool's frame gets its events grouped per read of the
/// socket instead (`endsWithDispatch`), as for wl_touch without frames.
final class PenTool {
    let id: Int32
    /// `.pen` or `.eraser` (zwp_tablet_tool_v2.type; a brush or pencil draws as a pen).
    var source: TouchSource
    let device: DeviceID
    var onFrame: (TouchFrame) -> Void = { _ in }
    var onWarning: (AnomalyKind, String) -> Void = { _, _ in }

    private let fingers: FingerIDSource
    /// The tip's touch while it is down (its last delivered state).
    private var contact: Touch?
    private(set) var isInProximity = false
    /// Which tablet (the caller's key) the tool is in proximity of, to end it when that
    /// tablet goes.
    private(set) var tablet: Int?
    private var location = Point.zero
    private var state = PenState()

    /// What the current frame holds so far.
    private var touches: [Touch] = []
    private var hovers: [PenHover] = []
    private var changed = false
    private var enteredProximity = false
    private(set) var hasSentFrames = false
    private var lastTime: UInt32 = 0

    init(id: Int32, source: TouchSource, device: DeviceID, fingers: FingerIDSource) {
        self.id = id
        self.source = source
        self.device = device
        self.fingers = fingers
    }

    /// Events wait for a frame; with none ever seen they are handed on after each read.
    var endsWithDispatch: Bool { !hasSentFrames }
    var hasPendingFrame: Bool { changed || enteredProximity || !touches.isEmpty || !hovers.isEmpty }

    // MARK: Protocol events

    func proximityIn(tablet: Int) {
        splitAfterOut()
        self.tablet = tablet
        if !isInProximity { enteredProximity = true }
        isInProximity = true
    }

    func proximityOut() {
        guard isInProximity else { return }
        if contact != nil {
            onWarning(.tabletTool, "tablet tool \(id): proximity_out while the tip was down, with no up before it")
            endContact(.cancelled)
        }
        leave()
    }

    func down() {
        splitAfterOut()
        guard contact == nil else {
            onWarning(.tabletTool, "tablet tool \(id): down while already down")
            return
        }
        if !isInProximity {
            onWarning(.tabletTool, "tablet tool \(id): down outside proximity")
            isInProximity = true
        }
        let touch = Touch(id: id, finger: fingers.make(), phase: .began, location: location, time: lastTime)
        var began = touch
        began.source = source
        began.pen = state
        contact = began
        touches.append(began)
    }

    func up() {
        guard contact != nil else {
            onWarning(.tabletTool, "tablet tool \(id): up while not down")
            return
        }
        endContact(.ended)
    }

    func motion(to point: Point) {
        location = point
        changed = true
    }

    /// `raw` on the protocol's 0...65535 scale.
    func pressure(_ raw: UInt32) {
        state.pressure = normalized(raw, axis: "pressure")
        changed = true
    }

    func distance(_ raw: UInt32) {
        state.distance = normalized(raw, axis: "distance")
        changed = true
    }

    func tilt(x: Double, y: Double) {
        state.tiltX = x
        state.tiltY = y
        changed = true
    }

    func button(_ code: UInt32, pressed: Bool) {
        if pressed {
            if !state.buttons.contains(code) { state.buttons.append(code) }
        } else {
            state.buttons.remove(code)
        }
        changed = true
    }

    /// zwp_tablet_tool_v2.frame: what the frame changed goes out as one TouchFrame.
    func frame(time: UInt32) {
        hasSentFrames = true
        lastTime = time
        emit()
    }

    /// The tool was removed, or its tablet or seat went: a tip still down is cancelled
    /// and the tool is out, at once, as no frame will say so.
    func withdraw() {
        if contact != nil { endContact(.cancelled) }
        if isInProximity { leave() }
        emit()
    }

    /// A group with no frame after it, handed on at the end of a read.
    func flushPendingFrame() {
        if hasPendingFrame { emit() }
    }

    // MARK: Assembly

    /// A frame's entries keep touches and hovers apart, which loses their order; a tool
    /// that comes back (proximity in, or a tip down) after leaving in the same frame, which
    /// no compositor should send, first has what came before handed on as a frame of its
    /// own, so `out` never follows the new `began` in the log.
    private func splitAfterOut() {
        if hovers.contains(where: { $0.phase == .out }) { emit() }
    }

    private func normalized(_ raw: UInt32, axis: String) -> Double {
        if raw > 65535 {
            onWarning(.outOfRange, "tablet tool \(id): \(axis) \(raw) is beyond the protocol's 0...65535, taken as 65535")
        }
        return Double(min(raw, 65535)) / 65535
    }

    private func endContact(_ phase: TouchPhase) {
        guard var touch = contact else { return }
        touch.previousLocation = touch.location
        if phase == .ended {
            touch.location = location
            touch.pen = state
        }
        touch.phase = phase
        touch.time = lastTime
        touches.append(touch)
        contact = nil
    }

    private func leave() {
        isInProximity = false
        enteredProximity = false
        tablet = nil
        hovers.append(PenHover(id: id, source: source, phase: .out, location: location, state: state))
        state.buttons.removeAll()
    }

    private func emit() {
        if var touch = contact {
            // The tip's entry takes the frame's final position and axes: a `began` made
            // earlier in this frame, or a `moved` when something changed.
            if let index = touches.lastIndex(where: { $0.finger == touch.finger }) {
                if touches[index].phase == .began { touches[index].previousLocation = location }
                touches[index].location = location
                touches[index].pen = state
                touch = touches[index]
            } else if changed {
                touch.previousLocation = touch.location
                touch.location = location
                touch.pen = state
                touch.phase = .moved
                touch.time = lastTime
                touches.append(touch)
            }
            touch.phase = .moved
            contact = touch
        } else if isInProximity, changed || enteredProximity,
                  !touches.contains(where: { $0.phase == .ended }) {
            hovers.append(PenHover(id: id, source: source, phase: .hover, location: location, state: state))
        }
        changed = false
        enteredProximity = false
        guard !touches.isEmpty || !hovers.isEmpty else { return }
        for i in touches.indices { touches[i].time = lastTime }
        let frame = TouchFrame(time: lastTime, touches: touches, activeTouches: contact.map { [$0] } ?? [],
                               device: device, hovers: hovers)
        touches.removeAll(keepingCapacity: true)
        hovers.removeAll(keepingCapacity: true)
        onFrame(frame)
    }
}
