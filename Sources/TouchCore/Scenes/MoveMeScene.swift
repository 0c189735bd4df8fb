/// MoveMe (docs/concepts.md): a placard at the window's centre that a single finger can drag. A
/// touch inside it pulses it and drags it; on lift it glides back to the centre, ignoring
/// touches meanwhile; a double tap outside it shows the next display string.
public final class MoveMeScene: Scene {
    public let name = SceneName.moveme
    public var onEvent: (SceneEvent) -> Void = { _ in }
    public let view = MoveMeView()

    public init() {}

    public func install(in window: Window) {
        view.onPlacardChange = { [weak self] placard in self?.onEvent(.placard(placard)) }
        window.addSubview(view)
        layout(in: window)
        view.report()
    }

    public func layout(in window: Window) {
        view.frame = window.bounds
        view.recentre()
    }

}

/// What the event log says of the placard.
public struct PlacardState: Equatable, Sendable {
    public enum Phase: String, Sendable, CaseIterable { case idle, dragging, returning }
    public var center: Point
    public var text: String
    public var phase: Phase

    public init(center: Point, text: String, phase: Phase) {
        self.center = center; self.text = text; self.phase = phase
    }
}

/// MoveMe's MyView: handles the touches; the placard itself handles none, so touches on
/// it come here up the responder chain with touch.view == placard.
public final class MoveMeView: View {
    public static let displayStrings = [
        "Welcome", "Bienvenue", "Willkommen", "Benvenuto", "Bienvenido", "Bem-vindo",
        "Welkom", "Välkommen", "Witamy", "Καλώς ήρθατε", "Добро пожаловать",
    ]
    public static let returnDuration = 0.35
    public static let pulseDuration = 0.3

    public let placard = PlacardView()
    public private(set) var phase = PlacardState.Phase.idle
    private var stringIndex = 0
    private var trackedFinger: FingerID?
    var onPlacardChange: (PlacardState) -> Void = { _ in }
    private var lastReported: PlacardState?

    init() {
        super.init(name: "MoveMe")
        backgroundColor = Color(white: 0.93)
        // MoveMe follows the first finger only.
        isMultipleTouchEnabled = false
        placard.text = Self.displayStrings[0]
        addSubview(placard)
    }

    public override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        canvas.drawText("Drag the placard with one finger. Double-tap elsewhere for the next greeting.",
                        in: Rect(x: 0, y: 12, width: bounds.width, height: 24), fontSize: 15,
                        color: .darkGray, alignment: .center)
    }

    public var state: PlacardState {
        PlacardState(center: placard.center, text: placard.text, phase: phase)
    }

    /// Logs the placard when anything about it changed.
    func report() {
        let now = state
        guard now != lastReported else { return }
        lastReported = now
        onPlacardChange(now)
    }

    func recentre() {
        guard phase == .idle else { return }
        placard.center = bounds.center
        report()
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        // Single touch: the first finger is followed, later ones are ignored until it lifts
        // (MoveMe turns multiple touch off for the same effect).
        guard trackedFinger == nil, let touch = touches.first else { return true }
        trackedFinger = touch.finger
        if window?.view(for: touch) === placard {
            phase = .dragging
            pulse()
            placard.center = convert(touch.location, from: nil)
        } else if touch.tapCount == 2 {
            stringIndex = (stringIndex + 1) % Self.displayStrings.count
            placard.text = Self.displayStrings[stringIndex]
        }
        report()
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool {
        if phase == .dragging, let touch = touches.first(where: { $0.finger == trackedFinger }) {
            placard.center = convert(touch.location, from: nil)
            report()
        }
        return true
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool {
        lift(touches)
        return true
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool {
        lift(touches)
        return true
    }

    private func lift(_ touches: [Touch]) {
        guard touches.contains(where: { $0.finger == trackedFinger }) else { return }
        trackedFinger = nil
        if phase == .dragging { glideBack() }
    }

    private func pulse() {
        guard let animator = window?.animator else { return }
        let base = PlacardView.size
        animator.animate(duration: Self.pulseDuration, curve: .linear) { [weak self] t in
            guard let self else { return }
            // Up to 1.2x and back, like MoveMe's grow-and-settle.
            let scale = 1 + 0.2 * (t < 0.5 ? t * 2 : (1 - t) * 2)
            self.placard.frame = Rect(center: self.placard.center,
                                      size: Size(width: base.width * scale, height: base.height * scale))
        }
    }

    /// Back to the centre; touches are ignored until it arrives.
    private func glideBack() {
        phase = .returning
        isUserInteractionEnabled = false
        report()
        let from = placard.center
        guard let animator = window?.animator else { arrive(); return }
        animator.animate(duration: Self.returnDuration, update: { [weak self] t in
            guard let self else { return }
            let to = self.bounds.center
            self.placard.center = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            self.report()
        }, completion: { [weak self] in self?.arrive() })
    }

    private func arrive() {
        phase = .idle
        isUserInteractionEnabled = true
        placard.center = bounds.center
        report()
    }
}

/// The placard: a rounded-looking panel with the display string. Handles no touches.
public final class PlacardView: View {
    static let size = Size(width: 300, height: 90)
    public var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }

    init() {
        super.init(name: "Placard", frame: Rect(origin: .zero, size: Self.size))
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: Color(red: 0.16, green: 0.32, blue: 0.62))
        canvas.strokeRect(bounds.insetBy(dx: 4, dy: 4), color: Color(white: 1, alpha: 0.6), width: 2)
        canvas.drawText(text, in: bounds, fontSize: bounds.height * 0.36, color: .white,
                        alignment: .center)
    }
}
