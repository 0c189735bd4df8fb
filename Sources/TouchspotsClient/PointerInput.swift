import TouchCore
import WaylandClient

/// Feeds wl_pointer events to the session (the mouse as a finger).
final class PointerInput: PointerHandler {
    private let session: TouchSession
    private var lastTime: UInt32 = 0
    /// The window's surface; over libdecor's frame the pointer is the frame's, not a finger.
    private let ownSurface: Surface
    private var overOwnSurface = true
    /// Whether a pointer event was handed to the session since the app last drew: the
    /// mouse's finger is committed at once, as a touch is.
    var hasUndrawnInput = false

    init(session: TouchSession, ownSurface: Surface) {
        self.session = session
        self.ownSurface = ownSurface
    }

    func pointerEnter(surface: OpaquePointer?, x: Double, y: Double) {
        overOwnSurface = surface == nil || surface == ownSurface.proxy
        guard overOwnSurface else { return }
        hasUndrawnInput = true
        session.pointerMoved(to: Point(x: x, y: y), time: lastTime)
    }

    func pointerLeave() {
        hasUndrawnInput = true
        session.pointerLeft(time: lastTime)
    }

    func pointerMotion(x: Double, y: Double, time: UInt32) {
        lastTime = time
        guard overOwnSurface else { return }
        hasUndrawnInput = true
        session.pointerMoved(to: Point(x: x, y: y), time: time)
    }

    func pointerButton(_ button: UInt32, pressed: Bool, time: UInt32) {
        lastTime = time
        guard button == PointerDevice.leftButton, overOwnSurface || !pressed else { return }
        hasUndrawnInput = true
        session.pointerButton(pressed: pressed, time: time)
    }

    /// Alt comes from the keyboard's modifiers.
    func setAlt(_ held: Bool) { session.setAlt(held, time: lastTime) }
}
