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
    /// The seat's `touchHandler` (which says why unowned).
    unowned var handler: TouchHandler?
    private weak var seat: Seat?

    /// wl_touch's events, in the XML's order (the dispatcher receives these opcodes).
    private enum Event: UInt32 {
        case down, up, motion, frame, cancel, shape, orientation
    }

    /// Every wl_touch event comes through here instead of a listener table: libwayland
    /// then hands over the demarshalled arguments as they are, where a listener is called
    /// through libffi (a call interface prepared for every event). Touch events are most
    /// of what touchspots reads (ten fingers at 120 Hz are 1,200 motions a second, as
    /// many input timestamps again), and libffi was 5 % of the client's CPU on that stream
    /// (docs/design/performance.md, "Touch events without libffi").
    private static let dispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
        guard let target, let args, let data = wl_proxy_get_user_data(OpaquePointer(target)),
              let event = Event(rawValue: opcode)
        else { return 0 }
        let device = object(data, as: TouchDevice.self)
        guard let handler = device.handler else { return 0 }
        switch event {
        case .down:
            guard let seat = device.seat else { return 0 }
            let down = Down(args)
            handler.touchDown(id: down.id, x: down.x, y: down.y, time: down.time, surface: down.surface,
                              serial: down.serial, seat: seat)
        case .up:
            let up = Up(args)
            handler.touchUp(id: up.id, time: up.time)
        case .motion:
            let motion = Motion(args)
            handler.touchMotion(id: motion.id, x: motion.x, y: motion.y, time: motion.time)
        case .frame:
            handler.touchFrame()
        case .cancel:
            handler.touchCancel()
        case .shape:
            let shape = Shape(args)
            handler.touchShape(id: shape.id, major: shape.major, minor: shape.minor)
        case .orientation:
            let orientation = Orientation(args)
            handler.touchOrientation(id: orientation.id, degrees: orientation.degrees)
        }
        return 0
    }

    // Each event's arguments by the names and in the order of wayland.xml, as the dispatcher
    // receives them (no run-time cost: each accessor is one load).
    private struct Down {
        let args: UnsafeMutablePointer<wl_argument>
        init(_ args: UnsafeMutablePointer<wl_argument>) { self.args = args }
        var serial: UInt32 { args[0].u }
        var time: UInt32 { args[1].u }
        var surface: OpaquePointer? { Optional(args[2].o) }
        var id: Int32 { args[3].i }
        var x: Double { wl_fixed_to_double(args[4].f) }
        var y: Double { wl_fixed_to_double(args[5].f) }
    }
    private struct Up {
        let args: UnsafeMutablePointer<wl_argument>
        init(_ args: UnsafeMutablePointer<wl_argument>) { self.args = args }
        var serial: UInt32 { args[0].u }
        var time: UInt32 { args[1].u }
        var id: Int32 { args[2].i }
    }
    private struct Motion {
        let args: UnsafeMutablePointer<wl_argument>
        init(_ args: UnsafeMutablePointer<wl_argument>) { self.args = args }
        var time: UInt32 { args[0].u }
        var id: Int32 { args[1].i }
        var x: Double { wl_fixed_to_double(args[2].f) }
        var y: Double { wl_fixed_to_double(args[3].f) }
    }
    private struct Shape {
        let args: UnsafeMutablePointer<wl_argument>
        init(_ args: UnsafeMutablePointer<wl_argument>) { self.args = args }
        var id: Int32 { args[0].i }
        var major: Double { wl_fixed_to_double(args[1].f) }
        var minor: Double { wl_fixed_to_double(args[2].f) }
    }
    private struct Orientation {
        let args: UnsafeMutablePointer<wl_argument>
        init(_ args: UnsafeMutablePointer<wl_argument>) { self.args = args }
        var id: Int32 { args[0].i }
        var degrees: Double { wl_fixed_to_double(args[1].f) }
    }

    /// ns timestamps for this wl_touch's events, where the compositor offers them.
    private var timestamps: TouchTimestamps?

    init(proxy: OpaquePointer, version: UInt32, display: Display, seat: Seat,
         timestampsManager: OpaquePointer?) {
        self.proxy = proxy
        self.seat = seat
        self.version = version
        self.display = display
        wl_proxy_add_dispatcher(proxy, Self.dispatcher, nil, unretained(self))
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
