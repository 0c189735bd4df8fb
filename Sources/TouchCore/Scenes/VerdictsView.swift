/// Verdicts as `VerdictsLayout` places them, one page at a time: headings in dark grey,
/// a pass in green and a failure in red, each verdict with its mark (✓ or ✗).
public final class VerdictsView: View {
    public private(set) var layout = VerdictsLayout(sections: [], in: Size(width: 0, height: 0), fontSize: 17, smallest: 17,
                                                    centred: false)
    /// The page shown, 0-based; kept within the layout's pages.
    public var page = 0 {
        didSet {
            page = max(0, min(page, layout.pages.count - 1))
            if page != oldValue { setNeedsDisplay() }
        }
    }

    init() {
        super.init(name: "Verdicts")
        isUserInteractionEnabled = false
    }

    /// Shows `layout` from its first page, or from the page it was on when only the window's
    /// size changed and that page is still there.
    func show(_ layout: VerdictsLayout, keepingPage: Bool = false) {
        guard layout != self.layout else { return }
        self.layout = layout
        page = keepingPage ? min(page, layout.pages.count - 1) : 0
        setNeedsDisplay()
    }

    static func color(_ tone: VerdictsLayout.Tone) -> Color {
        switch tone {
        case .heading: Color(white: 0.15)
        case .skipped: Color(white: 0.45)
        case .pass: Color(red: 0.1, green: 0.5, blue: 0.2)
        case .fail: Color(red: 0.8, green: 0.1, blue: 0.1)
        }
    }

    public override func draw(in canvas: Canvas) {
        guard layout.pages.indices.contains(page) else { return }
        for item in layout.pages[page] {
            canvas.drawText(item.line.text, in: item.frame, fontSize: layout.fontSize, color: Self.color(item.line.tone),
                            alignment: .left)
        }
    }
}
