/// Why the last touch sequence fired nothing, on screen (key w): the near-miss line's
/// text, one miss a line, for a few seconds (docs/gestures.md, "Why it did not fire").
/// Takes no touches; redraws only its own frame.
public final class NearMissBanner: Overlay {
    public static let width = 560.0
    static let lineHeight = 20.0
    /// How long the banner stays after the key.
    public static let showDuration = 6.0

    /// The last sequence's misses, each line as the log's text writes it; nil before any.
    public private(set) var lastMisses: [NearMiss]?
    private var hideTimer: Timers.ID?

    init() {
        super.init(name: "Near miss", hidden: true)
    }

    /// The lines drawn.
    public var lines: [String] {
        guard let misses = lastMisses else { return ["no touch sequence has ended without a gesture yet"] }
        return misses.isEmpty ? ["nothing came close"] : misses.map(\.text)
    }

    func remember(_ misses: [NearMiss]) {
        lastMisses = misses
        if !isHidden { setNeedsDisplay() }
    }

    /// Shows the last misses for `showDuration`.
    func show() {
        let height = 12 + Double(lines.count + 1) * Self.lineHeight
        if frame.height != height { frame = Rect(x: frame.minX, y: frame.minY, width: Self.width, height: height) }
        isHidden = false
        setNeedsDisplay()
        guard let timers = window?.timers else { return }
        timers.cancel(hideTimer)
        hideTimer = timers.schedule(after: Self.showDuration) { [weak self] in
            self?.hideTimer = nil
            self?.isHidden = true
        }
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: Color(white: 0.15, alpha: 0.88))
        canvas.drawText("why the last touch fired no gesture", in: Rect(x: 10, y: 6, width: bounds.width - 20, height: Self.lineHeight),
                        fontSize: 13, color: Color(red: 1, green: 0.85, blue: 0.3), alignment: .left)
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, in: Rect(x: 10, y: 6 + Double(index + 1) * Self.lineHeight, width: bounds.width - 20,
                                           height: Self.lineHeight),
                            fontSize: 13, color: .white, alignment: .left)
        }
    }
}
