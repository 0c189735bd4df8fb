/// One line of text.
public final class Label: View {
    public var text: String { didSet { if text != oldValue { damageText(oldValue, text) } } }
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

    /// Where `text` is drawn, in this label's coordinates, with room for antialiasing and
    /// for the renderer's hinting at other scales; nil when it cannot be measured.
    func textBounds(_ text: String) -> Rect? {
        guard let measure = window?.measureText else { return nil }
        if text.isEmpty { return Rect.zero }
        let width = min(bounds.width, measure(text, fontSize) * 1.05 + 4)
        let x: Double
        switch alignment {
        case .left: x = 0
        case .center: x = (bounds.width - width) / 2
        case .right: x = bounds.width - width
        }
        return Rect(x: x - 2, y: 0, width: width + 4, height: bounds.height)
    }

    /// A label whose text changed repaints only the old and the new text.
    private func damageText(_ old: String, _ new: String) {
        guard let before = textBounds(old), let after = textBounds(new) else {
            setNeedsDisplay()
            return
        }
        for rect in [before, after] where !rect.isEmpty {
            damage(rect.offsetBy(dx: frame.minX, dy: frame.minY))
        }
    }

    public override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard !text.isEmpty else { return }
        canvas.drawText(text, in: bounds, fontSize: fontSize, color: textColor,
                        alignment: alignment)
    }
}
