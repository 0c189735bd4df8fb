import EventLogFormat
import Glibc
import Renderer
import TouchCore
import WaylandClient

/// Wires the layers together: Wayland objects feed the core's session, the session's
/// events become event-log lines, and the presenter draws the session's window.
final class App {
    struct Options {
        var displayName: String?
        var fullscreen = false
        var size = Size(width: 800, height: 600)
        var eventLogPath: String?
        var fontFamily = "DejaVu Sans"
        var gestures = GestureSettings()
        var scene = "playground"
        var showsPanel = false
        var showsTrails = false
        /// Touch spots on subsurfaces of their own where the compositor has them
        /// (docs/architecture.md, "Drawing"); `--single-buffer` turns it off.
        var usesLayers = true
    }

    private let options: Options
    private let display: Display
    private let registry: Registry
    private let surface: Surface
    private let toplevel: Toplevel
    private let loop: EventLoop
    private let presenter: SurfacePresenter
    private let renderer: ViewRenderer
    private var session: TouchSession!
    private let frameTouches: LibdecorFrameTouches
    /// One per seat with touch (the seat holds its handler weakly).
    private var touchInputs: [ObjectIdentifier: TouchInput] = [:]
    private var pointerInput: PointerInput!
    private var penInput: PenInput!
    private let keyboardInput = KeyboardInput()
    private let latency: LatencyMeter
    private let log: EventLog?
    private var configured = false
    private var announcedReady = false
    private var lastConfigure: LogLine?
    private var reportedDecorationProblem = false
    /// A configure is acknowledged, and libdecor's frame for it (subsurfaces, in sync mode)
    /// shown, only by a commit of the window's surface: owed even when nothing is redrawn.
    private var commitOwedForConfigure = false
    /// SIGUSR1s not yet answered with a sync line.
    private var syncsRequested = 0
    private var syncsAnswered = 0
    private var fail: Error?

    init(options: Options) throws {
        self.options = options
        log = try options.eventLogPath.map { try EventLog(path: $0) }
        display = try Display(name: options.displayName)
        registry = try Registry(display: display)
        loop = try EventLoop(display: display)
        // The font before any surface: a missing font is reported before a window appears.
        // Its location comes from the last run when nothing fontconfig reads has changed.
        let font: Font
        do { font = try Font(family: options.fontFamily, cache: .standard()) } catch let error as FontError {
            throw UsageError(error.description)
        }
        surface = Surface(registry: registry)
        toplevel = try Toplevel(surface: surface, registry: registry, title: "touchspots",
                                appID: "touchspots", fullscreen: options.fullscreen)
        renderer = ViewRenderer(font: font)
        presenter = SurfacePresenter(registry: registry, surface: surface, renderer: renderer)
        frameTouches = LibdecorFrameTouches(toplevel: toplevel)
        latency = LatencyMeter(registry: registry) { [surface] in surface.isWaitingForFrame }
        guard let session = TouchSession(
            sceneName: options.scene, size: options.size, settings: options.gestures,
            clock: MonotonicClock(), measureText: { [renderer] in renderer.textWidth($0, fontSize: $1) },
            sink: { [unowned self] event in record(event) })
        else {
            throw UsageError("unknown scene '\(options.scene)' (scenes: \(Stage.sceneNames.joined(separator: ", ")))")
        }
        self.session = session
        // Hit and responder events are only ever written to the log.
        session.reportsRouting = log != nil
        session.window.allowsLayers = options.usesLayers && registry.subcompositor != nil
            && !CompositorQuirk.directScanoutHidesSubsurfaces.workAround {
                CompositorQuirk.hidesSubsurfaces(offering: registry.offeredInterfaces)
            }
        if options.showsPanel { session.perform(.toggleReadouts) }
        if options.showsTrails { session.perform(.toggleTrails) }
        frameTouches.contentSize = { [session] in session.window.size }
        pointerInput = PointerInput(session: session, ownSurface: surface)
        penInput = PenInput(session: session, ownSurface: surface, latency: latency)
        wire()
        toplevel.setMinimumSize(width: 200, height: 150)
        // The initial commit carries no buffer; the first configure answers it.
        surface.commit()
    }

    private func wire() {
        registry.onOutputsChanged = { [weak surface] in surface?.outputsChanged() }
        keyboardInput.onAlt = { [unowned self] alt in pointerInput.setAlt(alt) }
        keyboardInput.onAction = { [unowned self] action in perform(action) }
        for seat in registry.seats.values { attach(seat) }
        registry.onSeatAdded = { [unowned self] seat in attach(seat) }
        loop.nextDeadline = { [unowned self] in
            var earliest = session.nextDeadline
            for seat in registry.seats.values {
                if let key = seat.keyboard?.repeatDeadline, key < earliest ?? .infinity { earliest = key }
            }
            return earliest
        }

        toplevel.onProblem = { [unowned self] message in
            guard !reportedDecorationProblem else { return }
            reportedDecorationProblem = true
            log?.write(.warning(message: "window decorations: \(message)", kind: .decorations))
            let line = Array("touchspots: window decorations: \(message)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        toplevel.onCommitNeeded = { [surface] in surface.commit() }
        toplevel.onConfigure = { [unowned self] configuration in
            let size = configuration.size.map {
                Size(width: Double($0.width), height: Double($0.height))
            } ?? options.size
            session.resize(to: size)
            configured = true
            commitOwedForConfigure = true
            let logged = LogLine.configure(width: size.width, height: size.height,
                                           fullscreen: configuration.isFullscreen, maximized: configuration.isMaximized)
            if logged != lastConfigure {
                lastConfigure = logged
                log?.write(logged)
            }
            return (Int32(size.width.rounded()), Int32(size.height.rounded()))
        }
        toplevel.onClose = { [loop] in loop.stop() }
        presenter.onWillCommit = { [unowned self] in latency.willCommit(surface) }
        presenter.onScaleLowered = { [unowned self] asked, used in
            log?.write(.warning(message: "the compositor's scale \(asked) would need a buffer over \(BufferPool.maxBufferBytes >> 20) MiB; drawing at \(used)", kind: .scale))
        }
        surface.onPresented = { [unowned self] commit, time in latency.presented(commit: commit, time) }
        latency.onReport = { [unowned self] report in log?.write(.presented(LogPresented(report))) }
        latency.onWarning = { [unowned self] message in log?.write(.warning(message: message, kind: .latency)) }
        latency.onSummary = { [unowned self] text in session.perform(.showLatency(text)) }
        presenter.onCommit = { [unowned self] size, scale in
            guard !announcedReady else { return }
            announcedReady = true
            log?.write(.ready(width: size.width, height: size.height, scale: scale))
        }
        loop.onIdle = { [unowned self] in idle() }
        loop.graceForMoreEvents = { [unowned self] in session.frameGraceMilliseconds }
        loop.readsAheadBeforeIdle = { [unowned self] in session.handsOnGroupsAtEndOfRead }
        log?.onFailure = { [unowned self] failure in logFailed(failure) }
        loop.onUserSignal = { [unowned self] in syncsRequested += 1 }
    }

    /// After each dispatch: the session hands on touch groups whose frame has not come and
    /// runs due timers, then the window is drawn if the compositor can take a frame.
    private func idle() {
        session.flush()
        for seat in registry.seats.values { seat.keyboard?.fireRepeat() }
        if toplevel.needsDecorations { loop.runBeforeNextRead { [unowned self] in try decorate() } }
        if configured {
            do {
                let input = latency.hasUndrawnTouch || pointerInput.hasUndrawnInput
                var committed = try presenter.presentIfNeeded(session.window, scale: surface.scale, input: input)
                pointerInput.hasUndrawnInput = false
                // Touches that changed nothing on screen are in no commit's latency.
                if !committed { latency.nothingToDraw() }
                if commitOwedForConfigure && !committed && !surface.isWaitingForFrame {
                    surface.commit()
                    committed = true
                }
                if committed { commitOwedForConfigure = false }
            } catch {
                fail = error
                loop.stop()
            }
        }
        // The log's lines for this pass go out after the commit (see EventLog.write) and
        // before the pongs, so a harness that syncs on a ping finds them written.
        answerSyncRequests()
        log?.flush()
        registry.answerPings()
        registry.releaseRetiredOutputs()
    }

    /// The window started fullscreen without libdecor and has left fullscreen: it gets a
    /// new surface with libdecor's frame (Toplevel's doc comment says why), drawn whole
    /// after its first configure.
    private func decorate() throws {
        guard toplevel.needsDecorations else { return }
        try toplevel.decorate()
        // Fingers down on the old surface get no more events from the compositor (weston
        // 10 sends neither up nor cancel for them): they are cancelled, as wl_touch.cancel
        // would.
        for input in touchInputs.values { input.touchCancel() }
        // Likewise pens over the old surface: a tip down is cancelled, the tool is out.
        penInput.surfaceReplaced()
        presenter.forgetContents()
        configured = false
        commitOwedForConfigure = false
        // The new role's initial commit carries no buffer; its first configure answers it.
        surface.commit()
    }

    /// SIGUSR1 asks "have you caught up?": once everything read so far is handled and
    /// nothing is left to draw (no animation, no pending damage), the event log says so with
    /// a sync line. Harnesses for compositors that cannot ping clients (kwin) rely on it.
    private func answerSyncRequests() {
        guard syncsRequested > syncsAnswered, configured, !session.needsRedraw else { return }
        syncsAnswered = syncsRequested
        log?.write(.sync(count: syncsAnswered))
    }

    private func attach(_ seat: Seat) {
        let input = TouchInput(session: session, seat: seat, ownSurface: surface,
                               frameTouches: frameTouches, latency: latency)
        touchInputs[ObjectIdentifier(seat)] = input
        seat.touchHandler = input
        seat.pointerHandler = pointerInput
        seat.tabletHandler = penInput
        seat.keyboardHandler = keyboardInput
        seat.onDevicesChanged = { [weak self] seat in self?.logDevices(of: seat) }
        logDevices(of: seat)
    }

    private func logDevices(of seat: Seat) {
        log?.write(.seat(name: seat.name, touch: seat.touch != nil, pointer: seat.pointer != nil,
                         keyboard: seat.keyboard != nil))
    }

    private func perform(_ action: KeyboardInput.Action) {
        switch action {
        case .toggleFullscreen: toplevel.setFullscreen(!(toplevel.current?.isFullscreen ?? false))
        case .quit: loop.stop()
        case .session(let command): session.perform(command)
        }
    }

    /// The session's one sink: every event becomes a log line. A frame names its seat
    /// when more than one seat can touch.
    private func record(_ event: TouchSessionEvent) {
        guard let log else { return }
        if case .frame(let frame, _) = event, session.touchDeviceCount > 1,
           let input = touchInputs.values.first(where: { $0.currentDevice == frame.device }) {
            log.write(event, seat: input.seat.name ?? "")
        } else {
            log.write(event, seat: nil)
        }
    }

    /// Runs until the window is closed, a signal arrives, the compositor goes away or the
    /// event log fails; then writes what the log still holds, for at most a second.
    func run() throws {
        defer { log?.finish() }
        if let failure = log?.failure { logFailed(failure) }
        if fail == nil && log?.failure != .readerGone { _ = try loop.run() }
        if let fail { throw fail }
    }

    /// A reader that went away ends touchspots quietly (status 0); a log that cannot be
    /// written ends it with the reason (status 1).
    private func logFailed(_ failure: EventLog.Failure) {
        if case .unwritable(let message) = failure { fail = UsageError(message) }
        loop.stop()
    }
}
