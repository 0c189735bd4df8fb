/// The root of a view tree, bound to one on-screen surface. It gathers damage, runs
/// animations against the injected clock and hands touch frames to the views they are
/// bound to.
public final class Window: View {
    public let clock: Clock
    public let animator: Animator
    public let timers: Timers
    private(set) var damage: [Rect] = []
    /// What the last takeDamage returned; swapped with `damage` so neither is reallocated.
    private var takenDamage: [Rect] = []
    /// Touch bindings live here rather than in the extension that uses them.
    var bindings = FingerTable<View>()
    let dispatchBuffers = DispatchBuffers()
    /// Unowned, not weak: the session owns both the window and its observer, and a weak
    /// reference would send every retain of the observer through the runtime's slow path
    /// (View.superview says more).
    unowned var touchObserver: TouchObserver?
    /// The end of the responder chain.
    public let application = Application()
    /// Width of a line of text in logical px at a font size, from the renderer's font; lets
    /// a label damage only its text. Without it labels damage their whole frame.
    public var measureText: ((String, Double) -> Double)?
    /// Whether layers may be composited on their own at all (set by a presenter that can:
    /// one with subsurfaces).
    public var allowsLayers = false
    /// Whether views marked `isLayer` are composited on their own now: when allowed and no
    /// view that `keepsAboveLayers` is shown (the presenter sets it before each frame).
    /// Otherwise they are drawn into the window like any view.
    public var composesLayers = false {
        didSet { if composesLayers != oldValue { damage = [bounds]; layersChanged = true } }
    }
    /// Whether a layer appeared, moved, changed or went since the presenter last looked.
    public var layersChanged = false
    /// Whether the tree changed where the presenter's walk for layers looks since it last
    /// walked: a view added or removed, shown or hidden, its alpha, `isLayer` or
    /// `keepsAboveLayers` changed, or a view with subviews moved (its layers moved with
    /// it). Without it (and with no damage) the layers are the same views, and only their
    /// own frames can have moved, so the presenter moves them without walking the tree
    /// (issue 40: on the ten-finger stream, 1.4 k of a frame's 121.9 k instructions, 35
    /// retains and 35 releases; docs/design/performance.md, "The panel's latency line and
    /// the layer walk"). The presenter clears it.
    public var layerTreeChanged = true

    public init(size: Size, clock: Clock) {
        self.clock = clock
        self.animator = Animator(clock: clock)
        self.timers = Timers(clock: clock)
        super.init(name: "Window", frame: Rect(origin: .zero, size: size))
        isWindowRoot = true
        backgroundColor = .white
        damage = [bounds]
    }

    public override var nextResponder: Responder? { application }

    public var size: Size {
        get { frame.size }
        set {
            guard newValue != frame.size else { return }
            frame = Rect(origin: .zero, size: newValue)
            damage = [bounds]
        }
    }

    /// Records a changed area in window coordinates.
    public func addDamage(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        // Collapse into an existing rect when it already covers the new one, so a spot
        // that does not move between frames adds nothing.
        if damage.contains(where: { $0.union(clipped) == $0 }) { return }
        damage.append(clipped)
    }

    /// Marks everything as changed (first frame, new buffer, new scale).
    public func damageAll() { damage = [bounds] }

    /// Whether something must be drawn: damage is pending or an animation is running.
    public var needsRedraw: Bool { !damage.isEmpty || animator.isRunning || layersChanged }

    /// Whether some area of the window's own buffer must be repainted (layers aside).
    public var hasDamage: Bool { !damage.isEmpty }

    /// Advances animations to the clock's time (what they change becomes damage or layer
    /// changes).
    public func stepAnimations() { animator.step() }

    /// Advances animations to the clock's time and returns the damage to repaint,
    /// clearing it. The renderer calls this right before drawing.
    public func takeDamage() -> [Rect] {
        animator.step()
        Self.merge(&damage)
        takenDamage.removeAll(keepingCapacity: true)
        swap(&damage, &takenDamage)
        return takenDamage
    }

    /// Joins rectangles whose bounding box covers no more than the two of them do apart
    /// (a moving spot's old and new place, say), until no pair qualifies: fewer, larger
    /// rectangles to repaint and to send, never more pixels. In place, allocation-free.
    public static func merge(_ rects: inout [Rect]) {
        var i = 0
        while i < rects.count {
            var joined = false
            var j = i + 1
            while j < rects.count {
                let a = rects[i], b = rects[j]
                let box = a.union(b)
                if box.width * box.height <= a.width * a.height + b.width * b.height {
                    rects[i] = box
                    rects.swapAt(j, rects.count - 1)
                    rects.removeLast()
                    joined = true
                } else {
                    j += 1
                }
            }
            // A grown rectangle may now take in ones it was checked against before.
            if !joined { i += 1 }
        }
    }
}
