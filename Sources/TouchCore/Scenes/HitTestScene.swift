/// The hit-test experiment of docs/concepts.md: nested, overlapping views with their names, one hidden,
/// one with interaction disabled, one nearly transparent, and a pass-through view. Only
/// the root, A, handles touches: everything else passes them up the responder chain, and A
/// highlights the view the touch was bound to.
///
/// The layout is fixed in logical px from the window's top-left and needs 800 x 600.
public final class HitTestScene: Scene {
    public let name = SceneName.hittest
    public var onEvent: (SceneEvent) -> Void = { _ in }
    /// The area the experiment owns; nothing else may be drawn over it.
    public static let area = Rect(x: 0, y: 0, width: 800, height: 600)

    /// The experiment's area stays clear of the scene bar.
    public func needsClear(_ rect: Rect) -> Bool { rect.intersects(Self.area) }

    public let root = HitTestRootView()
    public private(set) var views: [String: View] = [:]

    public init() {
        func box(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                 _ color: Color) -> HitTestBox {
            let view = HitTestBox(name: name, frame: Rect(x: x, y: y, width: w, height: h))
            view.backgroundColor = color
            views[name] = view
            return view
        }
        let b = box("B", 40, 100, 300, 300, Color(red: 0.80, green: 0.88, blue: 1.0))
        let f = PassThroughView(name: "F", frame: Rect(x: 20, y: 20, width: 120, height: 60))
        f.backgroundColor = Color(red: 0.85, green: 0.95, blue: 0.85)
        views["F"] = f
        let b1 = box("B1", 200, 200, 80, 80, Color(red: 0.65, green: 0.78, blue: 1.0))
        let c = box("C", 300, 140, 400, 360, Color(red: 1.0, green: 0.88, blue: 0.80))
        let d = box("D", 20, 20, 150, 150, Color(red: 1.0, green: 0.76, blue: 0.65))
        let e = box("E", 200, 20, 150, 150, Color(red: 1.0, green: 0.76, blue: 0.65))
        let hidden = box("Hidden", 20, 200, 100, 60, Color(white: 0.6))
        hidden.isHidden = true
        let disabled = box("Disabled", 140, 200, 100, 60, Color(white: 0.6))
        disabled.isUserInteractionEnabled = false
        disabled.faint = true
        let faint = box("Faint", 260, 200, 100, 60, Color(white: 0.6))
        faint.alpha = 0.005
        faint.faint = true
        views["A"] = root
        root.addSubview(b)
        b.addSubview(f)
        b.addSubview(b1)
        root.addSubview(c)
        for view in [d, e, hidden, disabled, faint] { c.addSubview(view) }
    }

    public func install(in window: Window) {
        window.addSubview(root)
        layout(in: window)
    }

    public func layout(in window: Window) {
        root.frame = window.bounds
    }

}

/// A: the whole window, the only view that handles touches. It highlights the view each
/// new touch was bound to (the last one stays highlighted).
public final class HitTestRootView: View {
    /// Weak: it may be A itself.
    public private(set) weak var highlighted: View?

    init() {
        super.init(name: "A")
        backgroundColor = Color(white: 0.97)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchFrame) -> Bool {
        if let touch = touches.last, let bound = window?.view(for: touch) {
            (highlighted as? Highlightable)?.isHighlighted = false
            highlighted = bound
            (bound as? Highlightable)?.isHighlighted = true
            setNeedsDisplay()
        }
        return true
    }
    public override func touchesMoved(_ touches: [Touch], with event: TouchFrame) -> Bool { true }
    public override func touchesEnded(_ touches: [Touch], with event: TouchFrame) -> Bool { true }
    public override func touchesCancelled(_ touches: [Touch], with event: TouchFrame) -> Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: highlighted === self ? HitTestBox.highlight : backgroundColor!)
        canvas.drawText("A", in: Rect(x: 10, y: 8, width: 200, height: 24), fontSize: 16,
                        color: .black, alignment: .left)
        canvas.drawText("Touch anywhere: the view the touch is bound to lights up",
                        in: Rect(x: 40, y: 40, width: 700, height: 24), fontSize: 14,
                        color: .darkGray, alignment: .left)
    }
}

protocol Highlightable: AnyObject {
    var isHighlighted: Bool { get set }
}

/// A named, bordered box of the experiment.
public class HitTestBox: View, Highlightable {
    static let highlight = Color(red: 1.0, green: 0.85, blue: 0.2)

    /// Drawn at reduced strength to show it does not receive touches (Disabled, Faint).
    var faint = false
    var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// Faint's alpha of 0.005 keeps it out of hit-testing; it is drawn at 0.35 so a person
    /// can see why touching it reaches C.
    public override var drawingAlpha: Double { faint && alpha <= 0.01 ? 0.35 : alpha }

    public override func draw(in canvas: Canvas) {
        let fill = isHighlighted ? Self.highlight : (backgroundColor ?? .white)
        canvas.fill(bounds, color: faint ? fill.withAlpha(0.45) : fill)
        canvas.strokeRect(bounds, color: faint ? Color(white: 0.5) : Color(white: 0.25), width: 1.5)
        canvas.drawText(name, in: Rect(x: 6, y: 4, width: bounds.width - 12, height: 20),
                        fontSize: 14, color: faint ? Color(white: 0.35) : .black, alignment: .left)
        if faint {
            canvas.drawText("gets no touches", in: Rect(x: 6, y: 26, width: bounds.width - 12, height: 16),
                            fontSize: 11, color: Color(white: 0.35), alignment: .left)
        }
    }
}

/// The hit-test experiment's pass-through view ("View D" in docs/concepts.md): touches pass through this view to its parent, though they
/// still reach its subviews.
public final class PassThroughView: HitTestBox {
    public override func hitTest(_ point: Point, visit: (View) -> Void = { _ in }) -> View? {
        let hit = super.hitTest(point, visit: visit)
        return hit === self ? nil : hit
    }

    public override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        canvas.drawText("passes touches to B", in: Rect(x: 6, y: 30, width: bounds.width - 12, height: 18),
                        fontSize: 11, color: .darkGray, alignment: .left)
    }
}
