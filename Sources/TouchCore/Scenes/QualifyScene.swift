/// Where a qualify run stands: what `--qualify` shows and logs (a `qualify` line per
/// step started, judged or skipped, and at the end), so a person and the harness's robot
/// can both follow it (docs/qualify.md).
public struct QualifyProgress: Equatable, Sendable {
    /// `calibrating` and `calibrated`: the card calibration (step 0, kind `card`) of a run on
    /// an output that does not say its size.
    public enum State: String, Sendable, CaseIterable { case started, judged, skipped, finished, calibrating, calibrated }

    public var plan: String
    /// 1-based; at `finished`, the number of steps.
    public var step: Int
    public var of: Int
    public var kind: QualifyKind
    public var state: State
    public var verdicts: [Verdict]
    public var millimetresPerPixel: Double
    /// The panel (the window) in millimetres: what the steps' places are fractions of.
    public var panel: Size
    /// At `started`, the step itself, places in millimetres: with `panel` and the frames,
    /// all an offline judge needs (`touchspots-report` judges a log without the plan).
    public var guide: QualifyStep?
    /// Where the Next (or Skip, or Finish) button's centre is, window pixels, while it is
    /// shown: what the harness's robot taps to go on.
    public var next: Point?
    /// At `started`: the buttons shown while the step is under way, window pixels. Touches
    /// that begin on them are no part of the step (`StepTouches`), live and offline.
    public var buttons: [Rect]
    /// While calibrating, and once calibrated: the card's outline, window pixels.
    public var card: Rect?
    /// At `started`: the limits the step is judged by, the report rate's resolved (the
    /// output's refresh where the profile asks for it).
    public var thresholds: QualifyThresholds?

    public init(plan: String, step: Int, of: Int, kind: QualifyKind, state: State, verdicts: [Verdict] = [],
                millimetresPerPixel: Double, panel: Size = Size(width: 0, height: 0), guide: QualifyStep? = nil,
                next: Point? = nil, buttons: [Rect] = [], card: Rect? = nil, thresholds: QualifyThresholds? = nil) {
        self.plan = plan; self.step = step; self.of = of; self.kind = kind; self.state = state
        self.verdicts = verdicts; self.millimetresPerPixel = millimetresPerPixel
        self.panel = panel; self.guide = guide; self.next = next; self.buttons = buttons; self.card = card; self.thresholds = thresholds
    }
}

/// Qualifying a touchscreen (docs/qualify.md): each step of a plan is asked on screen with
/// its guide, its contacts are collected until the step is complete, judged by the
/// validators, and the verdicts shown; Redo asks the step again, Next goes on (Skip while
/// a step is under way). Touches that begin on the buttons are no part of a step
/// (`StepTouches`, which the offline judge shares, draws that boundary). A step
/// is judged once it is complete and no finger has been down for `settle` seconds: a
/// contact that lifts and lands again (a split) belongs to the step it split in. The
/// scene bar is hidden: a corner target lies under it. Without a scale, the run begins with
/// the card calibration (`CardCalibrationView`): Done takes the card's scale.
public final class QualifyScene: Scene {
    public let name = SceneName.qualify
    public var onEvent: (SceneEvent) -> Void = { _ in }
    public let plan: QualifyPlan
    public private(set) var millimetresPerPixel: Double
    /// The output's refresh rate (Hz), for a profile that asks reports at the display's rate.
    public let refreshRate: Double?
    /// How many outputs the compositor has (the mapping's verdict when taps never arrive).
    public var outputCount: Int?
    /// The card calibration is under way: no step has been asked yet.
    public private(set) var calibrating: Bool

    public let prompt = Label(name: "Prompt", fontSize: 22, textColor: Color(white: 0.1))
    public let guide = QualifyGuideView()
    public let verdictsView = VerdictsView()
    public let touchable = TouchableView()
    public let redoButton = Button(name: "Redo", title: "Redo")
    public let nextButton = Button(name: "Next", title: "Skip")
    public let card = CardCalibrationView()
    /// Whether Redo and Next take the touches that begin on them (the live run). A judge
    /// that plays a recording made without touchspots on screen turns it off: nobody saw
    /// the buttons, so a corner tap where Skip would be is the corner's, and the judge goes
    /// on with `goOn()` instead of a tap (`RecordingJudge`, steps found from the touches).
    public var buttonsTakeTouches = true {
        didSet { for button in [redoButton, nextButton] { button.isUserInteractionEnabled = buttonsTakeTouches } }
    }
    /// The end screen's page control, shown when its verdicts take more than one page.
    public let previousPageButton = Button(name: "PreviousPage", title: "Previous")
    public let nextPageButton = Button(name: "NextPage", title: "Next")
    public let pageLabel = Label(name: "Page", fontSize: 18, textColor: Color(white: 0.2))
    /// Under the verdicts at the end: where the run's log is, for its report.
    public let note = Label(name: "Note", fontSize: 16, textColor: Color(white: 0.3))
    /// The file the run's event log goes to, if any: told at the end.
    public var logPath: String?

    public static let settle = 0.3
    /// How long the corners step waits for a tap that has not come, after the step was
    /// asked or the last touch ended: taps on a touchscreen mapped to another output (or
    /// spread over all of them) never arrive, and the step ends with the mapping's own
    /// verdict instead of waiting for ever.
    public static let arrivalTimeout = 10.0
    public private(set) var index = 0
    private var judgement: Timers.ID?
    private var arrival: Timers.ID?
    public private(set) var judged = false
    /// A step has been asked (`start` ran).
    private var announced = false
    /// The card outline the last `calibrating` line gave.
    private var toldCard: Rect?
    /// Each step's verdicts so far; nil for a step skipped.
    public private(set) var results: [[Verdict]?] = []
    /// The run is over: the end screen is up.
    public private(set) var finished = false
    /// The verdicts shown, as sections; laid out again whenever the window changes size.
    var shownSections: [VerdictsLayout.Section] = []
    private(set) var steps: [QualifyStep] = []
    private var judge = QualifyJudge(panel: Size(width: 1, height: 1))
    /// The step's touches, without those on the buttons: its contacts are made from them,
    /// as offline judging makes them from a log's frames.
    private var touches = StepTouches()
    private(set) unowned var window: Window?

    /// A run of `plan`; with no `millimetresPerPixel` (an output that does not say its
    /// size, no option given), the card calibration first.
    public init(plan: QualifyPlan, millimetresPerPixel: Double?, refreshRate: Double? = nil) {
        self.plan = plan
        self.refreshRate = refreshRate
        calibrating = millimetresPerPixel == nil
        self.millimetresPerPixel = millimetresPerPixel ?? card.millimetresPerPixel
        redoButton.onTap = { [unowned self] in begin(index) }
        nextButton.onTap = { [unowned self] in next() }
        previousPageButton.onTap = { [unowned self] in turn(by: -1) }
        nextPageButton.onTap = { [unowned self] in turn(by: 1) }
    }

    public func install(in window: Window) {
        self.window = window
        for view in [guide, card, prompt, note, verdictsView, touchable, redoButton, nextButton, previousPageButton, pageLabel,
                     nextPageButton] as [View] { window.addSubview(view) }
        for view in [previousPageButton, pageLabel, nextPageButton] as [View] { view.isHidden = true }
        card.isHidden = !calibrating
        layout(in: window)
        if calibrating { card.setCardWidth(window.bounds.width * 0.35) }
    }

    /// Tells the first step (or the calibration), once the scene's own start is told.
    public func start() {
        guard calibrating else { return begin(0) }
        setPrompt("Drag the blue corner until the outline is a bank card's size, then Done")
        nextButton.title = "Done"
        redoButton.isHidden = true
        guide.isHidden = true
        tellCard(.calibrating)
    }

    public func layout(in window: Window) {
        let bounds = window.bounds
        let unit = Self.unit(of: bounds)
        let panel = Size(width: bounds.width * millimetresPerPixel, height: bounds.height * millimetresPerPixel)
        let resized = judge.panel != panel
        if resized {
            judge = QualifyJudge(panel: panel, thresholds: plan.thresholds, refreshRate: refreshRate, outputCount: outputCount)
            steps = plan.steps(on: panel)
        }
        promptSize = 22 * unit
        fitPrompt()
        prompt.frame = Rect(x: 0, y: 8 * unit, width: bounds.width, height: 34 * unit)
        guide.frame = bounds
        guide.pixelsPerMillimetre = 1 / millimetresPerPixel
        touchable.frame = bounds
        let size = Size(width: 110 * unit, height: 48 * unit)
        // Bottom, left of the middle: clear of every target (the corners are 10 mm in, the
        // bottom edge stroke runs down the middle).
        nextButton.frame = Rect(x: bounds.width / 2 - size.width - 24 * unit, y: bounds.height - size.height - 12 * unit,
                                width: size.width, height: size.height)
        redoButton.frame = nextButton.frame.offsetBy(dx: -size.width - 12 * unit, dy: 0)
        for button in [nextButton, redoButton] { button.fontSize = 20 * unit }
        note.frame = Rect(x: 0, y: 44 * unit, width: bounds.width, height: 26 * unit)
        layoutVerdicts(in: bounds, unit: unit, keepingPage: true)
        card.frame = bounds
        card.cardOrigin = Point(x: 60 * unit, y: 60 * unit)
        card.setCardWidth(card.cardWidth)
        if calibrating { millimetresPerPixel = card.millimetresPerPixel }
        if steps.indices.contains(index) { guide.step = steps[index] }
        // A step under way when the window changes size (the fullscreen state arrives after
        // the first step was asked) is asked again with its places on the new panel, so its
        // `started` line says what is on screen.
        if resized && announced && !judged && steps.indices.contains(index) { begin(index) }
        // Likewise the card: its outline as drawn now.
        if calibrating, let told = toldCard, told != card.card { tellCard(.calibrating) }
    }

    public var spotCount: Int { touchable.spotCount }
    public var spots: TouchableView? { touchable }

    /// The whole screen is the run's: the scene bar would cover a corner target.
    public func needsClear(_ rect: Rect) -> Bool { true }

    // MARK: Steps

    private func begin(_ step: Int) {
        window?.timers.cancel(judgement)
        judgement = nil
        window?.timers.cancel(arrival)
        arrival = nil
        index = step
        judged = false
        touches.restart(buttons: [])
        guard steps.indices.contains(step) else { return finish() }
        announced = true
        if results.count > step { results.removeSubrange(step...) }
        guide.step = steps[step]
        guide.isHidden = false
        setPrompt("\(step + 1)/\(steps.count) · \(steps[step].prompt)")
        showVerdicts([])
        nextButton.title = "Skip"
        redoButton.isHidden = true
        nextButton.isHidden = false
        touches.restart(buttons: buttonsTakeTouches ? shownButtons : [])
        tell(.started)
        awaitArrivals()
    }

    /// (Re)arms the corners step's timeout; a step that is not corners has none.
    private func awaitArrivals() {
        window?.timers.cancel(arrival)
        arrival = nil
        guard !judged, steps.indices.contains(index), case .corners = steps[index] else { return }
        arrival = window?.timers.schedule(after: Self.arrivalTimeout) { [unowned self] in
            arrival = nil
            if touches.down.isEmpty { judgeStep() }
        }
    }

    /// Next, or Skip while the step is under way, as a tap on the button would do.
    public func goOn() { next() }

    private func next() {
        if calibrating { return calibrated() }
        if !judged && steps.indices.contains(index) {
            results.append(nil)
            tell(.skipped)
        }
        begin(index + 1)
    }

    private func finish() {
        let all = results.compactMap { $0 }.flatMap { $0 }
        finished = true
        setPrompt(outcome.headline)
        prompt.textColor = outcome.isQualified ? VerdictsView.color(.pass) : VerdictsView.color(.fail)
        guide.isHidden = true
        redoButton.isHidden = true
        nextButton.isHidden = true
        showVerdicts(endSections)
        onEvent(.qualify(QualifyProgress(plan: plan.name, step: steps.count, of: steps.count, kind: .plan, state: .finished,
                                         verdicts: all, millimetresPerPixel: millimetresPerPixel, panel: judge.panel)))
    }

    /// The prompt's size at this window's scale of things; a long prompt is set smaller so
    /// that it fits the window's width (DejaVu Sans averages under 0.56 em a character).
    private var promptSize = 22.0

    private func setPrompt(_ text: String) {
        prompt.text = text
        fitPrompt()
    }

    func fitPrompt() {
        fit(prompt, size: promptSize)
        fit(note, size: promptSize * 16 / 22)
    }

    private func fit(_ label: Label, size: Double) {
        let width = (window?.bounds.width ?? 800) - 24
        label.fontSize = max(10, min(size, width / (Double(max(1, label.text.count)) * 0.56)))
    }

    /// Done on the card: its scale is the run's.
    private func calibrated() {
        millimetresPerPixel = card.millimetresPerPixel
        calibrating = false
        card.isHidden = true
        tellCard(.calibrated)
        if let window { layout(in: window) }
        begin(0)
    }

    private func tellCard(_ state: QualifyProgress.State) {
        toldCard = card.card
        let size = window?.bounds.size ?? Size(width: 0, height: 0)
        onEvent(.qualify(QualifyProgress(plan: plan.name, step: 0, of: plan.steps.count, kind: .card, state: state,
                                         millimetresPerPixel: card.millimetresPerPixel,
                                         panel: Size(width: size.width * card.millimetresPerPixel, height: size.height * card.millimetresPerPixel),
                                         next: nextButton.frame.center, card: card.card)))
    }

    /// The buttons shown, window pixels.
    private var shownButtons: [Rect] { [redoButton, nextButton].filter { !$0.isHidden }.map(\.frame) }

    private func tell(_ state: QualifyProgress.State, verdicts: [Verdict] = []) {
        let next = nextButton.isHidden ? nil : nextButton.frame.center
        var limits = judge.thresholds
        limits.reportRate = judge.minimumReportRate
        onEvent(.qualify(QualifyProgress(plan: plan.name, step: index + 1, of: steps.count, kind: steps[index].kind,
                                         state: state, verdicts: verdicts, millimetresPerPixel: millimetresPerPixel,
                                         panel: judge.panel, guide: state == .started ? steps[index] : nil, next: next,
                                         buttons: state == .started ? touches.buttons : [],
                                         thresholds: state == .started ? limits : nil)))
    }

    // MARK: Contacts

    public func didReceive(_ frame: TouchFrame, tapCount: Int) {
        if calibrating {
            for touch in frame.touches where !(touch.phase == .began && nextButton.frame.contains(touch.location)) {
                card.follow(touch)
            }
            return
        }
        guard !judged, steps.indices.contains(index) else { return }
        touches.take(frame)
        window?.timers.cancel(judgement)
        judgement = nil
        if touches.down.isEmpty { awaitArrivals() }
        guard touches.down.isEmpty, steps[index].isComplete(touches.tally) else { return }
        judgement = window?.timers.schedule(after: Self.settle) { [unowned self] in
            judgement = nil
            judgeStep()
        }
    }

    /// The step's contacts so far, in millimetres.
    private var contacts: [Contact] { touches.contacts(millimetresPerPixel: millimetresPerPixel) }

    private func judgeStep() {
        guard !judged, steps.indices.contains(index) else { return }
        let verdicts = judge.judge(steps[index], contacts: contacts)
        judged = true
        window?.timers.cancel(arrival)
        arrival = nil
        results.append(verdicts)
        showVerdicts([VerdictsLayout.Section(heading: nil, verdicts: verdicts.map(VerdictsLayout.Line.init))])
        nextButton.title = index + 1 < steps.count ? "Next" : "Finish"
        redoButton.isHidden = false
        tell(.judged, verdicts: verdicts)
    }
}

/// The current step's guide: the line to follow, the targets to tap, the edges to reach.
public final class QualifyGuideView: View {
    var step: QualifyStep? { didSet { if step != oldValue { setNeedsDisplay() } } }
    var pixelsPerMillimetre = 1.0 { didSet { if pixelsPerMillimetre != oldValue { setNeedsDisplay() } } }
    static let color = Color(red: 0.2, green: 0.45, blue: 0.9)

    init() {
        super.init(name: "Guide")
        isUserInteractionEnabled = false
    }

    public override func draw(in canvas: Canvas) {
        guard let step else { return }
        let k = pixelsPerMillimetre
        func px(_ p: Point) -> Point { Point(x: p.x * k, y: p.y * k) }
        func target(_ p: Point, _ radius: Double = 14) {
            canvas.fillEllipse(in: Rect(center: px(p), size: Size(width: 2 * radius, height: 2 * radius)), color: Self.color)
            canvas.fillEllipse(in: Rect(center: px(p), size: Size(width: radius, height: radius)), color: .white)
        }
        func line(_ a: Point, _ b: Point) { canvas.fillLine(from: px(a), to: px(b), width: 4, color: Self.color) }
        let centre = Point(x: bounds.width / 2 / k, y: bounds.height / 2 / k)
        switch step {
        case .line(let from, let to, _): line(from, to); target(from, 10)
        case .hold(let at, _): target(at)
        case .taps(let at, _): target(at)
        case .corners(let points): for point in points { target(point) }
        case .maximumContacts: break
        case .pinch: target(Point(x: centre.x - 30, y: centre.y), 10); target(Point(x: centre.x + 30, y: centre.y), 10)
        case .drumroll: target(Point(x: centre.x - 10, y: centre.y), 10); target(Point(x: centre.x + 10, y: centre.y), 10)
        case .edges:
            let w = bounds.width / k, h = bounds.height / k
            for end in [Point(x: 0, y: centre.y), Point(x: w, y: centre.y), Point(x: centre.x, y: 0), Point(x: centre.x, y: h)] {
                line(centre, end)
            }
            target(centre, 10)
        }
    }
}
