import CWaylandClient
import CWaylandProtocols

/// The globals touchspots uses, each bound at min(advertised, supported) version.
public final class Registry {
    /// Highest versions this client implements. wl_compositor stops at 5 and wl_seat at 7
    /// because libwayland 1.21's headers (Debian 12) know no later events for them.
    public enum Supported {
        public static let compositor: UInt32 = 5
        public static let shm: UInt32 = 1
        public static let subcompositor: UInt32 = 1
        public static let seat: UInt32 = 7
        public static let output: UInt32 = 4
        public static let wmBase: UInt32 = 5
        public static let fractionalScale: UInt32 = 1
        public static let viewporter: UInt32 = 1
        public static let presentation: UInt32 = 1
        public static let inputTimestamps: UInt32 = 1
        public static let tabletManager: UInt32 = 1
    }

    public let display: Display
    private let proxy: OpaquePointer

    public private(set) var compositor: OpaquePointer?
    public private(set) var shm: OpaquePointer?
    public private(set) var wmBase: OpaquePointer?
    /// wp_fractional_scale_manager_v1 and wp_viewporter, when the compositor offers both
    /// (kwin does): then the window is drawn at the exact fractional scale.
    public private(set) var fractionalScaleManager: OpaquePointer?
    public private(set) var viewporter: OpaquePointer?
    public private(set) var compositorVersion: UInt32 = 0
    /// wp_presentation, when offered, and the clock its timestamps are on (clock_id).
    public private(set) var presentation: OpaquePointer?
    public private(set) var presentationClock: Int32?
    /// zwp_input_timestamps_manager_v1, when offered (weston): ns touch timestamps.
    public private(set) var inputTimestampsManager: OpaquePointer?
    /// zwp_tablet_manager_v2, when offered: pens with pressure and tilt.
    public private(set) var tabletManager: OpaquePointer?
    public private(set) var seats: [UInt32: Seat] = [:]
    /// Whether the compositor offers wl_subcompositor (libdecor's frame needs it).
    public var hasSubcompositor: Bool { subcompositor != nil }
    /// Every interface the compositor has offered: telling a compositor apart for a
    /// workaround (CompositorQuirk) needs it, since Wayland never names the compositor.
    public private(set) var offeredInterfaces: Set<String> = []
    /// wl_subcompositor, when offered: the touch spots' own surfaces (LayerSurface).
    public private(set) var subcompositor: OpaquePointer?
    public private(set) var outputs: [UInt32: Output] = [:]
    /// Outputs whose global went, released only after the dispatch that told: libwayland
    /// 1.21 (Debian 12) never frees a proxy destroyed while an event already read names it
    /// (a compositor sends wl_surface.leave in the same burst as the global_remove), which
    /// the address sanitizer's leak check caught.
    private var retiredOutputs: [Output] = []

    /// What the registry tells its owner (the app) of seats and outputs, as one protocol,
    /// as `Toplevel.Owner` is for the window: a reader finds every call into the client by
    /// its conformance.
    public protocol Owner: AnyObject {
        /// A seat appeared after start-up (those of start-up are in `seats` already).
        func registry(_ registry: Registry, added seat: Seat)
        /// An output came, went, or changed its scale: the window's scale may follow.
        func registryOutputsChanged(_ registry: Registry)
        /// An output described itself, or changed its geometry (the event log's `output`
        /// line).
        func registry(_ registry: Registry, described output: Output)
    }

    /// Set once, when the app is wired: it is told at once of every output already
    /// described (outputs describe themselves while the registry is made, before anyone
    /// could listen), then of every change. Unowned: the owner owns the registry.
    public unowned var owner: Owner? {
        didSet {
            guard let owner else { return }
            for name in outputs.keys.sorted() where outputs[name]!.isDescribed { owner.registry(self, described: outputs[name]!) }
        }
    }

    nonisolated(unsafe) private static let listener = Listener.make(wl_registry_listener(
        global: { data, _, name, interface, version in
            object(data, as: Registry.self).global(name: name, interface: String(cString: interface!),
                                                   version: version)
        },
        global_remove: { data, _, name in
            object(data, as: Registry.self).globalRemove(name: name)
        }))

    nonisolated(unsafe) private static let wmBaseListener = Listener.make(xdg_wm_base_listener(
        ping: { data, _, serial in object(data, as: Registry.self).pendingPings.append(serial) }))

    nonisolated(unsafe) private static let presentationListener = Listener.make(wp_presentation_listener(
        clock_id: { data, _, clock in object(data, as: Registry.self).presentationClock = Int32(bitPattern: clock) }))

    private var pendingPings: [UInt32] = []

    /// Lets go of outputs whose global went; call after each dispatch.
    public func releaseRetiredOutputs() {
        if !retiredOutputs.isEmpty { retiredOutputs.removeAll() }
    }

    /// Answers the pings received so far. The owner calls this after it has drawn what the
    /// same batch of events asked for, so a pong tells the compositor (and test harnesses
    /// that sync with pings) that everything sent before the ping has been handled and
    /// drawn.
    public func answerPings() {
        guard let wmBase, !pendingPings.isEmpty else { return }
        for serial in pendingPings { xdg_wm_base_pong(wmBase, serial) }
        pendingPings.removeAll()
    }

    /// Binds everything the compositor offers now (one roundtrip), then follows changes.
    public init(display: Display) throws {
        self.display = display
        proxy = wl_display_get_registry(display.pointer)
        wl_registry_add_listener(proxy, Self.listener, unretained(self))
        try display.roundtrip()
        guard compositor != nil else { throw WaylandError.missingGlobal("wl_compositor") }
        guard shm != nil else { throw WaylandError.missingGlobal("wl_shm") }
        guard wmBase != nil else { throw WaylandError.missingGlobal("xdg_wm_base") }
        // Second roundtrip: seat capabilities and output scales arrive after binding.
        try display.roundtrip()
    }

    deinit {
        seats.removeAll()
        outputs.removeAll()
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let inputTimestampsManager { zwp_input_timestamps_manager_v1_destroy(inputTimestampsManager) }
        if let tabletManager { zwp_tablet_manager_v2_destroy(tabletManager) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(proxy)
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32)
        -> OpaquePointer
    {
        OpaquePointer(wl_registry_bind(proxy, name, interface, version))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        offeredInterfaces.insert(interface)
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositorVersion = min(version, Supported.compositor)
            compositor = bind(name, ts_wl_compositor_interface(), compositorVersion)
        case "wl_shm" where shm == nil:
            shm = bind(name, ts_wl_shm_interface(), min(version, Supported.shm))
        case "xdg_wm_base" where wmBase == nil:
            let base = bind(name, ts_xdg_wm_base_interface(), min(version, Supported.wmBase))
            xdg_wm_base_add_listener(base, Self.wmBaseListener, unretained(self))
            wmBase = base
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = bind(name, ts_wp_fractional_scale_manager_v1_interface(),
                                          min(version, Supported.fractionalScale))
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(name, ts_wp_viewporter_interface(), min(version, Supported.viewporter))
        case "wp_presentation" where presentation == nil:
            let bound = bind(name, ts_wp_presentation_interface(), min(version, Supported.presentation))
            wp_presentation_add_listener(bound, Self.presentationListener, unretained(self))
            presentation = bound
        case "zwp_input_timestamps_manager_v1" where inputTimestampsManager == nil:
            inputTimestampsManager = bind(name, ts_zwp_input_timestamps_manager_v1_interface(),
                                          min(version, Supported.inputTimestamps))
        case "zwp_tablet_manager_v2" where tabletManager == nil:
            let manager = bind(name, ts_zwp_tablet_manager_v2_interface(), min(version, Supported.tabletManager))
            tabletManager = manager
            for seat in seats.values { seat.attachTablets(manager) }
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = bind(name, ts_wl_subcompositor_interface(), Supported.subcompositor)
        case "wl_seat":
            let seat = Seat(proxy: bind(name, ts_wl_seat_interface(), min(version, Supported.seat)),
                            version: min(version, Supported.seat), display: display, registry: self)
            seats[name] = seat
            owner?.registry(self, added: seat)
        case "wl_output":
            let output = Output(proxy: bind(name, ts_wl_output_interface(),
                                            min(version, Supported.output)),
                                version: min(version, Supported.output), display: display)
            output.onChange = { [weak self] in if let self { owner?.registryOutputsChanged(self) } }
            output.onDescribed = { [weak self] in if let self { owner?.registry(self, described: $0) } }
            outputs[name] = output
        default:
            break
        }
    }

    private func globalRemove(name: UInt32) {
        if let seat = seats.removeValue(forKey: name) {
            seat.removed()
        } else if let output = outputs.removeValue(forKey: name) {
            retiredOutputs.append(output)
            owner?.registryOutputsChanged(self)
        }
    }

    /// The output wrapper for a wl_output proxy seen in wl_surface.enter.
    public func output(for proxy: OpaquePointer) -> Output? {
        outputs.values.first { $0.proxy == proxy }
    }
}
