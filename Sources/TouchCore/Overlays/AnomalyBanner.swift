/// What the compositor got wrong, on screen: a line per kind of anomaly with how many
/// times it happened since touchspots started, shown for a few seconds after the latest
/// one (docs/instrument.md). A cancel is legal protocol, so it is counted here as an
/// event, never as a warning. Takes no touches; redraws only its own frame.
public final class AnomalyBanner: Overlay {
    public static let width = 440.0
    static let lineHeight = 20.0
    /// How long the banner stays after the latest anomaly.
    public static let showDuration = 4.0

    public private(set) var counts: [AnomalyKind: Int] = [:]
    public private(set) var cancels = 0
    private var hideTimer: Timers.ID?

    init() {
        super.init(name: "Anomalies", hidden: true)
    }

    /// The lines drawn, in a steady order.
    public var lines: [String] {
        var lines = AnomalyKind.allCases.compactMap { kind in
            counts[kind].map { "\(kind.title)  x\($0)" }
        }
        if cancels > 0 { lines.append("wl_touch.cancel (legal)  x\(cancels)") }
        return lines
    }

    func count(_ kind: AnomalyKind) {
        counts[kind, default: 0] += 1
        appear()
    }

    func countCancel() {
        cancels += 1
        appear()
    }

    private func appear() {
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
        canvas.fill(bounds, color: Color(red: 0.45, green: 0.05, blue: 0.05, alpha: 0.85))
        canvas.drawText("the compositor sent", in: Rect(x: 10, y: 6, width: bounds.width - 20, height: Self.lineHeight),
                        fontSize: 13, color: Color(red: 1, green: 0.8, blue: 0.7), alignment: .left)
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, in: Rect(x: 10, y: 6 + Double(index + 1) * Self.lineHeight, width: bounds.width - 20,
                                           height: Self.lineHeight),
                            fontSize: 13, color: .white, alignment: .left)
        }
    }
}
