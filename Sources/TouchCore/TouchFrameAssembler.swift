/// Turns the raw wl_touch event stream into `TouchFrame`s.
///
/// Real compositors do not all follow wayland.xml to the letter (see FIELD-NOTES.md), so
/// besides grouping by wl_touch.frame this type:
/// - flushes the group as soon as no touch remains active: mutter and weston < 12 send no
///   frame after the last up, cage sends no frame at all;
/// - lets the owner flush at the end of a dispatch (`flushPendingGroup`), so that fingers
///   on a frame-less compositor still move on screen;
/// - hands on the group when a finger moves a second time before a frame (a frame went
///   missing), so that a stroke keeps its shape; a finger that went down in the group
///   takes one motion into its began entry (mutter folds a down and a motion into one
///   frame), a second one hands the group on too;
/// - treats a down for an id that is still active as a cancel of the old touch;
/// - ends every active touch on cancel, with no up to follow;
/// - ends a touch at its last known position, since wl_touch.up carries none;
/// - ignores motion or up for unknown ids, reporting a warning.
public final class TouchFrameAssembler {
    /// Called for every assembled frame.
    public var onFrame: (TouchFrame) -> Void = { _ in }
    /// Called for anything odd the compositor sent.
    public var onWarning: (String) -> Void = { _ in }

    private var active: [Int32: Touch] = [:]
    private var pending: [Touch] = []
    /// Sequences of the began entries in `pending` that took a motion already.
    private var movedSinceBegan: Set<Int> = []
    private var lastTime: UInt32 = 0
    private let sequencer: TouchSequencer

    public init(sequencer: TouchSequencer = TouchSequencer()) {
        self.sequencer = sequencer
    }

    /// Ids of the touches currently down, in no particular order.
    public var activeIDs: [Int32] { Array(active.keys) }

    public func down(id: Int32, at location: Point, time: UInt32) {
        lastTime = time
        if var old = active[id] {
            onWarning("touch \(id) went down while still active; cancelling the old touch")
            old.phase = .cancelled
            old.previousLocation = old.location
            old.time = time
            append(old)
            active[id] = nil
        }
        let touch = Touch(id: id, sequence: sequencer.take(), phase: .began, location: location,
                          time: time)
        active[id] = touch
        append(touch)
    }

    public func motion(id: Int32, to location: Point, time: UInt32) {
        lastTime = time
        guard var touch = active[id] else {
            onWarning("motion for touch \(id), which is not down; ignored")
            return
        }
        touch.previousLocation = touch.location
        touch.location = location
        touch.time = time
        active[id] = touch
        let index = pending.lastIndex { $0.id == id && $0.sequence == touch.sequence }
        if let index, pending[index].phase == .moved || movedSinceBegan.contains(touch.sequence) {
            // A second motion of one finger before a frame means a frame went missing (cage
            // sends none): hand the group on as it is, so the path keeps its corners.
            flushPendingGroup()
        }
        if let index, index < pending.count, pending[index].phase == .began {
            // A finger that went down in this group stays began, at its newest position.
            pending[index].location = location
            pending[index].time = time
            movedSinceBegan.insert(touch.sequence)
        } else {
            var moved = touch
            moved.phase = .moved
            append(moved)
        }
    }

    public func up(id: Int32, time: UInt32) {
        lastTime = time
        guard var touch = active.removeValue(forKey: id) else {
            onWarning("up for touch \(id), which is not down; ignored")
            return
        }
        touch.phase = .ended
        touch.previousLocation = touch.location
        touch.time = time
        append(touch)
        if active.isEmpty { flushPendingGroup() }
    }

    /// wl_touch.shape: kept on the touch and carried by its next entry.
    public func shape(id: Int32, major: Double, minor: Double) {
        guard active[id] != nil else {
            onWarning("shape for touch \(id), which is not down; ignored")
            return
        }
        active[id]!.major = major
        active[id]!.minor = minor
        updatePending(id: id) { $0.major = major; $0.minor = minor }
    }

    public func orientation(id: Int32, degrees: Double) {
        guard active[id] != nil else {
            onWarning("orientation for touch \(id), which is not down; ignored")
            return
        }
        active[id]!.orientation = degrees
        updatePending(id: id) { $0.orientation = degrees }
    }

    /// wl_touch.cancel: every active touch ends as cancelled; no up will follow.
    public func cancel() {
        for id in active.keys.sorted() {
            var touch = active[id]!
            touch.phase = .cancelled
            touch.previousLocation = touch.location
            touch.time = lastTime  // wl_touch.cancel carries no time
            append(touch)
        }
        active.removeAll()
        flushPendingGroup()
    }

    /// wl_touch.frame.
    public func frame() {
        flushPendingGroup()
    }

    /// Hands the pending group to `onFrame` if it holds anything.
    public func flushPendingGroup() {
        guard !pending.isEmpty else { return }
        let touches = pending
        pending.removeAll()
        movedSinceBegan.removeAll()
        let time = touches.map(\.time).max() ?? lastTime
        let stillActive = active.values.sorted { $0.sequence < $1.sequence }
        onFrame(TouchFrame(time: time, touches: touches, activeTouches: stillActive))
    }

    /// Whether events are waiting for a frame.
    public var hasPendingGroup: Bool { !pending.isEmpty }

    private func append(_ touch: Touch) { pending.append(touch) }

    private func updatePending(id: Int32, _ change: (inout Touch) -> Void) {
        guard let seq = active[id]?.sequence,
              let index = pending.lastIndex(where: { $0.id == id && $0.sequence == seq })
        else { return }
        change(&pending[index])
    }
}
