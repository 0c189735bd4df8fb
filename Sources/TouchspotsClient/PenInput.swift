import TouchCore
import WaylandClient

/// Every seat's tablet tools, fed into the session as pens (docs/pens.md).
///
/// A tool counts only while it is in proximity of the window's own surface: over
/// libdecor's frame (or any other surface) its events are not ours. The compositor's
/// cursor for the tool is hidden over the window, where touchspots draws its own marker.
final class PenInput: TabletToolHandler {
    private let session: TouchSession
    private let ownSurface: Surface
    private let latency: LatencyMeter
    /// The session's id for each announced tool.
    private var ids: [ObjectIdentifier: Int32] = [:]
    /// A number for each tablet, as the session keys them.
    private var tabletKeys: [ObjectIdentifier: Int] = [:]
    private var nextTabletKey = 0
    private func key(for tablet: Tablet) -> Int {
        if let key = tabletKeys[ObjectIdentifier(tablet)] { return key }
        nextTabletKey += 1
        tabletKeys[ObjectIdentifier(tablet)] = nextTabletKey
        return nextTabletKey
    }
    /// Tools in proximity of our surface.
    private var overOwnSurface = Set<ObjectIdentifier>()

    init(session: TouchSession, ownSurface: Surface, latency: LatencyMeter) {
        self.session = session
        self.ownSurface = ownSurface
        self.latency = latency
    }

    /// The tool's id while it is over our surface.
    private func id(_ tool: TabletTool) -> Int32? {
        let key = ObjectIdentifier(tool)
        return overOwnSurface.contains(key) ? ids[key] : nil
    }

    func toolAdded(_ tool: TabletTool) {
        let key = ObjectIdentifier(tool)
        guard ids[key] == nil else { return }
        ids[key] = session.pens.add(eraser: tool.kind == .eraser)
    }

    func toolRemoved(_ tool: TabletTool) {
        let key = ObjectIdentifier(tool)
        overOwnSurface.remove(key)
        if let id = ids.removeValue(forKey: key) { session.pens.remove(id) }
    }

    func tabletRemoved(_ tablet: Tablet) {
        if let key = tabletKeys.removeValue(forKey: ObjectIdentifier(tablet)) { session.pens.removeTablet(key) }
    }

    func toolProximityIn(_ tool: TabletTool, tablet: Tablet?, surface: OpaquePointer?, serial: UInt32) {
        let key = ObjectIdentifier(tool)
        guard surface == ownSurface.proxy, let id = ids[key] else {
            // Moved onto another surface: out, as far as the window is concerned.
            if overOwnSurface.remove(key) != nil, let id = ids[key] { session.pens.proximityOut(id) }
            return
        }
        overOwnSurface.insert(key)
        tool.hideCursor(serial: serial)
        session.pens.proximityIn(id, tablet: tablet.map { self.key(for: $0) } ?? 0)
    }

    /// The window's surface was replaced (`App.decorate`): the tools over the old one get
    /// no proximity_out we would take as ours, so they are withdrawn now.
    func surfaceReplaced() {
        for key in overOwnSurface { if let id = ids[key] { session.pens.withdraw(id) } }
        overOwnSurface.removeAll()
    }

    func toolProximityOut(_ tool: TabletTool) {
        guard let id = id(tool) else { return }
        overOwnSurface.remove(ObjectIdentifier(tool))
        session.pens.proximityOut(id)
    }

    func toolDown(_ tool: TabletTool) { if let id = id(tool) { session.pens.down(id) } }
    func toolUp(_ tool: TabletTool) { if let id = id(tool) { session.pens.up(id) } }
    func toolMotion(_ tool: TabletTool, x: Double, y: Double) {
        if let id = id(tool) { session.pens.motion(id, to: Point(x: x, y: y)) }
    }
    func toolPressure(_ tool: TabletTool, _ raw: UInt32) { if let id = id(tool) { session.pens.pressure(id, raw: raw) } }
    func toolDistance(_ tool: TabletTool, _ raw: UInt32) { if let id = id(tool) { session.pens.distance(id, raw: raw) } }
    func toolTilt(_ tool: TabletTool, x: Double, y: Double) {
        if let id = id(tool) { session.pens.tilt(id, x: x, y: y) }
    }
    func toolButton(_ tool: TabletTool, code: UInt32, pressed: Bool) {
        if let id = id(tool) { session.pens.button(id, code: code, pressed: pressed) }
    }
    func toolFrame(_ tool: TabletTool, time: UInt32) {
        // The frame that carries a proximity_out comes after it: hand it on even so.
        guard let id = ids[ObjectIdentifier(tool)] else { return }
        latency.touchEvent(milliseconds: time)
        session.pens.frame(id, time: time)
    }
}
