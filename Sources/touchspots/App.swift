import Glibc
import Renderer
import TouchCore
import WaylandClient

/// Wires the layers together: Wayland objects, the core window and scene, the renderer
/// and the event log.
final class App: TouchObserver {
    struct Options {
        var displayName: String?
        var fullscreen = false
        var size = Size(width: 800, height: 600)
        var eventLogPath: String?
        var fontFamily = "DejaVu Sans"
        var gestures = GestureSettings()
        var scene = "playground"
    }

    private let options: Options
    private let display: Display
    private let registry: Registry
    private let surface: Surface
    private let toplevel: Toplevel
    private let loop: EventLoop
    private let presenter: SurfacePresenter
    private let window: Window
    private let stage: Stage
    private let sequencer = TouchSequencer()
    private let input: TouchInput
    private let pointerInput: PointerInput
    private let keyboardInput = KeyboardInput()
    private let log: EventLog?
    private var configured = false
    private var announcedReady = false
    private var lastConfigureLine = ""
    private var reportedDecorationProblem = false
    /// A configure is acknowledged, and libdecor's frame for it (subsurfaces, in sync mode)
    /// shown, only by a commit of the window's surface: owed even when nothing is redrawn.
    private var commitOwedForConfigure = false
    /// SIGUSR1s not yet answered with a sync line.
    private var syncsRequested = 0
    private var syncsAnswered = 0

    init(options: Options) throws {
        self.options = options
        // Fonts first: a missing font is reported before any window appears.
        let font: Font
        do { font = try Font(family: options.fontFamily) } catch let error as FontError {
            throw UsageError(error.description)
        }
        log = try options.eventLogPath.map { try EventLog(path: $0) }

        display = try Display(name: options.displayName)
        registry = try Registry(display: display)
        loop = try EventLoop(display: display)
        surface = Surface(registry: registry)
        toplevel = try Toplevel(surface: surface, registry: registry, title: "touchspots",
                                appID: "touchspots")
        let renderer = ViewRenderer(font: font)
        presenter = SurfacePresenter(registry: registry, surface: surface, renderer: renderer)
        let clock = MonotonicClock()
        input = TouchInput(sequencer: sequencer)
        pointerInput = PointerInput(sequencer: sequencer, clock: clock)
        window = Window(size: options.size, clock: clock)
        window.tapSettings = options.gestures
        window.measureText = { [renderer] text, size in renderer.textWidth(text, fontSize: size) }
        guard let stage = Stage(window: window, sceneName: options.scene, settings: options.gestures) else {
            throw UsageError("unknown scene '\(options.scene)' (scenes: \(Stage.sceneNames.joined(separator: ", ")))")
        }
        self.stage = stage
        input.ownSurface = surface.proxy
        input.frameTouches = LibdecorFrameTouches(toplevel: toplevel) { [window] in window.size }
        pointerInput.ownSurface = surface.proxy
        wire()
        if options.fullscreen { toplevel.setFullscreen(true) }
        toplevel.setMinimumSize(width: 200, height: 150)
        // The initial commit carries no buffer; the first configure answers it.
        surface.commit()
    }

    private func wire() {
        registry.onOutputsChanged = { [surface] in surface.outputsChanged() }

        input.assembler.onFrame = { [unowned self] frame in
            pointerInput.finger.noteTouchscreen(active: !frame.activeTouches.isEmpty, at: window.clock.now)
            deliver(frame)
        }
        pointerInput.finger.onFrame = { [unowned self] frame in deliver(frame) }
        input.assembler.onWarning = { [unowned self] message in log?.write(.warning(message)) }
        keyboardInput.onAlt = { [pointerInput] alt in pointerInput.setAlt(alt) }
        keyboardInput.onAction = { [unowned self] action in perform(action) }
        window.touchObserver = self
        stage.onEvent = { [unowned self] event in log?.write(.scene(event)) }
        stage.start()
        // After the scene line, which stays the first line of the log.
        for seat in registry.seats.values { attach(seat) }
        registry.onSeatAdded = { [unowned self] seat in attach(seat) }
        loop.nextDeadline = { [unowned self] in
            ([window.timers.nextDeadline] + registry.seats.values.map { $0.keyboard?.repeatDeadline })
                .compactMap { $0 }.min()
        }

        toplevel.onProblem = { [unowned self] message in
            guard !reportedDecorationProblem else { return }
            reportedDecorationProblem = true
            log?.write(.warning("window decorations: \(message)"))
            let line = Array("touchspots: window decorations: \(message)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        toplevel.onCommitNeeded = { [surface] in surface.commit() }
        toplevel.onConfigure = { [unowned self] configuration in
            let size = configuration.size.map {
                Size(width: Double($0.width), height: Double($0.height))
            } ?? options.size
            window.size = size
            stage.layout()
            pointerInput.finger.setCenter(window.bounds.center)
            configured = true
            commitOwedForConfigure = true
            let logged = JSONObject.configure(configuration, size: size)
            if logged.line != lastConfigureLine {
                lastConfigureLine = logged.line
                log?.write(logged)
            }
            return (Int32(size.width.rounded()), Int32(size.height.rounded()))
        }
        toplevel.onClose = { [loop] in loop.stop() }
        presenter.onCommit = { [unowned self] size, scale in
            guard !announcedReady else { return }
            announcedReady = true
            log?.write(.ready(width: size.width, height: size.height, scale: scale))
        }
        loop.onIdle = { [unowned self] in idle() }
        loop.onUserSignal = { [unowned self] in syncsRequested += 1 }
    }

    /// After each dispatch: a touch group whose frame has not come is handed on now
    /// (cage sends none), due timers run, then the window is drawn if the compositor can
    /// take a frame.
    private func idle() {
        input.assembler.flushPendingGroup()
        window.timers.fireDue()
        for seat in registry.seats.values { seat.keyboard?.fireRepeat() }
        if configured {
            do {
                var committed = try presenter.presentIfNeeded(window, scale: surface.scale)
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
        registry.answerPings()
        answerSyncRequests()
        log?.flush()
    }

    private var fail: Error?

    /// SIGUSR1 asks "have you caught up?": once everything read so far is handled and
    /// nothing is left to draw (no animation, no pending damage), the event log says so with
    /// a sync line. Harnesses for compositors that cannot ping clients (kwin) rely on it.
    private func answerSyncRequests() {
        guard syncsRequested > syncsAnswered, configured, !window.needsRedraw else { return }
        syncsAnswered = syncsRequested
        log?.write(JSONObject(["type": .string("sync"), "count": .int(syncsAnswered)]))
    }

    private func attach(_ seat: Seat) {
        seat.touchHandler = input
        seat.pointerHandler = pointerInput
        seat.keyboardHandler = keyboardInput
        seat.onDevicesChanged = { [weak self] seat in self?.logDevices(of: seat) }
        logDevices(of: seat)
    }

    private func logDevices(of seat: Seat) {
        log?.write(.seat(name: seat.name, touch: seat.touch != nil, pointer: seat.pointer != nil,
                         keyboard: seat.keyboard != nil))
    }

    /// Every touch frame, from the touchscreen or the mouse, goes the same way.
    private func deliver(_ frame: TouchFrame) {
        window.send(frame)
        log?.write(.frame(frame, spots: window.spotCount))
        stage.didReceive(frame)
    }

    private func perform(_ action: KeyboardInput.Action) {
        switch action {
        case .toggleFullscreen: toplevel.setFullscreen(!(toplevel.current?.isFullscreen ?? false))
        case .quit: loop.stop()
        case .clearLabels: stage.clearLabels()
        case .toggleHelp: stage.toggleHelp()
        case .scene(let number): stage.show(number: number)
        }
    }

    /// `visited` lists the scene's own views, as seed 002's log does: the window, the
    /// scene bar and the help overlay are the app's frame around the scene and are left out.
    func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool) {
        let sceneViews = visited.filter { $0 !== window && $0 !== stage.bar && $0 !== stage.help }
        log?.write(.hit(touch, view: view, visited: sceneViews, ignored: ignored))
    }

    func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?) {
        for touch in touches {
            log?.write(.responder(touch, phase: phase, chain: chain, handledBy: handledBy))
        }
    }

    /// Runs until the window is closed, a signal arrives or the compositor goes away.
    func run() throws {
        _ = try loop.run()
        if let fail { throw fail }
    }
}
