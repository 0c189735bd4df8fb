/// The touchscreens (one per seat's wl_touch): part of the session's front door, as
/// `session.touchscreens`. Each device assembles its own frames (`TouchFrameAssembler`),
/// so two seats' touches never share an id space; every assembled frame goes back to the
/// session.
public final class Touchscreens {
    private var assemblers: [DeviceID: TouchFrameAssembler] = [:]
    /// The device of the last event and its assembler: a touch frame's twenty-odd events
    /// (a motion and its timestamp per finger) all come from one device, and hashing the
    /// device for each one costs 5 % of the touch path's instructions (docs/design/performance.md,
    /// "Performance devices").
    private var recent: (device: DeviceID, assembler: TouchFrameAssembler)?
    private let fingers: FingerIDSource
    private let devices: DeviceIDSource
    /// The session's: where assembled frames, anomalies and cancels go. Set before the
    /// first device is added.
    var onFrame: (TouchFrame) -> Void = { _ in }
    var onWarning: (AnomalyKind, String) -> Void = { _, _ in }
    var onCancel: () -> Void = {}

    init(fingers: FingerIDSource, devices: DeviceIDSource) {
        self.fingers = fingers; self.devices = devices
    }

    /// A new source of touches (a seat's wl_touch).
    public func add() -> DeviceID {
        let device = devices.make()
        let assembler = TouchFrameAssembler(device: device, fingers: fingers)
        assembler.onFrame = onFrame
        assembler.onWarning = onWarning
        assemblers[device] = assembler
        return device
    }

    /// The device went away (its seat lost touch): whatever it held is cancelled.
    public func remove(_ device: DeviceID) {
        if recent?.device == device { recent = nil }
        guard let assembler = assemblers.removeValue(forKey: device) else { return }
        if !assembler.activeIDs.isEmpty { assembler.cancel() } else { assembler.flushPendingGroup() }
    }

    /// How many there are (the event log names a frame's seat when there are several).
    public var count: Int { assemblers.count }

    public func down(_ device: DeviceID, id: Int32, at location: Point, time: UInt32) {
        eventsSinceFlush &+= 1
        assembler(device)?.down(id: id, at: location, time: time)
    }
    public func motion(_ device: DeviceID, id: Int32, to location: Point, time: UInt32) {
        eventsSinceFlush &+= 1
        assembler(device)?.motion(id: id, to: location, time: time)
    }
    public func up(_ device: DeviceID, id: Int32, time: UInt32) {
        eventsSinceFlush &+= 1
        assembler(device)?.up(id: id, time: time)
    }
    /// zwp_input_timestamps_v1: the ns timestamp of the device's next down, motion or up.
    public func timestamp(_ device: DeviceID, nanoseconds: UInt64) {
        assembler(device)?.nextTimestamp = nanoseconds
    }
    public func shape(_ device: DeviceID, id: Int32, major: Double, minor: Double) {
        assembler(device)?.shape(id: id, major: major, minor: minor)
    }
    public func orientation(_ device: DeviceID, id: Int32, degrees: Double) {
        assembler(device)?.orientation(id: id, degrees: degrees)
    }
    /// wl_touch.frame: the device's group is one frame.
    public func frame(_ device: DeviceID) {
        eventsSinceFlush &+= 1
        assembler(device)?.frame()
    }
    /// wl_touch.cancel: every touch of the device ends as cancelled.
    public func cancel(_ device: DeviceID) {
        guard let assembler = assembler(device) else { return }
        onCancel()
        assembler.cancel()
    }

    // MARK: What the event loop's read rules ask (WaylandClient's `SocketReadRules`)

    /// Down, motion, up and frame events since the last `flush`.
    public private(set) var eventsSinceFlush = 0

    /// Whether a device that sends frames holds an up whose frame has not come yet.
    public var holdsUpAwaitingFrame: Bool { assemblers.values.contains { $0.holdsUpAwaitingFrame } }

    /// Whether some group would be handed on at the end of this read: a device that has
    /// sent no wl_touch.frame yet, or an up whose frame has not come.
    public var handsOnGroupsAtEndOfRead: Bool { assemblers.values.contains { $0.endsWithDispatch } }

    /// After every dispatch of what was read: a group whose frame has not come is handed
    /// on now if its device has never sent a frame (or it holds an up).
    func flush() {
        eventsSinceFlush = 0
        CompositorQuirk.noFrames.workAround {
            for assembler in assemblers.values where assembler.endsWithDispatch { assembler.flushAtEndOfRead() }
        }
    }

    /// Ids of the device's touches that are down, in no particular order (for tests).
    func activeIDs(on device: DeviceID) -> [Int32] { assembler(device)?.activeIDs ?? [] }

    /// Whether the device has events waiting for a frame (for tests).
    func hasPendingFrame(on device: DeviceID) -> Bool { assembler(device)?.hasPendingGroup ?? false }

    private func assembler(_ device: DeviceID) -> TouchFrameAssembler? {
        if let recent, recent.device == device { return recent.assembler }
        let found = assemblers[device]
        recent = found.map { (device, $0) }
        return found
    }
}

/// Hands out `DeviceID`s in order, shared by touchscreens, tablet tools and the mouse.
final class DeviceIDSource {
    private var next = 1
    func make() -> DeviceID {
        defer { next += 1 }
        return DeviceID(next)
    }
}
