import CWaylandClient

/// The wl_pointer events touchspots uses: where the pointer is and the buttons.
public protocol PointerHandler: AnyObject {
    func pointerEnter(surface: OpaquePointer?, x: Double, y: Double)
    func pointerLeave()
    func pointerMotion(x: Double, y: Double, time: UInt32)
    /// `button` is the Linux code (BTN_LEFT is 0x110).
    func pointerButton(_ button: UInt32, pressed: Bool, time: UInt32)
}

/// A wl_pointer proxy. Axis events are accepted and ignored (every slot must be filled).
public final class PointerDevice {
    public static let leftButton: UInt32 = 0x110

    let proxy: OpaquePointer
    private let version: UInt32
    private let display: Display
    weak var handler: PointerHandler?

    nonisolated(unsafe) private static let listener = Listener.make(wl_pointer_listener(
        enter: { data, _, _, surface, x, y in
            object(data, as: PointerDevice.self).handler?.pointerEnter(
                surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        leave: { data, _, _, _ in object(data, as: PointerDevice.self).handler?.pointerLeave() },
        motion: { data, _, time, x, y in
            object(data, as: PointerDevice.self).handler?.pointerMotion(
                x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time)
        },
        button: { data, _, _, time, button, state in
            object(data, as: PointerDevice.self).handler?.pointerButton(
                button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time)
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))

    init(proxy: OpaquePointer, version: UInt32, display: Display) {
        self.proxy = proxy
        self.version = version
        self.display = display
        wl_pointer_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit {
        if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }
}
