import TouchCore
import WaylandClient

/// Feeds wl_touch events into the core's frame assembler.
final class TouchInput: TouchHandler {
    let assembler: TouchFrameAssembler

    init(sequencer: TouchSequencer) {
        assembler = TouchFrameAssembler(sequencer: sequencer)
    }

    func touchDown(id: Int32, x: Double, y: Double, time: UInt32, surface: OpaquePointer?) {
        assembler.down(id: id, at: Point(x: x, y: y), time: time)
    }
    func touchUp(id: Int32, time: UInt32) { assembler.up(id: id, time: time) }
    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {
        assembler.motion(id: id, to: Point(x: x, y: y), time: time)
    }
    func touchFrame() { assembler.frame() }
    func touchCancel() { assembler.cancel() }
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
