/// The tablet tools (zwp_tablet_tool_v2): part of the session's front door, as
/// `session.pens`. Each tool assembles its own frames (`PenTool`); every frame goes back
/// to the session.
public final class PenTools {
    private var tools: [Int32: PenTool] = [:]
    private var nextID: Int32 = -10
    private let fingers: FingerIDSource
    private let devices: DeviceIDSource
    /// The session's: where frames and anomalies go. Set before the first tool is added.
    var onFrame: (TouchFrame) -> Void = { _ in }
    var onWarning: (AnomalyKind, String) -> Void = { _, _ in }

    init(fingers: FingerIDSource, devices: DeviceIDSource) {
        self.fingers = fingers; self.devices = devices
    }

    /// A new tablet tool (after its `done`). Returns its id: stable for the tool's life,
    /// negative and below the mouse's -1 and -2, so a pen never takes a finger's or the
    /// mouse's number in the log. `eraser`: the tool is an eraser end.
    public func add(eraser: Bool) -> Int32 {
        let id = nextID
        nextID = nextID == Int32.min ? -10 : nextID - 1
        let tool = PenTool(id: id, source: eraser ? .eraser : .pen, device: devices.make(), fingers: fingers)
        tool.onFrame = onFrame
        tool.onWarning = onWarning
        tools[id] = tool
        return id
    }

    /// The tool was removed: a tip still down is cancelled, then the tool is out.
    public func remove(_ id: Int32) { tools.removeValue(forKey: id)?.withdraw() }

    /// The surface the tool was over went away (the window's surface was replaced): a tip
    /// down is cancelled and the tool is out at once, as no event will say so. The tool
    /// stays known and comes in again with its next proximity_in.
    public func withdraw(_ id: Int32) { tools[id]?.withdraw() }

    /// A tablet went away (`tablet` is the caller's key for it, as given to
    /// `proximityIn`): the tools in its proximity are done with it.
    public func removeTablet(_ tablet: Int) {
        for tool in tools.values where tool.tablet == tablet { tool.withdraw() }
    }

    public func proximityIn(_ id: Int32, tablet: Int) { tools[id]?.proximityIn(tablet: tablet) }
    public func proximityOut(_ id: Int32) { tools[id]?.proximityOut() }
    public func down(_ id: Int32) { tools[id]?.down() }
    public func up(_ id: Int32) { tools[id]?.up() }
    public func motion(_ id: Int32, to location: Point) { tools[id]?.motion(to: location) }
    /// `raw`: the protocol's 0...65535.
    public func pressure(_ id: Int32, raw: UInt32) { tools[id]?.pressure(raw) }
    public func distance(_ id: Int32, raw: UInt32) { tools[id]?.distance(raw) }
    public func tilt(_ id: Int32, x: Double, y: Double) { tools[id]?.tilt(x: x, y: y) }
    public func button(_ id: Int32, code: UInt32, pressed: Bool) { tools[id]?.button(code, pressed: pressed) }
    /// zwp_tablet_tool_v2.frame.
    public func frame(_ id: Int32, time: UInt32) { tools[id]?.frame(time: time) }

    /// After every dispatch of what was read: a tool that sends no frame events has its
    /// events grouped per read.
    func flush() {
        for tool in tools.values where tool.endsWithDispatch && tool.hasPendingFrame {
            onWarning(.tabletTool, "tablet tool \(tool.id) sends no frame events: its events are grouped per read instead")
            tool.flushPendingFrame()
        }
    }
}
