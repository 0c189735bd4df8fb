/// A labelled rectangle that runs `onTap` when a touch that began on it ends on it, as a
/// UIButton's touch-up-inside: a finger that slides off before lifting cancels the press.
public final class Button: View {
    public var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    public var fontSize = 20.0 { didSet { if fontSize != oldValue { setNeedsDisplay() } } }
    public var onTap: () -> Void = {}
    private var pressed: FingerID? { didSet { if pressed != oldValue { setNeedsDisplay() } } }

    public init(name: String, title: String) {
        self.title = title
        super.init(name: name)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        if pressed == nil { pressed = touches.first?.finger }
        return true
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool { true }

    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool {
        guard let touch = touches.first(where: { $0.finger == pressed }) else { return true }
        pressed = nil
        if bounds.contains(convert(touch.location, from: nil)) { onTap() }
        return true
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool {
        if touches.contains(where: { $0.finger == pressed }) { pressed = nil }
        return true
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: pressed == nil ? Color(white: 0.25) : Color(white: 0.45))
        canvas.drawText(title, in: bounds, fontSize: fontSize, color: .white, alignment: .center)
    }
}
