/// The core's front door. Touch-, pen-, pointer- and key-shaped events go in; typed events
/// come out, in order, to one sink. Everything between (frame assembly per device, tap
/// counting, binding touches to views, the responder chain, gesture recognition, the scene,
/// the overlays, timers and animations on the injected clock) happens behind it,
/// deterministically.
///
/// Touchscreens and tablet tools come in through the two registries the session hands
/// out (`touchscreens`, `pens`); the mouse, commands and the window's size through the
/// session itself. Every frame, from any of them, goes through `deliver(_:)`. The
/// client, the tests and the benchmark all drive the core this way and no other, so
/// what they exercise is the same path. docs/architecture.md follows a touch through it.
public final class TouchSession {
    public let settings: GestureSettings
    public let clock: Clock
    /// The view tree the renderer draws.
    public let window: Window
    public let stage: Stage
    /// The touchscreens: a device per seat's wl_touch.
    public let touchscreens: Touchscreens
    /// The tablet tools.
    public let pens: PenTools
    let sink: (TouchSessionEvent) -> Void
    private let gestures: SessionGestures
    private let pointer: PointerFinger
    private var warnings = WarningLimiter()
    private lazy var observer = SessionRoutingObserver(session: self)

    /// Whether hit-tests and responder chains go to the sink (`.hit` and `.responder`, one
    /// per touch and frame): for the event log; the app turns them off when it writes none,
    /// sparing every delivery a tenth of the touch path's instructions (ten fingers).
    public var reportsRouting = true {
        didSet { window.touchObserver = reportsRouting ? observer : nil }
    }

    /// Makes the window and starts `sceneName` (nil when there is no such scene; the
    /// names are `Stage.sceneNames`). `measureText` lets labels damage only their text.
    public init?(sceneName: SceneName, size: Size, settings: GestureSettings = GestureSettings(),
                 clock: Clock, measureText: ((String, Double) -> Double)? = nil,
                 sink: @escaping (TouchSessionEvent) -> Void) {
        let window = Window(size: size, clock: clock)
        window.measureText = measureText
        guard let stage = Stage(window: window, sceneName: sceneName, settings: settings) else { return nil }
        self.settings = settings
        self.clock = clock
        self.window = window
        self.stage = stage
        self.sink = sink
        gestures = SessionGestures(settings: settings, bounds: window.bounds.size, timers: window.timers, clock: clock)
        let fingers = FingerIDSource(), devices = DeviceIDSource()
        touchscreens = Touchscreens(fingers: fingers, devices: devices)
        pens = PenTools(fingers: fingers, devices: devices)
        pointer = PointerFinger(device: DeviceID(0), fingers: fingers)
        pointer.setCenter(window.bounds.center)
        pointer.onFrame = { [unowned self] frame in deliver(frame) }
        touchscreens.onFrame = { [unowned self] frame in deliverFromDevice(frame) }
        touchscreens.onWarning = { [unowned self] kind, message in warn(kind, message) }
        touchscreens.onCancel = { [unowned stage] in stage.overlays.anomalies.countCancel() }
        pens.onFrame = touchscreens.onFrame
        pens.onWarning = touchscreens.onWarning
        window.touchObserver = observer
        stage.overlays.readouts.onRefresh = { [unowned self] snapshot in sink(.readout(snapshot)) }
        stage.onEvent = { [unowned self] event in report(event) }
        gestures.onFinal = { [unowned stage] final in stage.scene.didRecognize(final) }
        stage.start()
    }

    /// A frame from a touchscreen or a pen: the mouse stands back while either is down,
    /// so a compositor's emulated pointer never counts as a second finger.
    private func deliverFromDevice(_ frame: TouchFrame) {
        pointer.noteTouchscreen(active: !frame.activeTouches.isEmpty, at: clock.now)
        deliver(frame)
    }

    /// Call after every dispatch of what was read from the display: touch groups and pen
    /// events whose frame has not come are handed on where their device sends none (or
    /// the group holds an up), then due timers run.
    public func flush() {
        touchscreens.flush()
        pens.flush()
        window.timers.fireDue()
    }

    /// Counted on the banner; told through the sink at most once a second per message.
    private func warn(_ kind: AnomalyKind, _ message: String) {
        stage.overlays.anomalies.count(kind)
        if let text = warnings.admit(message, at: clock.now) { sink(.warning(text, kind: kind)) }
    }

    // MARK: The mouse as a finger

    /// The pointer moved over the window (surface coordinates).
    public func pointerMoved(to location: Point, time: UInt32) { pointer.move(to: location, time: time) }
    /// The left button went down or up.
    public func pointerButton(pressed: Bool, time: UInt32) {
        if pressed {
            pointer.press(at: pointer.location, time: time, now: clock.now)
        } else {
            pointer.release(time: time)
        }
    }
    /// The pointer left the window or its device went away.
    public func pointerLeft(time: UInt32) { pointer.cancel(time: time) }
    /// Alt went down or up (the mirrored second finger).
    public func setAlt(_ held: Bool, time: UInt32) { pointer.setAlt(held, time: time) }

    // MARK: Window and commands

    /// The window's new logical size.
    public func resize(to size: Size) {
        window.size = size
        gestures.bounds = window.bounds.size
        stage.layout()
        pointer.setCenter(window.bounds.center)
    }

    public func perform(_ command: TouchSessionCommand) {
        switch command {
        case .clearLabels: stage.scene.clearLabels()
        case .toggleHelp: stage.overlays.help.isHidden.toggle()
        case .toggleReadouts: stage.overlays.readouts.toggle()
        case .toggleTrails: stage.overlays.trails.toggle()
        case .showScene(let number): stage.show(number: number)
        case .showLatency(let text): stage.latencyText = text
        case .showNearMiss: stage.overlays.nearMiss.show()
        }
    }

    /// Switches to a scene of the bar (no-op for the current one or one not on the bar).
    public func showScene(_ name: SceneName) { stage.show(name) }

    /// Shows a scene not on the bar (`--record-gesture`'s lesson, a `--qualify` run) and
    /// lets it tell its first state.
    public func show(_ scene: Scene) { stage.show(scene); scene.start() }

    /// Gesture lengths (swipe, pinch, tap slop, long-press movement) scale with the panel:
    /// `pixelsPerMillimetre` logical pixels per millimetre where the output says its size
    /// (or the user does), from the 96 dpi their defaults are given at; nil, they stay
    /// logical pixels, which follow the output's scale (docs/gestures.md, "Panels").
    public func setPanel(pixelsPerMillimetre: Double?) {
        gestures.lengthScale = GestureDetector.lengthScale(pixelsPerMillimetre: pixelsPerMillimetre)
    }

    /// What a lifted finger or pen is matched against, from now on: the taught and shipped
    /// strokes and the common shapes (claimed once, for pens too).
    public var strokes: StrokeTemplates {
        get { gestures.strokes }
        set { gestures.strokes = newValue }
    }

    /// Set while the client reads the stroke files: called once, before the first frame
    /// in which a finger, pen or mouse lifts, to hand them in (`strokes`), so that no lift is
    /// matched without them. Touches that do not lift never wait for the files.
    public var awaitStrokes: (() -> Void)?

    /// Keeps a taught stroke (the client writes its file): where, or why not (the lesson
    /// shows it). The `taught` event names the file.
    public var keepStroke: ((StrokeLesson) -> StrokeKeeping)?

    /// A lesson's stroke replaces one of the same name; the playground follows to try it.
    private func learn(_ lesson: StrokeLesson) {
        guard let template = StrokeTemplate(name: lesson.name, examples: lesson.examples) else { return }
        strokes.templates = strokes.templates.filter { $0.name != lesson.name } + [template]
        stage.show(.playground)
    }

    /// The earliest clock time at which `flush()` has something due.
    public var nextDeadline: Double? { window.timers.nextDeadline }

    /// Whether something must be drawn.
    public var needsRedraw: Bool { window.needsRedraw }

    // MARK: The touch path

    /// One frame, from any device: tap counts, views, overlays, the log line, then the scene.
    private func deliver(_ frame: TouchFrame) {
        if let wait = awaitStrokes, frame.lifts { awaitStrokes = nil; wait() }
        var frame = frame
        let (recognized, nearMisses) = gestures.recognize(&frame)
        let scene = stage.scene
        window.send(frame)
        scene.spots?.follow(frame)
        stage.overlays.record(frame)
        sink(.frame(frame, spots: stage.scene.spotCount))
        stage.scene.didReceive(frame, tapCount: gestures.currentTapCount)
        // A tap on the scene bar may have switched scenes: the new one starts afresh.
        guard stage.scene === scene else { return }
        if !recognized.isEmpty { scene.didRecognize(recognized) }
        if let nearMisses {
            stage.overlays.nearMiss.remember(nearMisses)
            sink(.nearMiss(nearMisses))
        }
        gestures.scheduleTapResolution()
    }

    private func report(_ event: SceneEvent) {
        switch event {
        case .scene(let name):
            gestures.cancel()
            sink(.scene(name))
        case .gesture(let gesture): sink(.gesture(gesture))
        case .label(let slot, let text): sink(.label(slot: slot, text: text))
        case .placard(let placard): sink(.placard(placard))
        case .lesson(let lesson):  // kept, then told: one not kept stays on the lesson as `unsaved`
            var progress = lesson.progress
            if lesson.step == .taught, let keeping = keepStroke?(lesson) {
                switch keeping {
                case .saved(let path): progress.savedTo = path
                case .failed(let reason): return (stage.scene as? TeachStrokeScene)?.saveFailed(reason) ?? ()
                }
            }
            sink(.lesson(progress))
            if lesson.step == .taught { learn(lesson) }
        case .qualify(let progress): sink(.qualify(progress))
        }
    }
}
