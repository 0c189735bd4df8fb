import CWaylandClient
import CWaylandProtocols

/// The raw events of one seat's tablet tools (zwp_tablet_tool_v2), coordinates already
/// converted to doubles and fixed-point tilt to degrees. The executable hands them to the
/// core's pen tools.
public protocol TabletToolHandler: AnyObject {
    /// The tool described itself (its `done`); events for it follow.
    func toolAdded(_ tool: TabletTool)
    /// The tool is gone (`removed`, or its seat went): nothing more comes from it.
    func toolRemoved(_ tool: TabletTool)
    /// A tablet went; tools in its proximity are done with it.
    func tabletRemoved(_ tablet: Tablet)
    func toolProximityIn(_ tool: TabletTool, tablet: Tablet?, surface: OpaquePointer?, serial: UInt32)
    func toolProximityOut(_ tool: TabletTool)
    func toolDown(_ tool: TabletTool)
    func toolUp(_ tool: TabletTool)
    func toolMotion(_ tool: TabletTool, x: Double, y: Double)
    /// 0...65535 as sent (the protocol's range; nothing stops a compositor sending more).
    func toolPressure(_ tool: TabletTool, _ raw: UInt32)
    func toolDistance(_ tool: TabletTool, _ raw: UInt32)
    /// Degrees.
    func toolTilt(_ tool: TabletTool, x: Double, y: Double)
    /// A Linux BTN_* code.
    func toolButton(_ tool: TabletTool, code: UInt32, pressed: Bool)
    func toolFrame(_ tool: TabletTool, time: UInt32)
}

/// A zwp_tablet_seat_v2: the tablets and tools of one wl_seat. Pads are released at once:
/// touchspots shows what pens do, and a pad's buttons and rings are no touches.
public final class TabletSeat {
    private let proxy: OpaquePointer
    weak var handler: TabletToolHandler? {
        didSet { for tool in tools where tool.isAnnounced { handler?.toolAdded(tool) } }
    }
    private var tablets: [Tablet] = []
    private var tools: [TabletTool] = []

    nonisolated(unsafe) private static let listener = Listener.make(zwp_tablet_seat_v2_listener(
        tablet_added: { data, _, id in object(data, as: TabletSeat.self).add(tablet: id!) },
        tool_added: { data, _, id in object(data, as: TabletSeat.self).add(tool: id!) },
        pad_added: { _, _, pad in zwp_tablet_pad_v2_destroy(pad) }))

    init(manager: OpaquePointer, seat: OpaquePointer) {
        proxy = zwp_tablet_manager_v2_get_tablet_seat(manager, seat)
        zwp_tablet_seat_v2_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit {
        // The seat went: its tools can send nothing more, so whatever they held ends.
        for tool in tools where tool.isAnnounced { handler?.toolRemoved(tool) }
        tools.removeAll()
        tablets.removeAll()
        zwp_tablet_seat_v2_destroy(proxy)
    }

    private func add(tablet proxy: OpaquePointer) {
        let tablet = Tablet(proxy: proxy)
        tablet.onRemoved = { [unowned self] tablet in
            handler?.tabletRemoved(tablet)
            tablets.removeAll { $0 === tablet }
        }
        tablets.append(tablet)
    }

    private func add(tool proxy: OpaquePointer) {
        let tool = TabletTool(proxy: proxy, seat: self)
        tools.append(tool)
    }

    fileprivate func announce(_ tool: TabletTool) { handler?.toolAdded(tool) }

    fileprivate func remove(_ tool: TabletTool) {
        if tool.isAnnounced { handler?.toolRemoved(tool) }
        tools.removeAll { $0 === tool }
    }

    fileprivate func tablet(for proxy: OpaquePointer?) -> Tablet? {
        tablets.first { $0.proxy == proxy }
    }

    fileprivate var currentHandler: TabletToolHandler? { handler }
}

/// A zwp_tablet_v2: one graphics tablet (or a touchscreen's pen digitizer).
public final class Tablet {
    let proxy: OpaquePointer
    public private(set) var name: String?
    var onRemoved: (Tablet) -> Void = { _ in }

    nonisolated(unsafe) private static let listener = Listener.make(zwp_tablet_v2_listener(
        name: { data, _, name in object(data, as: Tablet.self).name = name.map { String(cString: $0) } },
        id: { _, _, _, _ in },
        path: { _, _, _ in },
        done: { _, _ in },
        removed: { data, _ in
            let tablet = object(data, as: Tablet.self)  // kept alive until the seat lets it go
            tablet.onRemoved(tablet)
        }))

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        zwp_tablet_v2_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit { zwp_tablet_v2_destroy(proxy) }
}

/// A zwp_tablet_tool_v2: a pen, its eraser end, an airbrush... Announced to the handler
/// once it has described itself (`done`); every later event goes to the handler.
public final class TabletTool {
    /// zwp_tablet_tool_v2.type.
    public enum Kind: UInt32, Sendable {
        case pen = 0x140, eraser = 0x141, brush = 0x142, pencil = 0x143, airbrush = 0x144
        case finger = 0x145, mouse = 0x146, lens = 0x147
    }

    private let proxy: OpaquePointer
    private unowned let seat: TabletSeat
    public private(set) var kind: Kind = .pen
    /// Axes the tool has (zwp_tablet_tool_v2.capability: tilt 1, pressure 2, distance 3, ...).
    public private(set) var capabilities: Set<UInt32> = []
    fileprivate var isAnnounced = false

    nonisolated(unsafe) private static let listener = Listener.make(zwp_tablet_tool_v2_listener(
        type: { data, _, type in
            object(data, as: TabletTool.self).kind = Kind(rawValue: type) ?? .pen
        },
        hardware_serial: { _, _, _, _ in },
        hardware_id_wacom: { _, _, _, _ in },
        capability: { data, _, capability in object(data, as: TabletTool.self).capabilities.insert(capability) },
        done: { data, _ in object(data, as: TabletTool.self).announce() },
        removed: { data, _ in
            let tool = object(data, as: TabletTool.self)
            tool.seat.remove(tool)
        },
        proximity_in: { data, _, serial, tablet, surface in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolProximityIn(tool, tablet: tool.seat.tablet(for: tablet), surface: surface,
                                          serial: serial)
        },
        proximity_out: { data, _ in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolProximityOut(tool)
        },
        down: { data, _, _ in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolDown(tool)
        },
        up: { data, _ in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolUp(tool)
        },
        motion: { data, _, x, y in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolMotion(tool, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        pressure: { data, _, pressure in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolPressure(tool, pressure)
        },
        distance: { data, _, distance in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolDistance(tool, distance)
        },
        tilt: { data, _, x, y in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolTilt(tool, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        rotation: { _, _, _ in },
        slider: { _, _, _ in },
        wheel: { _, _, _, _ in },
        button: { data, _, _, button, state in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolButton(tool, code: button, pressed: state == 1)
        },
        frame: { data, _, time in
            let tool = object(data, as: TabletTool.self)
            tool.handler?.toolFrame(tool, time: time)
        }))

    init(proxy: OpaquePointer, seat: TabletSeat) {
        self.proxy = proxy
        self.seat = seat
        zwp_tablet_tool_v2_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit { zwp_tablet_tool_v2_destroy(proxy) }

    /// Events go to the handler only once the tool was announced; a compositor that sends
    /// them before `done` gets the tool announced at the first one.
    private var handler: TabletToolHandler? {
        if !isAnnounced { announce() }
        return seat.currentHandler
    }

    private func announce() {
        guard !isAnnounced else { return }
        isAnnounced = true
        seat.announce(self)
    }

    /// Hides the compositor's cursor for this tool over our surface (`serial` from its
    /// proximity_in): touchspots draws its own hover marker, and a compositor's cursor
    /// would cover the very spot a tester looks at (and end up in screenshots).
    public func hideCursor(serial: UInt32) {
        zwp_tablet_tool_v2_set_cursor(proxy, serial, nil, 0, 0)
    }
}
