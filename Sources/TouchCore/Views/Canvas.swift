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
