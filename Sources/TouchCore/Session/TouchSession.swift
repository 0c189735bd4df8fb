/// The core's front door. Touch-, pointer- and key-shaped events go in; typed events come
/// out, in order, to one sink. Everything between (frame assembly per device, tap counting,
/// binding touches to views, the responder chain, gesture recognition, the scene, timers
/// and animations on the injected clock) happens behind it, deterministically.
///
/// The executable, the tests and the benchmark all drive the core through this type and
/// nothing else, so what they exercise is the same path. docs/architecture.md follows a
/// touch through it.
public final class TouchSession {
    public let settings: GestureSettings
    public let clock: Clock
    /// The view tree the renderer draws.
    public let window: Window
    public let stage: Stage
    private let sink: (TouchSessionEvent) -> Void
    private let fingers = FingerIDSource()
    /// Fingers' gestures and pens' gestures are recognized apart, as UIKit recognizers
    /// with different allowed touch types run side by side: a pen is never one of a
    /// multi-finger gesture's fingers, and fingers on the glass do not stop a pen's tap or
    /// stroke. Every frame comes from one device, so all its touches go to one of them.
    private let gestures: GestureDetector
    private let penGestures: GestureDetector
    private var assemblers: [InputDevice: TouchFrameAssembler] = [:]
    /// The device of the last event and its assembler: a touch frame's twenty-odd events
    /// (a motion and its timestamp per finger) all come from one device, and hashing the
    /// device for each one was 2 % of the client's CPU on a ten-finger stream.
    private var recentAssembler: (device: InputDevice, assembler: TouchFrameAssembler)?
    private var nextDevice = 1
    private let pointer: PointerFinger
    private var tapTimer: Timers.ID?
    private var tapTimerDeadline: Double?
    private lazy var observer = Observer(session: self)

    /// Whether hit-tests and responder chains go to the sink (`.hit` and `.responder`
    /// events, one per touch and frame). They are there for the event log; the app turns
    /// them off when it writes none, which spares every delivery building them (a tenth
    /// of the touch path's instructions on a ten-finger stream).
    public var reportsRouting = true {
        didSet { window.touchObserver = reportsRouting ? observer : nil }
    }

    /// Makes the window and starts `sceneName` (nil when there is no such scene; the
    /// names are `Stage.sceneNames`). `measureText` lets labels damage only their text.
    public init?(sceneName: String, size: Size, settings: GestureSettings = GestureSettings(),
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
        gestures = GestureDetector(settings: settings)
        gestures.bounds = window.bounds.size
        penGestures = GestureDetector(settings: settings)
        penGestures.bounds = window.bounds.size
        pointer = PointerFinger(device: InputDevice(0), fingers: fingers)
        pointer.setCenter(window.bounds.center)
        pointer.onFrame = { [unowned self] frame in deliver(frame) }
        window.touchObserver = observer
        stage.onEvent = { [unowned self] event in report(event) }
        stage.start()
    }

    // MARK: Touch devices

    /// A new source of touches (a seat's wl_touch). Each assembles its own frames.
    public func addTouchDevice() -> InputDevice {
        let device = InputDevice(nextDevice)
        nextDevice += 1
        let assembler = TouchFrameAssembler(device: device, fingers: fingers)
        assembler.onFrame = { [unowned self] frame in deliverFromDevice(frame) }
        assembler.onWarning = { [unowned self] kind, message in warn(kind, message) }
        assemblers[device] = assembler
        return device
    }

    /// A frame from a touchscreen or a pen: the mouse stands back while either is down,
    /// so a compositor's emulated pointer never counts as a second finger.
    private func deliverFromDevice(_ frame: TouchFrame) {
        pointer.noteTouchscreen(active: !frame.activeTouches.isEmpty, at: clock.now)
        deliver(frame)
    }

    /// The device went away (its seat lost touch): whatever it held is cancelled.
    public func removeTouchDevice(_ device: InputDevice) {
        if recentAssembler?.device == device { recentAssembler = nil }
        guard let assembler = assemblers.removeValue(forKey: device) else { return }
        if !assembler.activeIDs.isEmpty { assembler.cancel() } else { assembler.flushPendingGroup() }
    }

    /// Ids of the device's touches that are down, in no particular order.
    public func activeTouchIDs(on device: InputDevice) -> [Int32] { assembler(device)?.activeIDs ?? [] }

    /// Whether the device has events waiting for a frame.
    public func hasPendingFrame(on device: InputDevice) -> Bool { assembler(device)?.hasPendingGroup ?? false }

    /// How many touch devices there are (the event log names a frame's seat when there are several).
    public var touchDeviceCount: Int { assemblers.count }

    public func touchDown(_ device: InputDevice, id: Int32, at location: Point, time: UInt32) {
        touchEventsSinceFlush &+= 1
        assembler(device)?.down(id: id, at: location, time: time)
    }
    public func touchMotion(_ device: InputDevice, id: Int32, to location: Point, time: UInt32) {
        touchEventsSinceFlush &+= 1
        assembler(device)?.motion(id: id, to: location, time: time)
    }
    public func touchUp(_ device: InputDevice, id: Int32, time: UInt32) {
        touchEventsSinceFlush &+= 1
        assembler(device)?.up(id: id, time: time)
    }
    /// zwp_input_timestamps_v1: the ns timestamp of the device's next down, motion or up.
    public func touchTimestamp(_ device: InputDevice, nanoseconds: UInt64) {
        assembler(device)?.nextTimestamp = nanoseconds
    }
    public func touchShape(_ device: InputDevice, id: Int32, major: Double, minor: Double) {
        assembler(device)?.shape(id: id, major: major, minor: minor)
    }
    public func touchOrientation(_ device: InputDevice, id: Int32, degrees: Double) {
        assembler(device)?.orientation(id: id, degrees: degrees)
    }
    /// wl_touch.frame: the device's group is one frame.
    public func touchFrame(_ device: InputDevice) {
        touchEventsSinceFlush &+= 1
        assembler(device)?.frame()
    }
    /// wl_touch.cancel: every touch of the device ends as cancelled.
    public func touchCancel(_ device: InputDevice) {
        guard let assembler = self.assembler(device) else { return }
        stage.anomalies.countCancel()
        assembler.cancel()
    }

    private func assembler(_ device: InputDevice) -> TouchFrameAssembler? {
        if let recentAssembler, recentAssembler.device == device { return recentAssembler.assembler }
        let found = assemblers[device]
        recentAssembler = found.map { (device, $0) }
        return found
    }

    /// How long the event loop should give the rest of a burst to arrive before `flush`
    /// hands on a group that holds an up without its frame (milliseconds; 0: do not wait).
    ///
    /// A device that sends frames and holds an up whose frame has not come was either cut
    /// between two reads of the socket (the compositor writes a burst bigger than its 4 KiB
    /// buffer in pieces, one right after the other) or will never send that frame (mutter
    /// 43, `CompositorQuirk.noFrameAfterLastUp`). 2 ms covers the pieces of an ordinary
    /// frame and is all an up from mutter waits. 100 touch events or more since the last
    /// flush (a wl_touch event takes 20 to 36 bytes) can only have come from reads that
    /// filled libwayland's buffer: the writer is mid-burst, and gets 20 ms.
    public var frameGraceMilliseconds: Int32 {
        guard assemblers.values.contains(where: { $0.holdsUpAwaitingFrame }) else { return 0 }
        return touchEventsSinceFlush >= 100 ? 20 : 2
    }

    /// Whether some touch group would be handed on at the end of this read (a device that
    /// has sent no wl_touch.frame yet, or an up whose frame has not come): the event loop
    /// then first reads what else is on the socket, so a burst cut into 4 KiB reads stays
    /// one group. Otherwise groups wait for their frame, and it skips that extra poll (one
    /// of the two system calls of every wake-up on a 120 Hz stream).
    public var handsOnGroupsAtEndOfRead: Bool {
        assemblers.values.contains { $0.endsWithDispatch }
    }
    private var touchEventsSinceFlush = 0

    /// Call after every dispatch of what was read from the display: a group whose frame
    /// has not come is handed on now if its device has never sent a frame (or it holds an
    /// up), then due timers run.
    public func flush() {
        touchEventsSinceFlush = 0
        CompositorQuirk.noTouchFrames.workAround {
            for assembler in assemblers.values where assembler.endsWithDispatch { assembler.flushAtEndOfRead() }
        }
        for tool in pens.values where tool.endsWithDispatch && tool.hasPendingFrame {
            warn(.tabletTool, "tablet tool \(tool.id) sends no frame events: its events are grouped per read instead")
            tool.flushPendingFrame()
        }
        window.timers.fireDue()
    }

    /// The same warning (same text: the touch id is in it, so distinct ids stay apart) at
    /// most once a second; the next one says how many were held back. A compositor that
    /// sends 20,000 motions for an unknown id gets a line a second, not 20,000.
    private func warn(_ kind: AnomalyKind, _ message: String) {
        stage.anomalies.count(kind)
        let now = clock.now
        guard let last = warnings[message] else {
            if warnings.count >= 256 { warnings.removeAll() }
            warnings[message] = (now, 0)
            sink(.warning(message, kind: kind))
            return
        }
        guard now - last.time >= 1 else {
            warnings[message] = (last.time, last.heldBack + 1)
            return
        }
        warnings[message] = (now, 0)
        sink(.warning(last.heldBack > 0 ? "\(message) (\(last.heldBack) more like it in the second before)" : message,
                      kind: kind))
    }

    private var warnings: [String: (time: Double, heldBack: Int)] = [:]

    // MARK: Tablet tools (pens)

    private var pens: [Int32: PenTool] = [:]
    private var nextPenID: Int32 = -10

    /// A new tablet tool (zwp_tablet_tool_v2, after its `done`). Returns its id: stable
    /// for the tool's life, negative and below the mouse's -1 and -2, so a pen never takes
    /// a finger's or the mouse's number in the log. `eraser`: the tool is an eraser end.
    public func addPenTool(eraser: Bool) -> Int32 {
        let id = nextPenID
        nextPenID = nextPenID == Int32.min ? -10 : nextPenID - 1
        let tool = PenTool(id: id, source: eraser ? .eraser : .pen, device: InputDevice(nextDevice),
                           fingers: fingers)
        nextDevice += 1
        tool.onFrame = { [unowned self] frame in deliverFromDevice(frame) }
        tool.onWarning = { [unowned self] kind, message in warn(kind, message) }
        pens[id] = tool
        return id
    }

    /// The tool was removed: a tip still down is cancelled, then the tool is out.
    public func removePenTool(_ id: Int32) {
        pens.removeValue(forKey: id)?.withdraw()
    }

    /// The surface the tool was over went away (the window's surface was replaced): a tip
    /// down is cancelled and the tool is out at once, as no event will say so. The tool
    /// stays known and comes in again with its next proximity_in.
    public func withdrawPen(_ id: Int32) {
        pens[id]?.withdraw()
    }

    /// A tablet went away (`tablet` is the caller's key for it, as given to
    /// `penProximityIn`): the tools in its proximity are done with it.
    public func removeTablet(_ tablet: Int) {
        for tool in pens.values where tool.tablet == tablet {
            tool.withdraw()
        }
    }

    public func penProximityIn(_ id: Int32, tablet: Int) { pens[id]?.proximityIn(tablet: tablet) }
    public func penProximityOut(_ id: Int32) { pens[id]?.proximityOut() }
    public func penDown(_ id: Int32) { pens[id]?.down() }
    public func penUp(_ id: Int32) { pens[id]?.up() }
    public func penMotion(_ id: Int32, to location: Point) { pens[id]?.motion(to: location) }
    /// `raw`: the protocol's 0...65535.
    public func penPressure(_ id: Int32, raw: UInt32) { pens[id]?.pressure(raw) }
    public func penDistance(_ id: Int32, raw: UInt32) { pens[id]?.distance(raw) }
    public func penTilt(_ id: Int32, x: Double, y: Double) { pens[id]?.tilt(x: x, y: y) }
    public func penButton(_ id: Int32, code: UInt32, pressed: Bool) { pens[id]?.button(code, pressed: pressed) }
    /// zwp_tablet_tool_v2.frame.
    public func penFrame(_ id: Int32, time: UInt32) { pens[id]?.frame(time: time) }

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
        penGestures.bounds = window.bounds.size
        stage.layout()
        pointer.setCenter(window.bounds.center)
    }

    public func perform(_ command: TouchSessionCommand) {
        switch command {
        case .clearLabels: stage.clearLabels()
        case .toggleHelp: stage.toggleHelp()
        case .toggleReadouts:
            stage.readouts.isHidden.toggle()
            readouts.reset()
            if !stage.readouts.isHidden { refreshReadouts() }
        case .toggleTrails:
            stage.trails.isHidden.toggle()
            stage.trails.removeAll()
        case .showScene(let number): stage.show(number: number)
        case .showLatency(let text): stage.latencyText = text
        }
    }

    /// Switches to a scene by name (no-op for the current one or an unknown name).
    public func showScene(_ name: String) { stage.show(name) }

    /// The earliest clock time at which `flush()` has something due.
    public var nextDeadline: Double? { window.timers.nextDeadline }

    /// Whether something must be drawn.
    public var needsRedraw: Bool { window.needsRedraw }

    // MARK: The touch path

    /// One frame, from any device: tap counts, views, the log line, then the scene.
    private func deliver(_ frame: TouchFrame) {
        var frame = frame
        let detector = frame.touches.first?.source.isPen == true ? penGestures : gestures
        let recognized = frame.touches.isEmpty ? [] : detector.handle(&frame, at: clock.now)
        let scene = stage.scene
        window.send(frame)
        if !stage.readouts.isHidden {
            readouts.record(frame, now: clock.now)
            scheduleReadoutRefresh()
        }
        if !stage.trails.isHidden && !frame.touches.isEmpty {
            stage.trails.record(frame, now: clock.now)
            scheduleTrailFade()
        }
        if !frame.hovers.isEmpty || frame.touches.first?.source.isPen == true { stage.pens.show(frame) }
        sink(.frame(frame, spots: stage.scene.spotCount))
        stage.scene.didReceive(frame, tapCount: detector.currentTapCount)
        // A tap on the scene bar may have switched scenes: the new one starts afresh.
        guard stage.scene === scene else { return }
        if !recognized.isEmpty { scene.didRecognize(recognized) }
        scheduleTapResolution()
    }

    /// A tap count becomes final on its own once the tap interval passes, and a held
    /// finger becomes a long press; the timer is left alone while its deadline stays.
    private func scheduleTapResolution() {
        let deadline = [gestures.nextDeadline, penGestures.nextDeadline].compactMap { $0 }.min()
        if tapTimer != nil && deadline == tapTimerDeadline { return }
        window.timers.cancel(tapTimer)
        tapTimer = nil
        tapTimerDeadline = deadline
        guard let deadline else { return }
        tapTimer = window.timers.schedule(after: deadline - clock.now) { [unowned self] in
            tapTimer = nil
            tapTimerDeadline = nil
            let final = gestures.expire(at: clock.now) + penGestures.expire(at: clock.now)
            if !final.isEmpty { stage.scene.didRecognize(final) }
            scheduleTapResolution()
        }
    }

    // MARK: Trails

    private var trailTimer: Timers.ID?
    /// Fading steps a second: smooth enough for a fade, a quarter of the redraws of 60.
    static let trailFadeInterval = 1.0 / 15

    private func scheduleTrailFade() {
        guard trailTimer == nil else { return }
        trailTimer = window.timers.schedule(after: Self.trailFadeInterval) { [unowned self] in
            trailTimer = nil
            if stage.trails.fade(now: clock.now) && !stage.trails.isHidden { scheduleTrailFade() }
        }
    }

    // MARK: Instrument panel

    private let readouts = TouchReadouts()
    private var lastReadoutRefresh = -Double.infinity
    private var readoutTimer: Timers.ID?
    /// At most ten refreshes a second: text costs more than anything else a commit draws.
    static let readoutInterval = 0.1

    /// Refreshes now if the last refresh is old enough, else once it is (so the panel
    /// always ends showing the last frame), never more than one timer at a time.
    private func scheduleReadoutRefresh() {
        let due = lastReadoutRefresh + Self.readoutInterval
        if clock.now >= due {
            refreshReadouts()
        } else if readoutTimer == nil {
            readoutTimer = window.timers.schedule(after: due - clock.now) { [unowned self] in
                readoutTimer = nil
                refreshReadouts()
            }
        }
    }

    private func refreshReadouts() {
        window.timers.cancel(readoutTimer)
        readoutTimer = nil
        guard !stage.readouts.isHidden else { return }
        lastReadoutRefresh = clock.now
        let snapshot = readouts.snapshot(now: clock.now)
        stage.readouts.show(snapshot)
        sink(.readout(snapshot))
    }

    /// A new scene starts with no gesture under way and no count waiting.
    private func sceneChanged() {
        gestures.cancel()
        penGestures.cancel()
        window.timers.cancel(tapTimer)
        tapTimer = nil
    }

    private func report(_ event: SceneEvent) {
        switch event {
        case .scene(let name):
            sceneChanged()
            sink(.scene(name))
        case .gesture(let gesture): sink(.gesture(gesture))
        case .label(let slot, let text): sink(.label(slot: slot, text: text))
        case .placard(let placard): sink(.placard(placard))
        }
    }

    /// The window's routing, as sink events. `visited` lists the scene's own views, as the
    /// hit-test experiment logs them: the window, the scene bar and the help overlay are the
    /// frame around the scene and are left out.
    private final class Observer: TouchObserver {
        unowned let session: TouchSession
        init(session: TouchSession) { self.session = session }

        func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool) {
            let window = session.window, stage = session.stage
            let names = visited.lazy.filter { $0 !== window && $0 !== stage.bar && $0 !== stage.help && $0 !== stage.pens
                && $0 !== stage.readouts && $0 !== stage.trails && $0 !== stage.anomalies }
                .map(\.name)
            session.sink(.hit(touch, view: view?.name, visited: Array(names), ignored: ignored))
        }

        /// The last chain's responders and names: a finger's frames go through the same
        /// chain again and again, and reusing its names keeps a frame free of allocations.
        private var lastChain: [Responder] = []
        private var lastNames: [String] = []

        func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?) {
            if !chain.elementsEqual(lastChain, by: ===) {
                lastChain = Array(chain)
                lastNames = chain.map(\.name)
            }
            for touch in touches {
                session.sink(.responder(touch, phase: phase, chain: lastNames, handledBy: handledBy?.name))
            }
        }
    }
}
