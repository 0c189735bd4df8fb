import EventLogFormat
import TouchCore
import WaylandClient

/// Every seat's input, fed to the session: a `TouchInput` per seat (the seat holds its
/// handlers weakly, so they are kept here), and one pointer, tablet and keyboard handler
/// shared by all seats. Each seat's devices are logged whenever they change.
final class SeatInputs {
    private var touchInputs: [ObjectIdentifier: TouchInput] = [:]
    let pointer: PointerInput
    let pens: PenInput
    let keyboard = KeyboardInput()
    private let session: TouchSession
    private let surface: Surface
    private let frameTouches: LibdecorFrameTouches
    private let latency: LatencyMeter
    private let log: EventLog?

    init(session: TouchSession, surface: Surface, frameTouches: LibdecorFrameTouches, latency: LatencyMeter,
         log: EventLog?) {
        self.session = session
        self.surface = surface
        self.frameTouches = frameTouches
        self.latency = latency
        self.log = log
        pointer = PointerInput(session: session, ownSurface: surface)
        pens = PenInput(session: session, ownSurface: surface, latency: latency)
        keyboard.onAlt = { [pointer] alt in pointer.setAlt(alt) }
    }

    func attach(_ seat: Seat) {
        let input = TouchInput(session: session, seat: seat, ownSurface: surface,
                               frameTouches: frameTouches, latency: latency)
        touchInputs[ObjectIdentifier(seat)] = input
        seat.touchHandler = input
        seat.pointerHandler = pointer
        seat.tabletHandler = pens
        seat.keyboardHandler = keyboard
        seat.onDevicesChanged = { [weak self] seat in self?.logDevices(of: seat) }
        logDevices(of: seat)
    }

    private func logDevices(of seat: Seat) {
        log?.write(.seat(name: seat.name, touch: seat.touch != nil, pointer: seat.pointer != nil,
                         keyboard: seat.keyboard != nil))
    }

    /// The name of the seat whose touchscreen is `device` ("" for a seat with no name).
    func seatName(of device: DeviceID) -> String? {
        touchInputs.values.first { $0.currentDevice == device }.map { $0.seat.name ?? "" }
    }

    /// Whether a touch, pen or pointer event reached the session since the last commit.
    var hasUndrawnInput: Bool { latency.hasUndrawnTouch || pointer.hasUndrawnInput }

    /// The window's input so far was drawn (or changed nothing on screen).
    func drawn(committed: Bool) {
        pointer.hasUndrawnInput = false
        // Touches that changed nothing on screen are in no commit's latency.
        if !committed { latency.nothingToDraw() }
    }

    /// The window got a new surface (libdecor's frame). Fingers down on the old one get no
    /// more events from the compositor (weston 10 sends neither up nor cancel for them):
    /// they are cancelled, as wl_touch.cancel would. Likewise pens over the old surface: a
    /// tip down is cancelled, the tool is out.
    func surfaceReplaced() {
        CompositorQuirk.touchesOnDestroyedSurfaceNeverEnd.workAround {
            for input in touchInputs.values { input.touchCancel() }
            pens.surfaceReplaced()
        }
    }
}
