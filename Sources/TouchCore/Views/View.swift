/// A rectangle in a tree of views, after UIKit's UIView: it draws itself, takes part in
/// hit-testing and receives the touches bound to it.
///
/// Geometry is kept as `frame` in the superview's coordinates; `bounds` always has a zero
/// origin (no scrolling views here). Any change that alters what is on screen reports the
/// old and the new area to the window as damage, so the renderer repaints only those.
open class View: Responder {
    /// Unowned, not weak: a weak reference gives the view it points to a side table, and
    /// then every retain and release of that view (delivery and damage walk up the tree
    /// for every moving spot on every frame) takes the runtime's slow path: 17 % more of
    /// the touch path's instructions (docs/design/performance.md, "Performance devices"). Checked
    /// unowned costs no more than unchecked. A view's superview holds it in `subviews`, so
    /// it cannot outlive its superview while attached; detaching and the superview's
    /// deinit clear it.
    public private(set) unowned var superview: View?
    public private(set) var subviews: [View] = []

    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            // A layer that only moved keeps its pixels: the compositor moves them. A layer
            // inside another is drawn as part of it, so its move is a change of that one's look.
            if isLayer, let window = shownLayerWindow {
                if frame.size != oldValue.size { contentVersion &+= 1 }
                window.layersChanged = true
            } else {
                damage(oldValue)
                setNeedsDisplay()
                // Its subviews moved with it, and any layer among them: the presenter's
                // walk must find their new places. Its damage does not say so: damage can
                // be taken after the presenter looked, in the same pass (an animation
                // stepped as the frame is drawn), and a move of empty frames adds none;
                // and the layers moved, so a pass is due even with nothing else to draw.
                if frame.origin != oldValue.origin, !subviews.isEmpty, let window {
                    window.layerTreeChanged = true
                    if window.composesLayers { window.layersChanged = true }
                }
            }
        }
    }
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
    public var center: Point {
        get { frame.center }
        set { frame = Rect(center: newValue, size: frame.size) }
    }

    public var isHidden = false {
        didSet { if isHidden != oldValue { damage(frame, includingHidden: true); markLayerTreeChanged() } }
    }
    public var alpha: Double = 1 {
        didSet { if alpha != oldValue { setNeedsDisplay(); markLayerTreeChanged() } }
    }
    public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }
    public var isUserInteractionEnabled = true
    /// Whether this view, with its subviews, may be composited on its own above the rest of
    /// the window, when the window composes layers (docs/architecture.md, "Drawing"): its pixels are drawn
    /// once per look into a buffer of their own and moved by the compositor, so a move costs
    /// no drawing. Only for views nothing else is drawn over and whose content does not
    /// depend on what lies below (the touch spots).
    public var isLayer = false {
        didSet { if isLayer != oldValue { markLayerTreeChanged() } }
    }
    /// Whether this view, while shown, must be drawn above the layers (trails, the
    /// instrument panel, help, the anomaly banner: what a spot must never cover). Layers
    /// can only lie above the window's buffer, so while such a view is shown the window
    /// draws its layers into its own buffer instead (LayerPresenter.update decides).
    public var keepsAboveLayers = false {
        didSet { if keepsAboveLayers != oldValue { markLayerTreeChanged() } }
    }
    /// Bumped whenever a layer's pixels change (not when it only moves): the presenter
    /// redraws a layer whose version differs from the one it drew.
    public internal(set) var contentVersion = 0
    /// UIKit's default is false: such a view is given one touch at a time.
    public var isMultipleTouchEnabled = false

    public init(name: String, frame: Rect = .zero) {
        self.frame = frame
        super.init(name: name)
    }

    /// Tells the window that the tree changed where the presenter's walk for layers looks
    /// (Window.layerTreeChanged lists what does).
    private func markLayerTreeChanged() {
        window?.layerTreeChanged = true
    }

    /// Subviews held elsewhere outlive this view: they must not keep pointing at it.
    deinit {
        for view in subviews { view.superview = nil }
    }

    /// The superview, as UIView's next responder when no view controller is involved.
    open override var nextResponder: Responder? { superview }

    /// The opacity the renderer uses. Normally `alpha`; a view may show itself more
    /// strongly than it hit-tests (the HitTest scene's nearly transparent view).
    open var drawingAlpha: Double { alpha }

    // MARK: Tree

    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        view.setNeedsDisplay()
        markLayerTreeChanged()
    }

    /// Inserts `view` behind the subviews at and after `index`.
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.setNeedsDisplay()
        markLayerTreeChanged()
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        setNeedsDisplay()
        parent.markLayerTreeChanged()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether this view is a `Window` (set by its init): the walks up the tree below run
    /// for every moving spot on every frame, and testing a stored flag costs less than a
    /// dynamic cast at every step.
    var isWindowRoot = false

    /// The window this view is in, if any.
    public var window: Window? {
        var view: View = self
        while true {
            if view.isWindowRoot { return unsafeDowncast(view, to: Window.self) }
            guard let next = view.superview else { return nil }
            view = next
        }
    }

    // MARK: Coordinates

    /// This view's origin in window coordinates.
    public var originInWindow: Point {
        var p = frame.origin
        var parent = superview
        while let v = parent, !v.isWindowRoot {
            p.x += v.frame.minX; p.y += v.frame.minY
            parent = v.superview
        }
        return p
    }

    /// Converts a point in this view's coordinates to `view`'s (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let me = originInWindow
        let other = view?.originInWindow ?? .zero
        return Point(x: point.x + me.x - other.x, y: point.y + me.y - other.y)
    }

    /// Converts a point in `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        (view ?? window ?? self).convert(point, to: self)
    }

    // MARK: Hit-testing (docs/concepts.md)

    /// Whether `point` (in this view's coordinates) is inside it.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    /// Whether this view can receive touches at all: not hidden, interaction enabled and
    /// alpha above 0.01, as UIKit decides.
    public var acceptsTouches: Bool {
        !isHidden && isUserInteractionEnabled && alpha > 0.01
    }

    /// Reverse depth-first search for the frontmost view containing `point` (in this
    /// view's coordinates). `visit` is told of every view whose hitTest returned, in the
    /// order they returned, which is what the HitTest scene logs.
    open func hitTest(_ point: Point, visit: (View) -> Void = { _ in }) -> View? {
        defer { visit(self) }
        guard acceptsTouches, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            let converted = Point(x: point.x - subview.frame.minX, y: point.y - subview.frame.minY)
            if let hit = subview.hitTest(converted, visit: visit) { return hit }
        }
        return self
    }

    // MARK: Drawing

    /// For a layer whose animation grows it: the size it grows to. Its buffer is made that
    /// size once and the view drawn centred in it, so each step of the growth is a redraw
    /// into a buffer the layer already has, not a new wl_buffer (issue 40: a ten-finger
    /// landing made about a hundred). nil: the layer's buffer is its frame's size.
    open var layerExtent: Size? { nil }

    /// Draws this view's own content (not its subviews) in its own coordinates.
    /// The default fills the background colour.
    open func draw(in canvas: Canvas) {
        if let color = backgroundColor { canvas.fill(bounds, color: color) }
    }

    /// Marks the whole view as needing to be redrawn.
    public func setNeedsDisplay() {
        damage(frame)
    }

    /// The window, when this view is in one that composes layers and no ancestor is a
    /// layer (this view, if a layer, is then shown on a layer of its own).
    var shownLayerWindow: Window? {
        guard var view = superview else { return nil }
        while !view.isWindowRoot {
            guard !view.isLayer, let next = view.superview else { return nil }
            view = next
        }
        let window = unsafeDowncast(view, to: Window.self)
        return window.composesLayers ? window : nil
    }

    /// Reports `rect` (in the superview's coordinates) as changed, unless hidden: to the
    /// outermost layer (this view or an ancestor: a layer inside a layer is drawn as part
    /// of it) when the window composes layers, else to the window as damage in its
    /// coordinates. One walk up the tree finds the layer, the window and the offset; it
    /// runs for every moving spot on every frame.
    func damage(_ rect: Rect, includingHidden: Bool = false) {
        guard includingHidden || !isHidden, var view = superview else { return }
        var layer: View? = isLayer ? self : nil
        var origin = Point.zero
        while !view.isWindowRoot {
            if view.isLayer { layer = view }
            origin.x += view.frame.minX
            origin.y += view.frame.minY
            guard let next = view.superview else { return }  // not in a window
            view = next
        }
        let window = unsafeDowncast(view, to: Window.self)
        if let layer, window.composesLayers {
            layer.contentVersion &+= 1
            window.layersChanged = true
        } else {
            window.addDamage(rect.offsetBy(dx: origin.x, dy: origin.y))
        }
    }

}
