/// One line of text.
public final class Label: View {
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    public var fontSize: Double { didSet { if fontSize != oldValue { setNeedsDisplay() } } }
    public var textColor: Color { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    public var alignment: TextAlignment

    public init(name: String, text: String = "", fontSize: Double = 18,
                textColor: Color = .black, alignment: TextAlignment = .center) {
        self.text = text
        self.fontSize = fontSize
        self.textColor = textColor
        self.alignment = alignment
        super.init(name: name)
        isUserInteractionEnabled = false
    }

    public override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard !text.isEmpty else { return }
        canvas.drawText(text, in: bounds, fontSize: fontSize, color: textColor,
                        alignment: alignment)
    }
}
