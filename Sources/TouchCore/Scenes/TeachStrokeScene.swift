/// Where a lesson stands: what `--record-gesture NAME` shows and logs (a `teach` line per
/// step, docs/event-log.md), so a person and a harness can both follow it.
public struct StrokeLesson: Equatable, Sendable {
    public enum Step: String, Sendable, CaseIterable {
        /// Waiting for a drawing: `examples` holds those so far.
        case draw
        /// Every drawing is in; Save or Again.
        case confirm
        /// Saved: the examples become a taught stroke.
        case taught
        /// Save failed (the folder cannot be written, the name is a folder): the reason
        /// is shown, and Save tries again, Again starts over. Nothing was taught.
        case unsaved
    }

    public var name: String
    public var step: Step
    public var examples: [[Point]]
    public var needed: Int
    /// From `confirm` on: how well the drawings agree, the least score of one drawing
    /// against the others taught as a stroke (below the matching minimum, they differ).
    public var agreement: Double?
    /// At `confirm`: the Save button's centre in window px, for a harness that taps it.
    public var saveAt: Point?

    public init(name: String, step: Step, examples: [[Point]], needed: Int, agreement: Double? = nil,
                saveAt: Point? = nil) {
        self.name = name; self.step = step; self.examples = examples; self.needed = needed
        self.agreement = agreement; self.saveAt = saveAt
    }
}

extension StrokeLesson {
    /// The lesson as it is told outside the scene (`progress`).
    public var progress: LessonProgress {
        LessonProgress(name: name, step: step, examples: examples.count, needed: needed, agreement: agreement, saveAt: saveAt)
    }
}

/// What a lesson tells outside the session: the session's `lesson` event and the event
/// log's `teach` line (docs/event-log.md) are this, one type for both. It counts the
/// drawings and does not carry them: only the session needs them (it matches the stroke
/// from `taught` on) and the client (it saves them, `TouchSession.keepStroke`), and a
/// line of drawings would be a file's worth of points.
public struct LessonProgress: Equatable, Sendable {
    public var name: String
    public var step: StrokeLesson.Step
    /// Drawings so far.
    public var examples: Int
    public var needed: Int
    /// From `confirm` on: the least score of one drawing against the others.
    public var agreement: Double?
    /// At `confirm`: the Save button's centre, window px.
    public var saveAt: Point?
    /// At `taught`: the file the stroke was saved to (what `keepStroke` answered; nil where
    /// nothing keeps strokes, as in the core's tests).
    public var savedTo: String?

    public init(name: String, step: StrokeLesson.Step, examples: Int, needed: Int, agreement: Double? = nil,
                saveAt: Point? = nil, savedTo: String? = nil) {
        self.name = name; self.step = step; self.examples = examples; self.needed = needed
        self.agreement = agreement; self.saveAt = saveAt; self.savedTo = savedTo
    }
}

/// What keeping a taught stroke came to (`TouchSession.keepStroke`).
public enum StrokeKeeping: Equatable, Sendable {
    /// Saved to this file.
    case saved(path: String)
    /// Not saved, and why, as the lesson shows it (the lesson stays: Save tries again).
    case failed(reason: String)
}

/// Teaching touchspots a stroke (docs/gestures.md, "Taught strokes"): draw it `needed`
/// times with one finger, the mouse or a pen, then Save or Again. Saving hands the drawings
/// to the session (which matches them from then on) and the client (which writes the
/// file); the playground follows, so the new stroke can be tried at once.
///
/// A drawing shorter than `minimumLength` is a tap, not a stroke, and one during which a
/// second finger landed is not one stroke: neither counts, and the hint says why.
public final class TeachStrokeScene: Scene {
    public let name = SceneName.teach
    public static let needed = 3
    /// px: shorter is a tap.
    public static let minimumLength = 40.0

    public var onEvent: (SceneEvent) -> Void = { _ in }
    public private(set) var lesson: StrokeLesson
    private let minimumScore: Double

    public let prompt = Label(name: "Prompt", fontSize: 26, textColor: Color(white: 0.1))
    public let hint = Label(name: "Hint", fontSize: 18, textColor: .darkGray)
    public let sketch = StrokeSketchView()
    public let touchable = TouchableView()
    public let saveButton = Button(name: "Save", title: "Save")
    public let againButton = Button(name: "Again", title: "Again")

    private var drawing: FingerID?
    /// Why the last Save failed.
    private var problem = ""
    private var spoiled = false
    private var points: [Point] = []

    public init(strokeName: String, minimumScore: Double = StrokeTemplates().minimumScore) {
        lesson = StrokeLesson(name: strokeName, step: .draw, examples: [], needed: Self.needed)
        self.minimumScore = minimumScore
        saveButton.onTap = { [unowned self] in save() }
        againButton.onTap = { [unowned self] in startOver() }
    }

    public func install(in window: Window) {
        for view in [sketch, prompt, hint, touchable, saveButton, againButton] as [View] { window.addSubview(view) }
        update()
    }

    /// Tells the lesson's start, once the scene's own start is told.
    public func start() { onEvent(.lesson(lesson)) }

    public func layout(in window: Window) {
        let bounds = window.bounds
        let unit = max(0.5, min(1.5, min(bounds.width / 800, bounds.height / 600)))
        prompt.fontSize = 26 * unit
        prompt.frame = Rect(x: 0, y: 12 * unit, width: bounds.width, height: 40 * unit)
        hint.fontSize = 18 * unit
        hint.frame = Rect(x: 0, y: prompt.frame.maxY, width: bounds.width, height: 30 * unit)
        sketch.frame = bounds
        touchable.frame = bounds
        let size = Size(width: 140 * unit, height: 56 * unit)
        let y = bounds.height - size.height - 60 * unit
        saveButton.frame = Rect(x: bounds.width / 2 - size.width - 10 * unit, y: y, width: size.width, height: size.height)
        againButton.frame = Rect(x: bounds.width / 2 + 10 * unit, y: y, width: size.width, height: size.height)
        for button in [saveButton, againButton] { button.fontSize = 22 * unit }
        if lesson.step == .confirm { lesson.saveAt = saveButton.frame.center }
    }

    public var spotCount: Int { touchable.spotCount }
    public var spots: TouchableView? { touchable }

    /// Follows the one finger (or mouse, or pen) drawing; the buttons take their own touches.
    public func didReceive(_ frame: TouchFrame, tapCount: Int) {
        guard lesson.step == .draw else { return }
        for touch in frame.touches {
            switch touch.phase {
            case .began:
                if drawing == nil && frame.activeTouches.count == 1 {
                    drawing = touch.finger
                    spoiled = false
                    points = [touch.location]
                    sketch.begin(at: touch.location)
                } else {
                    spoiled = true
                }
            case .moved where touch.finger == drawing:
                points.append(touch.location)
                sketch.extend(to: touch.location)
            case .ended where touch.finger == drawing:
                points.append(touch.location)
                drawing = nil
                finish()
            case .cancelled where touch.finger == drawing:
                drawing = nil
                sketch.discard()
            default: break
            }
        }
    }

    private func finish() {
        var length = 0.0
        for i in points.indices.dropFirst() { length += points[i - 1].distance(to: points[i]) }
        if spoiled || length < Self.minimumLength {
            sketch.discard()
            hint.text = spoiled ? "One finger at a time: that one did not count"
                : "That was a tap: draw the whole shape"
            return
        }
        sketch.keep()
        lesson.examples.append(points)
        if lesson.examples.count == lesson.needed {
            lesson.step = .confirm
            lesson.agreement = Self.agreement(of: lesson.examples)
            lesson.saveAt = saveButton.frame.center
        }
        show()
    }

    /// The least score of each drawing against the others taught as a stroke; 1 for one.
    static func agreement(of examples: [[Point]]) -> Double {
        guard examples.count > 1 else { return 1 }
        var least = 1.0
        for (index, example) in examples.enumerated() {
            var others = examples
            others.remove(at: index)
            guard let template = StrokeTemplate(name: "lesson", examples: others),
                  let stroke = StrokeTemplate.normalized(example) else { return 0 }
            least = min(least, template.score(stroke))
        }
        return least
    }

    /// The session could not keep the stroke: show `reason` and offer Save and Again again.
    func saveFailed(_ reason: String) {
        guard lesson.step == .taught else { return }
        lesson.step = .unsaved
        problem = reason
        show()
    }

    private func save() {
        guard lesson.step == .confirm || lesson.step == .unsaved else { return }
        lesson.step = .taught
        lesson.saveAt = nil
        onEvent(.lesson(lesson))
    }

    private func startOver() {
        lesson = StrokeLesson(name: lesson.name, step: .draw, examples: [], needed: lesson.needed)
        sketch.clear()
        show()
    }

    /// The lesson's step, shown and told.
    private func show() {
        update()
        onEvent(.lesson(lesson))
    }

    /// Texts and buttons for the lesson's step.
    private func update() {
        switch lesson.step {
        case .draw:
            prompt.text = "Draw '\(lesson.name)' (\(lesson.examples.count + 1) of \(lesson.needed))"
            hint.text = lesson.examples.isEmpty ? "One finger, the mouse or a pen; the way you will draw it later" : ""
        case .confirm, .taught:
            let agreement = lesson.agreement ?? 1
            prompt.text = "Save '\(lesson.name)'?"
            hint.text = agreement >= minimumScore
                ? "The drawings agree (\(fixed(agreement, decimals: 2)))"
                : "The drawings differ (\(fixed(agreement, decimals: 2))): Again is wiser"
        case .unsaved:
            prompt.text = "'\(lesson.name)' was not saved"
            hint.text = problem
        }
        saveButton.isHidden = lesson.step != .confirm && lesson.step != .unsaved
        againButton.isHidden = saveButton.isHidden
    }
}

/// The lesson's drawings: the kept ones grey, the one under way dark, as lines. Points are
/// in the window's coordinates (the sketch covers the window).
public final class StrokeSketchView: View {
    private var kept: [[Point]] = []
    private var current: [Point] = []
    static let width = 4.0

    public init() {
        super.init(name: "Sketch")
        isUserInteractionEnabled = false
    }

    func begin(at point: Point) { current = [point] }

    func extend(to point: Point) {
        guard let last = current.last else { return }
        current.append(point)
        let pad = Self.width + 2
        damage(Rect(x: min(last.x, point.x) - pad, y: min(last.y, point.y) - pad,
                    width: abs(point.x - last.x) + 2 * pad, height: abs(point.y - last.y) + 2 * pad)
            .offsetBy(dx: frame.minX, dy: frame.minY))
    }

    func keep() {
        kept.append(current)
        current = []
        setNeedsDisplay()
    }

    func discard() {
        current = []
        setNeedsDisplay()
    }

    func clear() {
        kept = []
        current = []
        setNeedsDisplay()
    }

    public override func draw(in canvas: Canvas) {
        for stroke in kept { draw(stroke, color: Color(white: 0.7), in: canvas) }
        draw(current, color: Color(white: 0.15), in: canvas)
    }

    private func draw(_ stroke: [Point], color: Color, in canvas: Canvas) {
        for i in stroke.indices.dropFirst() {
            canvas.fillLine(from: stroke[i - 1], to: stroke[i], width: Self.width, color: color)
        }
    }
}
