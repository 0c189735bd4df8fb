import Conformance
import EventLogFormat
import Glibc
import TouchCore
import WaylandClient

/// The probe's window: a white surface (fullscreen with `--fullscreen`, as a harness starts
/// it; else 1024 x 640 where the compositor leaves the size to it) with the three squares of
/// `SurfaceProbeLayout`, each an `InputSubsurface`. A down on
/// the `destroyed` square destroys it, a down on the `unmapped` one unmaps it, as the down
/// arrives (not at its frame: cage 0.1.4 sends none). What the compositor sends is for
/// libwayland's trace (`WAYLAND_DEBUG=client`) to tell; the probe judges nothing.
///
/// The event log gets the lines a harness waits for (`configure`, `ready`, `seat`,
/// `sync`) in touchspots' own format, so that every driver starts and syncs the probe as it
/// does touchspots.
final class SurfaceProbe: Toplevel.Owner, Registry.Owner, TouchHandler, EventLoop.Owner {
    private let display: Display
    private let registry: Registry
    private let loop: EventLoop
    private let surface: Surface
    private var toplevel: Toplevel!
    /// Set before `run()`: the lines a harness waits for (the seats are told again then).
    var log: ProbeLog? {
        didSet { for seat in registry.seats.values { writeSeat(seat) } }
    }
    private var size: (width: Int32, height: Int32) = (1024, 640)
    private var configuration: Toplevel.Configuration?
    private var drawnSize: (width: Int32, height: Int32)?
    /// The window's buffers: sized within `BufferPool.maxBufferBytes`, and an old one kept
    /// until the compositor lets it go.
    private let buffers: BufferPool
    private var readyWritten = false
    private var failure: Error?
    private var warnedSmall = false
    private var syncsAsked = 0
    private var syncsAnswered = 0
    private var squares: [Square] = []

    /// One square: its subsurface (nil once destroyed) and the buffer it shows (kept while
    /// the compositor may read it).
    private final class Square {
        let layout: SurfaceProbeLayout.Square
        var subsurface: InputSubsurface?
        var buffer: ShmBuffer?

        init(_ layout: SurfaceProbeLayout.Square) { self.layout = layout }
    }

    /// Registry's own start refuses a compositor without wl_compositor, wl_shm or
    /// xdg_wm_base; the probe needs wl_subcompositor too.
    init(display: Display, fullscreen: Bool) throws {
        self.display = display
        registry = try Registry(display: display)
        guard registry.hasSubcompositor else {
            throw ProbeError.runTime("the compositor offers no wl_subcompositor, which the probe needs")
        }
        buffers = BufferPool(registry: registry)
        loop = try EventLoop(display: display)
        surface = Surface(registry: registry)
        toplevel = try Toplevel(surface: surface, registry: registry, title: "touchspots surface probe",
                                appID: "touchspots-surface-probe", fullscreen: fullscreen)
        toplevel.owner = self
        registry.owner = self
        loop.owner = self
        for seat in registry.seats.values { follow(seat) }
        // The role's initial commit, with no buffer: the first configure answers it.
        surface.commit()
    }

    /// Runs until the window is closed or a termination signal; throws what stopped it
    /// otherwise (a buffer that cannot be made).
    func run() throws {
        _ = try loop.run()
        if let failure { throw failure }
    }

    private func follow(_ seat: Seat) {
        seat.touchHandler = self
        seat.onDevicesChanged = { [unowned self] seat in writeSeat(seat) }
        writeSeat(seat)
    }

    private func writeSeat(_ seat: Seat) {
        log?.write(.seat(name: seat.name, touch: seat.touch != nil, pointer: seat.pointer != nil, keyboard: seat.keyboard != nil))
    }

    // MARK: Drawing

    private func draw() throws {
        guard let configuration else { return }
        if drawnSize == nil || drawnSize! != size {
            _ = try buffers.resize(width: size.width, height: size.height)
            guard let buffer = try buffers.acquire() else { return }  // all held: the next release draws
            fill(buffer, with: 0xFFFFFF)
            surface.present(buffer, scale: 1, logicalSize: size,
                            damage: [PixelRect(x: 0, y: 0, width: size.width, height: size.height)], onFrame: {})
            drawnSize = size
            log?.write(.configure(width: Double(size.width), height: Double(size.height),
                                  fullscreen: configuration.isFullscreen, maximized: configuration.isMaximized))
            let least = SurfaceProbeLayout.minimumSize
            if (size.width < least.width || size.height < least.height) && !warnedSmall {
                warnedSmall = true
                ProbeError.tell("touchspots-surface-probe: the window is \(size.width) x \(size.height), smaller than the \(least.width) x \(least.height) the squares need: some lie outside it")
            }
        }
        if squares.isEmpty {
            try makeSquares()
            // The subsurfaces' positions take effect at the parent's next commit.
            surface.commit()
        }
        if !readyWritten {
            readyWritten = true
            log?.write(.ready(width: Double(size.width), height: Double(size.height), scale: 1))
        }
    }

    private func makeSquares() throws {
        for layout in SurfaceProbeLayout.squares {
            guard let subsurface = InputSubsurface(registry: registry, parent: surface, x: layout.x, y: layout.y) else { return }
            let square = Square(layout)
            let buffer = try ShmBuffer(registry: registry, width: layout.width, height: layout.height)
            fill(buffer, with: layout.color)
            subsurface.surface.present(buffer, scale: 1, logicalSize: (layout.width, layout.height),
                                       damage: [PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)], onFrame: {})
            square.subsurface = subsurface
            square.buffer = buffer
            squares.append(square)
        }
    }

    private func fill(_ buffer: ShmBuffer, with color: UInt32) {
        let count = Int(buffer.stride / 4) * Int(buffer.height)
        let pixels = buffer.pixels.bindMemory(to: UInt32.self, capacity: count)
        for i in 0..<count { pixels[i] = 0xFF00_0000 | color }
    }

    // MARK: Toplevel.Owner

    func toplevelConfigured(_ configuration: Toplevel.Configuration) -> (width: Int32, height: Int32) {
        self.configuration = configuration
        if let asked = configuration.size { size = asked }
        return size
    }

    func toplevelClosed() { loop.stop() }
    func toplevelNeedsCommit() { surface.commit() }
    func toplevelHasProblem(_ message: String) {}

    // MARK: Registry.Owner

    func registry(_ registry: Registry, added seat: Seat) { follow(seat) }
    func registryOutputsChanged(_ registry: Registry) {}
    func registry(_ registry: Registry, described output: Output) {}

    // MARK: TouchHandler

    func touchDown(id: Int32, x: Double, y: Double, time: UInt32, surface touched: OpaquePointer?,
                   serial: UInt32, seat: Seat) {
        guard let touched, let square = squares.first(where: { $0.subsurface?.surface.proxy == touched }) else { return }
        switch square.layout {
        case SurfaceProbeLayout.destroyed: square.subsurface = nil  // its deinit destroys the role, then the surface
        case SurfaceProbeLayout.unmapped: square.subsurface?.unmap()
        default: break
        }
    }

    func touchUp(id: Int32, time: UInt32) {}
    func touchMotion(id: Int32, x: Double, y: Double, time: UInt32) {}
    func touchFrame() {}
    func touchCancel() {}
    func touchShape(id: Int32, major: Double, minor: Double) {}
    func touchOrientation(id: Int32, degrees: Double) {}
    func touchDeviceRemoved() {}

    // MARK: EventLoop.Owner

    var pendingTouchGroups: PendingTouchGroups { .unknown }
    var nextDeadline: Double? { nil }

    func loopReceivedUserSignal() { syncsAsked += 1 }

    func loopIsIdle() {
        do {
            try draw()
        } catch {
            failure = error
            loop.stop()
        }
        // The requests go out before the sync line says they were made.
        if syncsAnswered < syncsAsked && readyWritten {
            display.flush()
            syncsAnswered = syncsAsked
            log?.write(.sync(count: syncsAnswered))
        }
        registry.answerPings()
        registry.releaseRetiredOutputs()
    }
}
