import TouchCore
import WaylandClient

/// Feeds wl_touch events into the core's frame assembler.
final class TouchInput: TouchHandler {
    let assembler: TouchFrameAssembler
    /// The window's surface. Touches that begin on another one (libdecor's frame, whose
    /// subsurfaces our wl_touch also hears about) belong to the decorations, not to us.
    var ownSurface: OpaquePointer?
    /// Acts on touches on libdecor 0.1.1's frame, which ignores them itself.
    var frameTouches: LibdecorFrameTouches?
    private var foreign = Set<Int32>()

    init(sequencer: TouchSequencer) {
        assembler = TouchFrameAssembler(sequencer: sequencer)
    }

    func touchDown(id: Int32, x: Double, y: Double, time: UInt32, surface: OpaquePointer?,
                   serial: UInt32, seat: Seat) {
        if let surface, let ownSurface, surface != ownSurface {
            foreign.insert(id)
            frameTouches?.down(id: id, at: Point(x: x, y: y), surface: surface, serial: serial, seat: seat)
            return
        }
        foreign.remove(id)
        assembler.down(id: id, at: Point(x: x, y: y), time: time)
    }
    func touchUp(id: Int32, time: UInt32) {
        if foreign.remove(id) != nil {
            frameTouches?.up(id: id)
            return
        }
        assembler.up(id: id, time: time)
    }
    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        if foreign.contains(id) {
            frameTouches?.motion(id: id, to: Point(x: x, y: y))
            return
        }
        assembler.motion(id: id, to: Point(x: x, y: y), time: time)
    }
    func touchFrame() { assembler.frame() }
    func touchCancel() {
        foreign.removeAll()
        frameTouches?.cancelAll()
        assembler.cancel()
    }
    func touchShape(id: Int32, major: Double, minor: Double) {
        assembler.shape(id: id, major: major, minor: minor)
    }
    func touchOrientation(id: Int32, degrees: Double) {
        assembler.orientation(id: id, degrees: degrees)
    }
    /// A seat that loses touch can send nothing more for its fingers: end them.
    func touchDeviceRemoved() {
        if !assembler.activeIDs.isEmpty { assembler.cancel() }
    }
}
