/// Trails (key `t`): each finger's recent path as a dot per sample, fading over a second,
/// as Android's pointer trails: the spacing shows the report rate, the wobble the jitter.
/// Over the scene, under the panel; it takes no touches. It fades on a timer of its own
/// that runs only while some dot is still visible, so an idle window stays idle.
public final class TrailsView: Overlay {
    /// How long a sample stays visible.
    public static let lifetime = 1.0
    static let dot = 6.0
    static let color = Color(red: 0.85, green: 0.2, blue: 0.1)

    private struct Sample {
        let point: Point
        let time: Double
    }

    private var trails: [FingerID: [Sample]] = [:]
    /// The clock time the dots' fading is drawn for.
    private var now = 0.0

    /// Fading steps a second: smooth enough for a fade, a quarter of the redraws of 60.
    static let fadeInterval = 1.0 / 15
    private var fadeTimer: Timers.ID?

    init() {
        super.init(name: "Trails", hidden: true)
    }

    /// Shows or hides them (key t); either way they start empty.
    func toggle() {
        isHidden.toggle()
        removeAll()
    }

    override func sceneChanged() { removeAll() }

    override func record(_ frame: TouchFrame) {
        guard !isHidden, !frame.touches.isEmpty, let window else { return }
        record(frame, now: window.clock.now)
        scheduleFade()
    }

    private func scheduleFade() {
        guard fadeTimer == nil, let window else { return }
        fadeTimer = window.timers.schedule(after: Self.fadeInterval) { [unowned self] in
            fadeTimer = nil
            if let now = self.window?.clock.now, fade(now: now) && !isHidden { scheduleFade() }
        }
    }

    /// How many dots are alive, for tests.
    public var sampleCount: Int { trails.values.reduce(0) { $0 + $1.count } }

    func removeAll() {
        for samples in trails.values { damage(samples) }
        trails.removeAll()
    }

    /// A dot for every touch of the frame that began or moved.
    func record(_ frame: TouchFrame, now: Double) {
        self.now = now
        for touch in frame.touches where touch.phase == .began || touch.phase == .moved {
            let sample = Sample(point: convert(touch.location, from: nil), time: now)
            trails[touch.finger, default: []].append(sample)
            damage(dotRect(sample.point))
        }
    }

    /// Drops what is older than the lifetime and redraws what fades; returns whether any
    /// dot is left (then the session calls again).
    func fade(now: Double) -> Bool {
        self.now = now
        for (finger, samples) in trails {
            damage(samples)
            let kept = samples.drop { now - $0.time >= Self.lifetime }
            if kept.isEmpty { trails[finger] = nil } else if kept.count != samples.count { trails[finger] = Array(kept) }
        }
        return !trails.isEmpty
    }

    private func dotRect(_ p: Point) -> Rect {
        Rect(center: p, size: Size(width: Self.dot + 2, height: Self.dot + 2)).offsetBy(dx: frame.minX, dy: frame.minY)
    }

    /// Damages the box around a trail's dots.
    private func damage(_ samples: [Sample]) {
        guard let first = samples.first else { return }
        var box = dotRect(first.point)
        for sample in samples.dropFirst() { box = box.union(dotRect(sample.point)) }
        damage(box)
    }

    public override func draw(in canvas: Canvas) {
        for samples in trails.values {
            for sample in samples {
                let alpha = 1 - (now - sample.time) / Self.lifetime
                guard alpha > 0 else { continue }
                var color = Self.color
                color.alpha = alpha
                canvas.fillEllipse(in: Rect(center: sample.point, size: Size(width: Self.dot, height: Self.dot)),
                                   color: color)
            }
        }
    }
}
