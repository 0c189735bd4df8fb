import CWaylandClient

/// The raw wl_touch events, surface-local coordinates already converted to doubles.
/// The executable hands them to the core's frame assembler.
public protocol TouchHandler: AnyObject {
    /// `serial` and `seat` let a touch start an interactive move or resize.
    func touchDown(id: Int32, x: Double, y: Double, time: UInt32, surface: OpaquePointer?,
                   serial: UInt32, seat: Seat)
    func touchUp(id: Int32, time: UInt32)
    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32)
    func touchFrame()
    func touchCancel()
    func touchShape(id: Int32, major: Double, minor: Double)
    func touchOrientation(id: Int32, degrees: Double)
    /// The seat lost its touch capability: every touch it had is gone.
    func touchDeviceRemoved()
    /// zwp_input_timestamps_v1: the ns timestamp of the next down, motion or up.
    func touchTimestamp(nanoseconds: UInt64)
}

extension TouchHandler {
    public func touchTimestamp(nanoseconds: UInt64) {}
}

/// A wl_touch proxy.
public final class TouchDevice {
    let proxy: OpaquePointer
    private let version: UInt32
    private let display: Display
    weak var handler: TouchHandler?
    private weak var seat: Seat?

    nonisolated(unsafe) private static let listener = Listener.make(wl_touch_listener(
        down: { data, _, serial, time, surface, id, x, y in
            let device = object(data, as: TouchDevice.self)
            guard let seat = device.seat else { return }
            device.handler?.touchDown(
                id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time,
                surface: surface, serial: serial, seat: seat)
        },
        up: { data, _, _, time, id in
            object(data, as: TouchDevice.self).handler?.touchUp(id: id, time: time)
        },
        motion: { data, _, time, id, x, y in
            object(data, as: TouchDevice.self).handler?.touchMotion(
                id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), time: time)
        },
        frame: { data, _ in object(data, as: TouchDevice.self).handler?.touchFrame() },
        cancel: { data, _ in object(data, as: TouchDevice.self).handler?.touchCancel() },
        shape: { data, _, id, major, minor in
            object(data, as: TouchDevice.self).handler?.touchShape(
                id: id, major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor))
        },
        orientation: { data, _, id, orientation in
            object(data, as: TouchDevice.self).handler?.touchOrientation(
                id: id, degrees: wl_fixed_to_double(orientation))
        }))

    /// ns timestamps for this wl_touch's events, where the compositor offers them.
    private var timestamps: TouchTimestamps?

    init(proxy: OpaquePointer, version: UInt32, display: Display, seat: Seat,
         timestampsManager: OpaquePointer?) {
        self.proxy = proxy
        self.seat = seat
        self.version = version
        self.display = display
        wl_touch_add_listener(proxy, Self.listener, unretained(self))
        if let timestampsManager {
            let timestamps = TouchTimestamps(manager: timestampsManager, touch: proxy)
            timestamps.onTimestamp = { [unowned self] in handler?.touchTimestamp(nanoseconds: $0) }
            self.timestamps = timestamps
        }
    }

    deinit {
        timestamps = nil
        if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }
}
