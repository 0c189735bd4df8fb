import CWaylandClient
import TouchCore

/// A wl_seat. Holds at most one wl_touch, wl_pointer and wl_keyboard each: made when the
/// capability appears, released when it goes, never a second one (compositors resend
/// capabilities, and kwin and mutter add touch only after the first touch event).
public final class Seat {
    let proxy: OpaquePointer
    let version: UInt32
    private let display: Display
    public private(set) var name: String?
    public private(set) var touch: TouchDevice?
    public private(set) var pointer: PointerDevice?
    public private(set) var keyboard: KeyboardDevice?

    public weak var pointerHandler: PointerHandler? {
        didSet { pointer?.handler = pointerHandler }
    }
    public weak var keyboardHandler: KeyboardHandler? {
        didSet { keyboard?.handler = keyboardHandler }
    }

    /// Called after the seat gained or lost a device: kwin and mutter add touch only once
    /// the first touch happens, so the event log says when a seat can be touched.
    public var onDevicesChanged: ((Seat) -> Void)?

    /// The seat's tablets and tools, when the compositor offers zwp_tablet_manager_v2.
    public private(set) var tablets: TabletSeat?
    /// Receives the events of this seat's tablet tools.
    public weak var tabletHandler: TabletToolHandler? {
        didSet { tablets?.handler = tabletHandler }
    }

    /// Receives the events of this seat's wl_touch, whenever it has one. It must outlive
    /// the seat (or be set to nil first). Unowned, not weak: a weak reference gives the
    /// handler a side table, and then each of the 2,400 retains a second of a ten-finger
    /// stream (one per event) took the Swift runtime's slow path.
    public unowned var touchHandler: TouchHandler? {
        didSet { touch?.handler = touchHandler }
    }

    nonisolated(unsafe) private static let listener = Listener.make(wl_seat_listener(
        capabilities: { data, _, caps in object(data, as: Seat.self).capabilities(caps) },
        name: { data, _, name in object(data, as: Seat.self).name = String(cString: name!) }))

    /// Where the input timestamps manager is, once bound (globals may come in any order).
    private unowned let registry: Registry

    init(proxy: OpaquePointer, version: UInt32, display: Display, registry: Registry) {
        self.registry = registry
        self.proxy = proxy
        self.version = version
        self.display = display
        wl_seat_add_listener(proxy, Self.listener, unretained(self))
        if let manager = registry.tabletManager { attachTablets(manager) }
    }

    /// Follows the seat's tablets through `manager` (bound before or after the seat).
    func attachTablets(_ manager: OpaquePointer) {
        guard tablets == nil else { return }
        let made = TabletSeat(manager: manager, seat: proxy)
        made.handler = tabletHandler
        tablets = made
    }

    deinit {
        tablets = nil
        touch = nil
        pointer = nil
        keyboard = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    private func capabilities(_ caps: UInt32) {
        let before = (touch != nil, pointer != nil, keyboard != nil)
        follow(&touch, present: caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0, make: {
            let device = TouchDevice(proxy: wl_seat_get_touch(proxy), version: version, display: display,
                                     seat: self, timestampsManager: registry.inputTimestampsManager)
            device.handler = touchHandler
            return device
        }, gone: { $0.handler?.touchDeviceRemoved() })
        follow(&pointer, present: caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, make: {
            let device = PointerDevice(proxy: wl_seat_get_pointer(proxy), version: version, display: display)
            device.handler = pointerHandler
            return device
        }, gone: { $0.handler?.pointerLeave() })
        follow(&keyboard, present: caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0, make: {
            let device = KeyboardDevice(proxy: wl_seat_get_keyboard(proxy), version: version, display: display)
            device.handler = keyboardHandler
            return device
        }, gone: { $0.handler?.keyboardLeft() })
        if before != (touch != nil, pointer != nil, keyboard != nil) {
            CompositorQuirk.capabilitiesAppearLate.workAround { onDevicesChanged?(self) }
        }
    }

    /// One device per capability: made when it appears (never a second time), released
    /// when it goes, after telling its handler that whatever it held is gone.
    private func follow<Device>(_ device: inout Device?, present: Bool, make: () -> Device,
                                gone: (Device) -> Void) {
        if present, device == nil {
            device = make()
        } else if !present, let old = device {
            device = nil
            gone(old)
        }
    }

    /// The global went away (wl_registry.global_remove): as if every capability went.
    func removed() {
        capabilities(0)
        tablets = nil
    }
}
