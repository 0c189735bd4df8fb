import TouchCore
import WaylandClient

/// Feeds wl_pointer events to the core's PointerFinger (the mouse as a finger).
final class PointerInput: PointerHandler {
    let finger: PointerFinger
    private let clock: Clock
    private var lastTime: UInt32 = 0
    /// The window's surface; over libdecor's frame the pointer is the frame's, not a finger.
    var ownSurface: OpaquePointer?
    private var overOwnSurface = true

    init(sequencer: TouchSequencer, clock: Clock) {
        finger = PointerFinger(sequencer: sequencer)
        self.clock = clock
    }

    func pointerEnter(surface: OpaquePointer?, x: Double, y: Double) {
        overOwnSurface = surface == nil || ownSurface == nil || surface == ownSurface
        guard overOwnSurface else { return }
        finger.move(to: Point(x: x, y: y), time: lastTime)
    }

    func pointerLeave() { finger.cancel(time: lastTime) }

    func pointerMotion(x: Double, y: Double, time: UInt32) {
        lastTime = time
        guard overOwnSurface else { return }
        finger.move(to: Point(x: x, y: y), time: time)
    }

    func pointerButton(_ button: UInt32, pressed: Bool, time: UInt32) {
        lastTime = time
        guard button == PointerDevice.leftButton, overOwnSurface || !pressed else { return }
        if pressed {
            finger.press(at: currentLocation, time: time, now: clock.now)
        } else {
            finger.release(time: time)
        }
    }

    /// Alt comes from the keyboard's modifiers.
    func setAlt(_ held: Bool) { finger.setAlt(held, time: lastTime) }

    private var currentLocation: Point { finger.location }
}
