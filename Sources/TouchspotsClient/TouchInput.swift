import TouchCore
import WaylandClient

/// One seat's wl_touch, fed into the session as its own input device.
final class TouchInput: TouchHandler {
    private let session: TouchSession
    let seat: Seat
    /// The session's device for this wl_touch; a new one if the capability comes back.
    private(set) var currentDevice: DeviceID?
    var device: DeviceID {
        if let currentDevice { return currentDevice }
        let made = session.touchscreens.add()
        currentDevice = made
        return made
    }
    /// The window's surface. Touches that begin on another one (libdecor's frame, whose
    /// subsurfaces our wl_touch also hears about) belong to the decorations, not to us.
    private let ownSurface: Surface
    /// Acts on touches on libdecor 0.1.1's frame, which ignores them itself.
    private let frameTouches: LibdecorFrameTouches
    private var foreign = Set<Int32>()
    private let latency: LatencyMeter

    init(session: TouchSession, seat: Seat, ownSurface: Surface, frameTouches: LibdecorFrameTouches,
         latency: LatencyMeter) {
        self.latency = latency
        self.session = session
        self.seat = seat
        self.ownSurface = ownSurface
        self.frameTouches = frameTouches
    }

    func touchDown(id: Int32, x: Double, y: Double, time: UInt32, surface: OpaquePointer?,
                   serial: UInt32, seat: Seat) {
        if let surface, surface != ownSurface.proxy {
            foreign.insert(id)
            CompositorQuirk.libdecorFrameIgnoresTouch.workAround {
                frameTouches.down(id: id, at: Point(x: x, y: y), surface: surface, serial: serial, seat: seat)
            }
            return
        }
        foreign.remove(id)
        latency.touchEvent(milliseconds: time)
        session.touchscreens.down(device, id: id, at: Point(x: x, y: y), time: time)
    }
    func touchUp(id: Int32, time: UInt32) {
        if foreign.remove(id) != nil {
            frameTouches.up(id: id)
            return
        }
        latency.touchEvent(milliseconds: time)
        session.touchscreens.up(device, id: id, time: time)
    }
    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        if !foreign.isEmpty, foreign.contains(id) {
            frameTouches.motion(id: id, to: Point(x: x, y: y))
            return
        }
        latency.touchEvent(milliseconds: time)
        session.touchscreens.motion(device, id: id, to: Point(x: x, y: y), time: time)
    }
    func touchFrame() { session.touchscreens.frame(device) }
    func touchTimestamp(nanoseconds: UInt64) {
        latency.touchTimestamp(nanoseconds)
        session.touchscreens.timestamp(device, nanoseconds: nanoseconds)
    }
    func touchCancel() {
        foreign.removeAll()
        frameTouches.cancelAll()
        session.touchscreens.cancel(device)
    }
    func touchShape(id: Int32, major: Double, minor: Double) {
        session.touchscreens.shape(device, id: id, major: major, minor: minor)
    }
    func touchOrientation(id: Int32, degrees: Double) {
        session.touchscreens.orientation(device, id: id, degrees: degrees)
    }
    /// A seat that loses touch can send nothing more for its fingers: end them.
    func touchDeviceRemoved() {
        if let currentDevice { session.touchscreens.remove(currentDevice) }
        currentDevice = nil
        foreign.removeAll()
        frameTouches.cancelAll()
    }
}
