import EventLogFormat
import Glibc
import Renderer
import TouchCore
import WaylandClient

/// Wires the layers together: Wayland objects feed the core's session, the session's
/// events become event-log lines, and the presenter draws the session's window.
package final class App: EventLoop.Owner, Toplevel.Owner, Registry.Owner {
    private let options: AppOptions
    private let display: Display
    private let registry: Registry
    private let surface: Surface
    private let toplevel: Toplevel
    private let loop: EventLoop
    private let presenter: SurfacePresenter
    private let renderer: ViewRenderer
    private var session: TouchSession!
    private var inputs: SeatInputs!
    private let latency: LatencyMeter
    private var reports: WindowReports!
    private let log: EventLog?
    private var lifecycle = WindowLifecycle()
    private var strokes: StrokeLoader!  // the stroke files, read on a second thread
    private var fail: Error?

    package init(options: AppOptions) throws {
        self.options = options
        display = try Display(name: options.displayName)
        log = try options.openEventLog()  // after connecting: no empty log without a compositor
        log?.write(.run(RunFacts.current(display: display)))
        registry = try Registry(display: display)
        loop = try EventLoop(display: display)
        // The font before any surface: a missing font is told before a window appears (its
        // location comes from the last run when nothing fontconfig reads has changed).
        let font: Font
        do { font = try Font(family: options.fontFamily, cache: .standard()) } catch let error as FontError {
            throw UsageError(error.description)
        }
        surface = Surface(registry: registry)
        toplevel = try Toplevel(surface: surface, registry: registry, title: "touchspots",
                                appID: "touchspots", fullscreen: options.fullscreen)
        renderer = ViewRenderer(font: font)
        presenter = SurfacePresenter(registry: registry, surface: surface, renderer: renderer)
        latency = LatencyMeter(registry: registry) { [surface] in surface.isWaitingForFrame }
        session = try SessionSetup.makeSession(options: options, registry: registry, renderer: renderer, log: log,
                                               sink: { [unowned self] event in record(event) })
        reports = WindowReports(log: log, latency: latency, surface: surface,
                                showLatency: { [unowned self] line in session.perform(.showLatency(line)) })
        let frameTouches = LibdecorFrameTouches(toplevel: toplevel)
        frameTouches.contentSize = { [session] in session.window.size }
        inputs = SeatInputs(session: session, surface: surface, frameTouches: frameTouches, latency: latency, log: log)
        wire()
        try options.start(session, outputs: registry.outputs.values.map(\.geometry))
        toplevel.setMinimumSize(width: 200, height: 150)
        // The initial commit carries no buffer; the first configure answers it while a
        // second thread reads the stroke files (StrokeLoader says why).
        surface.commit()
        display.flush()
        strokes = StrokeLoader(for: session, log: log, waker: loop.waker)
    }

    /// The loop, the window and the registry call into the app through their `Owner`
    /// protocols (the conformances below are every such call), the presenter and the latency
    /// meter into `reports`; the session's one sink is `record`. Closures capture unowned:
    /// the app owns their holders.
    private func wire() {
        registry.owner = self  // tells the outputs already described, as the log's first lines
        inputs.keyboard.onAction = { [unowned self] action in perform(action) }
        for seat in registry.seats.values { inputs.attach(seat) }
        (loop.owner, toplevel.owner, presenter.owner, latency.owner) = (self, self, reports, reports)
        surface.onPresented = { [unowned latency] commit, time in latency.presented(commit: commit, time) }
        log?.onFailure = { [unowned self] failure in logFailed(failure) }
    }

    // MARK: Registry.Owner

    package func registry(_ registry: Registry, added seat: Seat) { inputs.attach(seat) }
    package func registryOutputsChanged(_ registry: Registry) { surface.outputsChanged() }
    package func registry(_ registry: Registry, described output: Output) {
        log?.write(.output(LogOutput(output.geometry)))
    }

    // MARK: Toplevel.Owner

    package func toplevelConfigured(_ configuration: Toplevel.Configuration) -> (width: Int32, height: Int32) {
        let size = configuration.size.map { Size(width: Double($0.width), height: Double($0.height)) } ?? options.size
        session.resize(to: size)
        let configure = LogLine.configure(width: size.width, height: size.height,
                                          fullscreen: configuration.isFullscreen, maximized: configuration.isMaximized)
        if let line = lifecycle.configured(configure) { log?.write(line) }
        return (Int32(size.width.rounded()), Int32(size.height.rounded()))
    }
    package func toplevelClosed() { loop.stop() }
    package func toplevelNeedsCommit() { surface.commit() }
    package func toplevelHasProblem(_ message: String) {
        guard lifecycle.firstDecorationProblem() else { return }
        log.tell("window decorations: \(message)", kind: .decorations)
    }

    // MARK: EventLoop.Owner

    package var pendingTouchGroups: PendingTouchGroups {
        PendingTouchGroups(handedOnAtEndOfRead: session.touchscreens.handsOnGroupsAtEndOfRead,
                           holdUpAwaitingFrame: session.touchscreens.holdsUpAwaitingFrame,
                           eventsSinceFlush: session.touchscreens.eventsSinceFlush)
    }
    package var nextDeadline: Double? {
        let repeats = registry.seats.values.compactMap { $0.keyboard?.repeatDeadline }
        return repeats.reduce(session.nextDeadline) { min($0 ?? .infinity, $1) }
    }
    package func loopReceivedUserSignal() { lifecycle.syncRequested() }

    /// After each dispatch: the session hands on touch groups whose frame has not come and
    /// runs due timers, then the window is drawn if the compositor can take a frame.
    package func loopIsIdle() {
        strokes.handOver(waiting: false)
        session.flush()
        for seat in registry.seats.values { seat.keyboard?.fireRepeat() }
        if toplevel.needsDecorations { loop.runBeforeNextRead { [unowned self] in try decorate() } }
        if lifecycle.isConfigured {
            do { try draw() } catch {
                fail = error
                loop.stop()
            }
        }
        // SIGUSR1 asks "have you caught up?" (kwin's harness cannot ping). The log's lines
        // for this pass go out after the commit (EventLog.write) and before the pongs, so a
        // harness that syncs on a ping finds them written; the requests go out before the
        // `sync` line (mutter 43 once got a harness's pointer motions before libdecor's move).
        if let count = lifecycle.syncAnswer(caughtUp: !session.needsRedraw && strokes.isHandedOver) {
            display.flush()
            log?.write(.sync(count: count))
        }
        log?.flush()
        registry.answerPings()
        registry.releaseRetiredOutputs()
    }

    /// Draws what changed if the compositor can take a frame; a configure acknowledged is
    /// committed even when nothing was drawn (`WindowLifecycle.owesCommit`).
    private func draw() throws {
        let input = inputs.hasUndrawnInput
        var committed = try presenter.presentIfNeeded(session.window, scale: surface.scale, input: input)
        inputs.drawn(committed: committed)
        if lifecycle.owesCommit && !committed && !surface.isWaitingForFrame {
            surface.commit()
            committed = true
        }
        if committed { lifecycle.committed() }
    }

    /// The window started fullscreen without libdecor and has left fullscreen: it gets a
    /// new surface with libdecor's frame (Toplevel's doc comment says why), drawn whole
    /// after its first configure.
    private func decorate() throws {
        guard toplevel.needsDecorations else { return }
        try toplevel.decorate()
        inputs.surfaceReplaced()
        presenter.forgetContents()
        lifecycle.surfaceReplaced()
        // The new role's initial commit carries no buffer; its first configure answers it.
        surface.commit()
    }

    private func perform(_ action: Shortcut.Action) {
        switch action {
        case .toggleFullscreen: toplevel.setFullscreen(!(toplevel.current?.isFullscreen ?? false))
        case .quit: loop.stop()
        case .session(let command): session.perform(command)
        }
    }

    /// The session's one sink: every event becomes a log line (`EventLog.record`). A frame
    /// names its seat when more than one seat can touch.
    private func record(_ event: TouchSessionEvent) {
        log?.record(event) { device in session.touchscreens.count > 1 ? inputs.seatName(of: device) : nil }
    }

    /// Runs until the window is closed, a signal arrives, the compositor goes away or the
    /// event log fails; then writes what the log still holds, for at most a second.
    package func run() throws {
        defer { log?.finish() }
        if let failure = log?.failure { logFailed(failure) }
        if fail == nil && log?.failure != .readerGone { _ = try loop.run() }
        if let fail { throw fail }
    }

    /// A reader gone ends touchspots quietly (status 0); a log unwritable, with why (1).
    private func logFailed(_ failure: EventLog.Failure) {
        if case .unwritable(let message) = failure { fail = UsageError(message) }
        loop.stop()
    }
}
