/// The instrument panel (key `i`): a header with the stream's numbers and a line per
/// finger, at the bottom right above the scene bar (clear of the gesture labels at the
/// top), over the scene. It takes no touches. Text is the costliest thing a
/// commit draws, so it refreshes at most ten times a second on a timer of its own, and
/// gathers numbers only while it is shown; it redraws only its own frame.
public final class ReadoutOverlay: Overlay {
    /// Its width, and its height with every line (a header, the shape line, ten fingers and
    /// "and N more").
    public static let size = Size(width: 560, height: 12 + 13 * 20)
    static let lineHeight = 20.0
    static let maxFingerLines = 10

    public private(set) var snapshot: ReadoutSnapshot?
    /// A finger that has gone farther than this from where it landed (the tap slop) has
    /// its line drawn red, as Android's pointer location does past the touch slop.
    var slop = 10.0
    static let pastSlopColor = Color(red: 1, green: 0.45, blue: 0.4)
    /// Where its bottom edge stays as its height follows the lines (the stage sets it).
    var bottom = 0.0 {
        didSet { if bottom != oldValue { place() } }
    }

    /// Told each refresh's numbers (the session makes them `readout` events).
    var onRefresh: (ReadoutSnapshot) -> Void = { _ in }
    private let readouts = TouchReadouts()
    private var lastRefresh = -Double.infinity
    private var refreshTimer: Timers.ID?
    /// At most ten refreshes a second: text costs more than anything else a commit draws.
    static let refreshInterval = 0.1

    init() {
        super.init(name: "Readouts", hidden: true)
    }

    /// Shows or hides it (key i); shown, it starts from fresh numbers.
    func toggle() {
        isHidden.toggle()
        readouts.reset()
        if !isHidden { refresh() }
    }

    override func record(_ frame: TouchFrame) {
        guard !isHidden, let now = window?.clock.now else { return }
        readouts.record(frame, now: now)
        scheduleRefresh(now: now)
    }

    /// Refreshes now if the last refresh is old enough, else once it is (so the panel
    /// always ends showing the last frame), never more than one timer at a time.
    private func scheduleRefresh(now: Double) {
        let due = lastRefresh + Self.refreshInterval
        if now >= due {
            refresh()
        } else if refreshTimer == nil, let timers = window?.timers {
            refreshTimer = timers.schedule(after: due - now) { [unowned self] in
                refreshTimer = nil
                refresh()
            }
        }
    }

    private func refresh() {
        guard let window else { return }
        window.timers.cancel(refreshTimer)
        refreshTimer = nil
        guard !isHidden else { return }
        lastRefresh = window.clock.now
        let snapshot = readouts.snapshot(now: lastRefresh)
        show(snapshot)
        onRefresh(snapshot)
    }

    func show(_ snapshot: ReadoutSnapshot) {
        guard snapshot != self.snapshot else { return }
        self.snapshot = snapshot
        place()
        setNeedsDisplay()
    }

    /// As tall as its lines (a panel with one finger covers little of the window), its
    /// bottom edge kept where the stage put it.
    private func place() {
        let height = Self.height(lines: snapshot.map { Self.lines($0).count } ?? 2)
        let placed = Rect(x: frame.minX, y: bottom - height, width: Self.size.width, height: height)
        if frame != placed { frame = placed }
    }

    static func height(lines: Int) -> Double { 12 + Double(lines) * lineHeight }

    /// The lines as drawn (the header, then one per finger), for tests and the log.
    public static func lines(_ s: ReadoutSnapshot) -> [String] {
        var lines = [
            "touches \(s.touches) (max \(s.maxTouches))   \(fixed(s.framesPerSecond, decimals: 0)) frames/s   \(fixed(s.eventsPerFrame, decimals: 1)) events/frame",
            s.shapeSeen ? "contact shape: received" : "contact shape: none received (wl_touch.shape)",
        ]
        for f in s.fingers.prefix(maxFingerLines) {
            var line = "\(f.source == .touchscreen ? "" : f.source.rawValue + " ")\(f.id)  "
            line += "\(fixed(f.location.x, decimals: 1)), \(fixed(f.location.y, decimals: 1))  "
            line += "d \(fixed(f.dx, decimals: 1, sign: true)), \(fixed(f.dy, decimals: 1, sign: true))  "
            line += f.velocity.map { "\(fixed($0, decimals: 0)) px/s  " } ?? "- px/s  "
            line += f.reportRate.map { "\(fixed($0, decimals: 1)) Hz" } ?? "- Hz"
            if let p = f.pressure { line += "  p \(fixed(p, decimals: 2))" }
            if let major = f.major {
                line += "  \(fixed(major, decimals: 0))x\(fixed(f.minor ?? major, decimals: 0))"
                if let o = f.orientation { line += " \(fixed(o, decimals: 0))deg" }
            }
            lines.append(line)
        }
        if s.fingers.count > maxFingerLines { lines.append("and \(s.fingers.count - maxFingerLines) more") }
        return lines
    }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: Color(white: 0.1, alpha: 0.82))
        guard let snapshot else { return }
        for (index, line) in Self.lines(snapshot).enumerated() {
            let rect = Rect(x: 10, y: 6 + Double(index) * Self.lineHeight, width: bounds.width - 20,
                            height: Self.lineHeight)
            let finger = index >= 2 && index - 2 < snapshot.fingers.count ? snapshot.fingers[index - 2] : nil
            let pastSlop = finger.map { ($0.dx * $0.dx + $0.dy * $0.dy).squareRoot() > slop } ?? false
            let color = index < 2 ? Color(red: 1, green: 0.85, blue: 0.3) : pastSlop ? Self.pastSlopColor : .white
            canvas.drawText(line, in: rect, fontSize: 13, color: color, alignment: .left)
        }
    }
}
