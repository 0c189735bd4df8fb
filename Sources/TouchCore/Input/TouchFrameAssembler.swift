/// Turns one device's raw wl_touch event stream into `TouchFrame`s, as
/// smithay-client-toolkit buffers events per wl_touch and drains them on frame. The
/// session keeps one per device, so two seats never share an id space.
///
/// Besides grouping by wl_touch.frame it copes with what compositors really send
/// (each case is a `CompositorQuirk`, explained in docs/compositor-quirks.md):
/// - the group is handed on as soon as no touch remains active (no frame after the last up);
/// - the owner may flush at the end of a dispatch (`flushPendingGroup`), so fingers on a
///   compositor that sends no frames still move on screen;
/// - a finger that moves a second time before a frame hands the group on (a frame went
///   missing), so a stroke keeps its shape; a finger that went down in the group takes one
///   motion into its began entry (a down folded with a motion), a second one hands it on;
/// - a down for an id that is still active cancels the old touch;
/// - cancel ends every active touch, with no up to follow;
/// - a touch ends at its last known position, since wl_touch.up carries none;
/// - motion or up for unknown ids are ignored with a warning.
final class TouchFrameAssembler {
    /// Called for every assembled frame.
    var onFrame: (TouchFrame) -> Void = { _ in }
    /// Called for anything odd the compositor sent.
    var onWarning: (String) -> Void = { _ in }

    let device: InputDevice
    private var active: [Int32: Touch] = [:]
    private var pending: [Touch] = []
    /// The group being delivered, and the active touches sent with it (reused buffers).
    private var delivering: [Touch] = []
    private var activeList: [Touch] = []
    /// Fingers whose began entry in `pending` took a motion already.
    private var movedSinceBegan: Set<FingerID> = []
    private var lastTime: UInt32 = 0
    private let fingers: FingerIDSource

    init(device: InputDevice, fingers: FingerIDSource) {
        self.device = device
        self.fingers = fingers
    }

    /// Ids of the touches currently down, in no particular order.
    var activeIDs: [Int32] { Array(active.keys) }

    func down(id: Int32, at location: Point, time: UInt32) {
        lastTime = time
        if var old = active[id] {
            onWarning("touch \(id) went down while still active; cancelling the old touch")
            old.phase = .cancelled
            old.previousLocation = old.location
            old.time = time
            pending.append(old)
            active[id] = nil
        }
        let touch = Touch(id: id, finger: fingers.make(), phase: .began, location: location, time: time)
        active[id] = touch
        pending.append(touch)
    }

    func motion(id: Int32, to location: Point, time: UInt32) {
        lastTime = time
        guard var touch = active[id] else {
            onWarning("motion for touch \(id), which is not down; ignored")
            return
        }
        touch.previousLocation = touch.location
        touch.location = location
        touch.time = time
        active[id] = touch
        let index = pending.lastIndex { $0.finger == touch.finger }
        if let index, pending[index].phase == .moved || movedSinceBegan.contains(touch.finger) {
            // A second motion of one finger before a frame means a frame went missing:
            // hand the group on as it is, so the path keeps its corners.
            CompositorQuirk.noTouchFrames.workAround { flushPendingGroup() }
        }
        if let index, index < pending.count, pending[index].phase == .began {
            // A finger that went down in this group stays began, at its newest position.
            CompositorQuirk.downFoldedWithMotion.workAround {
                pending[index].location = location
                pending[index].time = time
                movedSinceBegan.insert(touch.finger)
            }
        } else {
            var moved = touch
            moved.phase = .moved
            pending.append(moved)
        }
    }

    func up(id: Int32, time: UInt32) {
        lastTime = time
        guard var touch = active.removeValue(forKey: id) else {
            onWarning("up for touch \(id), which is not down; ignored")
            return
        }
        touch.phase = .ended
        touch.previousLocation = touch.location
        touch.time = time
        pending.append(touch)
        pendingHoldsUp = true
        if active.isEmpty { CompositorQuirk.noFrameAfterLastUp.workAround { flushPendingGroup() } }
    }

    /// wl_touch.shape: kept on the touch and carried by its next entry.
    func shape(id: Int32, major: Double, minor: Double) {
        guard active[id] != nil else {
            onWarning("shape for touch \(id), which is not down; ignored")
            return
        }
        active[id]!.major = major
        active[id]!.minor = minor
        updatePending(id: id) { $0.major = major; $0.minor = minor }
    }

    func orientation(id: Int32, degrees: Double) {
        guard active[id] != nil else {
            onWarning("orientation for touch \(id), which is not down; ignored")
            return
        }
        active[id]!.orientation = degrees
        updatePending(id: id) { $0.orientation = degrees }
    }

    /// wl_touch.cancel: every active touch ends as cancelled; no up will follow.
    func cancel() {
        for id in active.keys.sorted() {
            var touch = active[id]!
            touch.phase = .cancelled
            touch.previousLocation = touch.location
            touch.time = lastTime  // wl_touch.cancel carries no time
            pending.append(touch)
        }
        active.removeAll()
        flushPendingGroup()
    }

    /// wl_touch.frame.
    func frame() {
        sendsFrames = true
        flushPendingGroup()
    }

    /// Whether this device has ever sent wl_touch.frame. One that has is trusted to send
    /// them: its groups are not handed on at the end of a dispatch, so a frame whose events
    /// took several reads of the socket (libwayland reads 4 KiB at a time: some 128
    /// fingers) is still one frame. A group holding an up is, though: mutter sends no frame
    /// after an up even while other fingers stay down.
    private(set) var sendsFrames = false

    /// Whether the group ends at the end of this dispatch (see `sendsFrames`).
    var endsWithDispatch: Bool { !sendsFrames || pendingHoldsUp }
    /// Whether a device that sends frames holds a group with an up: its frame may be the
    /// next thing on the socket (a burst cut between two reads), or never come (mutter).
    var holdsUpAwaitingFrame: Bool { sendsFrames && pendingHoldsUp }
    private var pendingHoldsUp = false

    /// Hands the pending group to `onFrame` if it holds anything.
    ///
    /// The frame's arrays are this assembler's own buffers, swapped and reused: once
    /// `onFrame` returns and nobody kept the frame, they are emptied in place, so a frame
    /// allocates nothing in steady state.
    func flushPendingGroup() {
        guard !pending.isEmpty else { return }
        swap(&pending, &delivering)
        movedSinceBegan.removeAll(keepingCapacity: true)
        pendingHoldsUp = false
        var time = delivering[0].time
        for touch in delivering where touch.time > time { time = touch.time }
        activeList.removeAll(keepingCapacity: true)
        for touch in active.values { activeList.append(touch) }
        activeList.sort { $0.finger < $1.finger }
        onFrame(TouchFrame(time: time, touches: delivering, activeTouches: activeList, device: device))
        delivering.removeAll(keepingCapacity: true)
        activeList.removeAll(keepingCapacity: true)
    }

    /// Whether events are waiting for a frame.
    var hasPendingGroup: Bool { !pending.isEmpty }

    private func updatePending(id: Int32, _ change: (inout Touch) -> Void) {
        guard let finger = active[id]?.finger,
              let index = pending.lastIndex(where: { $0.finger == finger })
        else { return }
        change(&pending[index])
    }
}
