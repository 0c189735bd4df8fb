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
/// - motion or up for unknown ids are ignored with a warning;
/// - what it works around, it also reports (`AnomalyKind`): a missing frame after an up
///   (seen when the next event comes instead), no frames at all, a frame per event.
final class TouchFrameAssembler {
    /// Called for every assembled frame.
    var onFrame: (TouchFrame) -> Void = { _ in }
    /// Called for anything odd the compositor sent.
    var onWarning: (AnomalyKind, String) -> Void = { _, _ in }

    let device: DeviceID
    /// The touches down, in finger order: a finger that lands later has a larger
    /// `FingerID`, so appending keeps the order the frame's `activeTouches` are sent in.
    /// A handful, found by their id linearly: hashing the id for every event and sorting
    /// the list for every frame cost more (docs/design/performance.md, "The core's touch path").
    private var active: [Touch] = []
    private var pending: [Touch] = []
    /// The group being delivered, and the active touches sent with it (reused buffers).
    private var delivering: [Touch] = []
    private var activeList: [Touch] = []
    /// The buffers of the last few frames handed on, reused in turn: whoever got a frame
    /// may keep its arrays a while (the event log keeps them until it writes, after the
    /// commit), and emptying a buffer still shared would allocate a new one. By the time
    /// a buffer comes round again it is its own, so a steady frame allocates nothing.
    private var retiredGroups = [[Touch]](repeating: [], count: retiredCount)
    private var retiredActive = [[Touch]](repeating: [], count: retiredCount)
    private var retiredSlot = 0
    private static let retiredCount = 8
    /// Fingers whose began entry in `pending` took a motion already.
    private var movedSinceBegan: Set<FingerID> = []
    private var lastTime: UInt32 = 0
    /// The ns timestamp for the next down, motion or up (zwp_input_timestamps_v1).
    var nextTimestamp: UInt64?
    private let fingers: FingerIDSource

    init(device: DeviceID, fingers: FingerIDSource) {
        self.device = device
        self.fingers = fingers
    }

    /// Ids of the touches currently down, in no particular order.
    var activeIDs: [Int32] { active.map(\.id) }

    private func activeIndex(_ id: Int32) -> Int? {
        var i = 0
        let n = active.count
        while i < n {
            if active[i].id == id { return i }
            i += 1
        }
        return nil
    }

    func down(id: Int32, at location: Point, time: UInt32) {
        lastTime = time
        noteEventAfterMissingFrame()
        if let index = activeIndex(id) {
            onWarning(.duplicateDown, "touch \(id) went down while still active; cancelling the old touch")
            var old = active.remove(at: index)
            old.phase = .cancelled
            old.previousLocation = old.location
            old.time = time
            pending.append(old)
        }
        var touch = Touch(id: id, finger: fingers.make(), phase: .began, location: location, time: time)
        touch.timeNanoseconds = takeTimestamp()
        active.append(touch)
        pending.append(touch)
    }

    func motion(id: Int32, to location: Point, time: UInt32) {
        lastTime = time
        noteEventAfterMissingFrame()
        guard let slot = activeIndex(id) else {
            onWarning(.unknownID, "motion for touch \(id), which is not down; ignored")
            return
        }
        active[slot].previousLocation = active[slot].location
        active[slot].location = location
        active[slot].time = time
        active[slot].timeNanoseconds = takeTimestamp()
        let touch = active[slot]
        let index = pending.lastIndex { $0.finger == touch.finger }
        if let index, pending[index].phase == .moved || movedSinceBegan.contains(touch.finger) {
            // A second motion of one finger before a frame means a frame went missing:
            // hand the group on as it is, so the path keeps its corners.
            CompositorQuirk.noFrames.workAround { flushPendingGroup() }
        }
        if let index, index < pending.count, pending[index].phase == .began {
            // A finger that went down in this group stays began, at its newest position.
            CompositorQuirk.downFoldedWithMotion.workAround {
                pending[index].location = location
                pending[index].time = time
                pending[index].timeNanoseconds = touch.timeNanoseconds
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
        noteEventAfterMissingFrame()
        guard let index = activeIndex(id) else {
            onWarning(.unknownID, "up for touch \(id), which is not down; ignored")
            return
        }
        var touch = active.remove(at: index)
        touch.phase = .ended
        touch.previousLocation = touch.location
        touch.time = time
        touch.timeNanoseconds = takeTimestamp()
        pending.append(touch)
        pendingHoldsUp = true
        if active.isEmpty {
            CompositorQuirk.noFrameAfterLastUp.workAround {
                flushPendingGroup()
                if sendsFrames { awaitingFrameAfterUp = true }
            }
        }
    }

    /// wl_touch.shape: kept on the touch and carried by its next entry.
    func shape(id: Int32, major: Double, minor: Double) {
        guard let index = activeIndex(id) else {
            onWarning(.unknownID, "shape for touch \(id), which is not down; ignored")
            return
        }
        active[index].major = major
        active[index].minor = minor
        updatePending(id: id) { $0.major = major; $0.minor = minor }
    }

    func orientation(id: Int32, degrees: Double) {
        guard let index = activeIndex(id) else {
            onWarning(.unknownID, "orientation for touch \(id), which is not down; ignored")
            return
        }
        active[index].orientation = degrees
        updatePending(id: id) { $0.orientation = degrees }
    }

    /// wl_touch.cancel: every active touch ends as cancelled; no up will follow.
    func cancel() {
        for var touch in active.sorted(by: { $0.id < $1.id }) {
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
        awaitingFrameAfterUp = false
        noteFrameSize(pending.count)
        flushPendingGroup()
    }

    private func takeTimestamp() -> UInt64? {
        defer { nextTimestamp = nil }
        return nextTimestamp
    }

    // MARK: Anomalies

    /// An up's group was handed on before its frame; the frame should be next.
    private var awaitingFrameAfterUp = false
    /// One-event frames that split what the compositor stamped as one moment.
    private var singleEventFrames = 0
    private var reportedFramePerEvent = false
    /// Groups handed on at the end of a read by a device that has never sent a frame.
    private var groupsWithoutFrames = 0

    /// A touch event came where the frame after an up should have: it never came.
    private func noteEventAfterMissingFrame() {
        guard awaitingFrameAfterUp else { return }
        awaitingFrameAfterUp = false
        onWarning(.noFrameAfterLastUp, "no wl_touch.frame after an up: the group was handed on without it")
    }

    /// One event per frame is normal when one finger moves and the others rest; what
    /// gives a split frame away is two one-event frames for different fingers with the
    /// same timestamp (one hardware report, sent as two frames). Said once, after five.
    private func noteFrameSize(_ events: Int) {
        guard !reportedFramePerEvent, events > 0 else { return }
        defer { lastSingle = events == 1 ? (pending[0].finger, pending[0].time) : nil }
        guard events == 1, let last = lastSingle, last.finger != pending[0].finger,
              last.time == pending[0].time else { return }
        singleEventFrames += 1
        if singleEventFrames >= 5 {
            reportedFramePerEvent = true
            onWarning(.framePerEvent, "frames of one event each for fingers reported at the same time: a frame per event")
        }
    }
    private var lastSingle: (finger: FingerID, time: UInt32)?

    /// The session handed a group on at the end of a read (`endsWithDispatch`).
    func flushAtEndOfRead() {
        guard !pending.isEmpty else { return }
        if !sendsFrames {
            groupsWithoutFrames += 1
            // Once, after a few: a first down may simply be cut from its frame by a read.
            if groupsWithoutFrames == 3 {
                onWarning(.noFrames, "this wl_touch has sent no frame events: its events are grouped per read instead")
            }
        } else if pendingHoldsUp {
            awaitingFrameAfterUp = true
        }
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
    /// The frame's arrays are this assembler's own buffers, swapped and reused in turn
    /// (`retiredGroups`), so a frame allocates nothing in steady state even when the sink
    /// keeps the last few frames a while.
    func flushPendingGroup() {
        guard !pending.isEmpty else { return }
        swap(&pending, &delivering)
        movedSinceBegan.removeAll(keepingCapacity: true)
        pendingHoldsUp = false
        var time = delivering[0].time
        for touch in delivering where touch.time > time { time = touch.time }
        activeList.removeAll(keepingCapacity: true)
        activeList.append(contentsOf: active)
        onFrame(TouchFrame(time: time, touches: delivering, activeTouches: activeList, device: device))
        swap(&delivering, &retiredGroups[retiredSlot])
        swap(&activeList, &retiredActive[retiredSlot])
        retiredSlot = (retiredSlot + 1) % Self.retiredCount
        delivering.removeAll(keepingCapacity: true)
        activeList.removeAll(keepingCapacity: true)
    }

    /// Whether events are waiting for a frame.
    var hasPendingGroup: Bool { !pending.isEmpty }

    private func updatePending(id: Int32, _ change: (inout Touch) -> Void) {
        guard let finger = activeIndex(id).map({ active[$0].finger }),
              let index = pending.lastIndex(where: { $0.finger == finger })
        else { return }
        change(&pending[index])
    }
}
