/// What a view may draw with. The renderer implements it over pixman; the core only
/// describes shapes, so it stays free of C imports and testable with a recording canvas.
/// Every rectangle is in the drawing view's own coordinates: the renderer applies the
/// view's position, the window's scale and the view's inherited alpha.
public protocol Canvas: AnyObject {
    func fill(_ rect: Rect, color: Color)
    func fillEllipse(in rect: Rect, color: Color)
    func strokeRect(_ rect: Rect, color: Color, width: Double)
    /// Fills a convex polygon (a rotated ellipse drawn as one, say), antialiased.
    func fillConvexPolygon(_ points: [Point], color: Color)
    /// Draws a single line of text inside `rect`, vertically centred.
    func drawText(_ text: String, in rect: Rect, fontSize: Double, color: Color,
                  alignment: TextAlignment)
}

public enum TextAlignment: Sendable {
    case left, center, right
}

extension Canvas {
    /// A straight line `width` wide from `a` to `b`, as one quad (butt ends): the strokes a
    /// lesson draws and the qualify guides.
    public func fillLine(from a: Point, to b: Point, width: Double, color: Color) {
        let length = a.distance(to: b)
        guard length > 0 else { return }
        let nx = -(b.y - a.y) / length * width / 2, ny = (b.x - a.x) / length * width / 2
        fillConvexPolygon([Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
                           Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny)], color: color)
    }
}
