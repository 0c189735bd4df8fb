/// The one-step calibration of a qualify run on an output that does not say its size
/// (docs/qualify.md, "Millimetres"): a bank card's outline (ISO/IEC 7810 ID-1, 85.60 x
/// 53.98 mm, a size every wallet holds) drawn on screen with a handle at its bottom-right
/// corner. The person holds a real card against the screen and drags the handle until the
/// outline matches it: the outline's width in pixels is then 85.60 mm, and that is the
/// scale. The top-left corner stays put, so the card can be laid against it.
public final class CardCalibrationView: View {
    public static let cardWidth = 85.60
    public static let cardHeight = 53.98
    /// How near the handle (pixels) a finger must land to take it.
    public static let grabRadius = 48.0

    /// The outline's width in pixels; its height follows the card's proportions.
    public private(set) var cardWidth = 320.0 { didSet { if cardWidth != oldValue { setNeedsDisplay() } } }
    /// The outline's top-left corner, in the view.
    public var cardOrigin = Point(x: 60, y: 90) { didSet { if cardOrigin != oldValue { setNeedsDisplay() } } }
    private var dragging: FingerID?

    public var card: Rect {
        Rect(x: cardOrigin.x, y: cardOrigin.y, width: cardWidth, height: cardWidth * Self.cardHeight / Self.cardWidth)
    }

    public var handle: Point { Point(x: card.maxX, y: card.maxY) }

    /// Millimetres per pixel as the outline stands.
    public var millimetresPerPixel: Double { Self.cardWidth / cardWidth }

    init() {
        super.init(name: "Card")
        isUserInteractionEnabled = false
    }

    /// Sets the outline's width, kept inside the view and at least 100 px wide.
    public func setCardWidth(_ width: Double) {
        let widest = min(bounds.width - cardOrigin.x, (bounds.height - cardOrigin.y) * Self.cardWidth / Self.cardHeight)
        cardWidth = max(100, min(max(100, widest), width))
    }

    /// Follows a finger that landed on the handle; other touches leave the card as it is.
    func follow(_ touch: Touch) {
        switch touch.phase {
        case .began:
            guard dragging == nil, touch.location.distance(to: handle) <= Self.grabRadius else { return }
            dragging = touch.finger
        case .moved, .ended, .cancelled:
            guard dragging == touch.finger else { return }
            if touch.phase != .moved { dragging = nil }
        }
        setCardWidth(touch.location.x - cardOrigin.x)
    }

    public override func draw(in canvas: Canvas) {
        let outline = card
        canvas.fill(outline, color: Color(red: 0.92, green: 0.95, blue: 1))
        canvas.strokeRect(outline, color: QualifyGuideView.color, width: 3)
        // The magnetic stripe's place, so the outline reads as a card.
        canvas.fill(Rect(x: outline.minX, y: outline.minY + outline.height * 0.15, width: outline.width, height: outline.height * 0.18),
                        color: Color(red: 0.75, green: 0.8, blue: 0.9))
        canvas.fillEllipse(in: Rect(center: handle, size: Size(width: 36, height: 36)), color: QualifyGuideView.color)
        canvas.fillEllipse(in: Rect(center: handle, size: Size(width: 14, height: 14)), color: .white)
        let hint = ["Hold a real bank card (85.60 x 53.98 mm) against the outline",
                    "\(fixed(millimetresPerPixel, decimals: 4)) mm per pixel"]
        for (line, text) in hint.enumerated() {
            canvas.drawText(text, in: Rect(x: outline.minX, y: outline.maxY + 28 + Double(line) * 28, width: max(600, outline.width), height: 26),
                            fontSize: 18, color: Color(white: 0.25), alignment: .left)
        }
    }
}
