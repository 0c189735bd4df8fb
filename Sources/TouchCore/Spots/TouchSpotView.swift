/// The light-grey disc under a finger (docs/concepts.md). It grows from 1 x 1 to full size when
/// it appears and takes no part in hit-testing, so touches always reach the view below.
public final class TouchSpotView: View {
    public static let diameter = 100.0
    public static let growDuration = 0.2

    public var color: Color = .lightGray { didSet { setNeedsDisplay() } }

    /// The finger's contact ellipse, when the compositor sends wl_touch.shape: its axes
    /// in surface px and the major axis' clockwise angle from the surface's +y axis, in
    /// degrees (wl_touch.orientation; 0 when none came). Drawn over the disc, darker.
    public struct Contact: Equatable, Sendable {
        public var major: Double, minor: Double, orientation: Double

        public init(major: Double, minor: Double, orientation: Double) {
            self.major = major
            self.minor = minor
            self.orientation = orientation
        }
    }
    public var contact: Contact? {
        didSet { if contact != oldValue { setNeedsDisplay() } }
    }
    public static let contactColor = Color(white: 0.35, alpha: 0.8)

    public init(touchID: Int32, center: Point) {
        super.init(name: "Spot \(touchID)",
                   frame: Rect(center: center, size: Size(width: 1, height: 1)))
        isUserInteractionEnabled = false
        isLayer = true
    }

    /// The growth animation while it runs. The animator is the window's and outlives the
    /// spot; held strongly, it would make a cycle with the animation, which holds the spot
    /// (a leak LeakSanitizer found when touchspots ended while a spot grew).
    private struct Growth {
        unowned let animator: Animator
        let id: Int
    }
    private var growth: Growth?

    /// Starts the growth animation; the centre may move meanwhile. The animation holds
    /// the spot until it ends or `stopGrowing` cancels it: a weak reference would give
    /// every spot a side table, and every retain of a spot would then take the runtime's
    /// slow path (View.superview says more).
    func grow(using animator: Animator) {
        let start = 1.0, end = Self.diameter
        let id = animator.animate(duration: Self.growDuration, update: { [self] t in
            let d = start + (end - start) * t
            self.frame = Rect(center: self.center, size: Size(width: d, height: d))
        }, completion: { [self] in growth = nil })
        growth = Growth(animator: animator, id: id)
    }

    /// While it grows, its layer's buffer is the full disc's (View.layerExtent says why).
    public override var layerExtent: Size? {
        growth == nil ? nil : Size(width: Self.diameter, height: Self.diameter)
    }

    /// A spot lifted while growing in stops growing: off screen, its steps would only
    /// keep the window committing frames that change nothing.
    func stopGrowing() {
        guard let growth else { return }
        self.growth = nil
        growth.animator.cancel(growth.id)
    }

    public override func draw(in canvas: Canvas) {
        canvas.fillEllipse(in: bounds, color: color)
        if let contact {
            canvas.fillConvexPolygon(Self.ellipse(contact, at: bounds.center, within: bounds.width - 2),
                                     color: Self.contactColor)
        }
    }

    /// The contact ellipse as a 32-sided polygon, scaled down if need be to fit `limit`
    /// (the spot's frame is all it may draw in). The major axis points along +y turned
    /// clockwise (on screen, y down) by the orientation: (-sin a, cos a).
    static func ellipse(_ contact: Contact, at center: Point, within limit: Double) -> [Point] {
        let fit = contact.major > limit && contact.major > 0 ? max(0, limit) / contact.major : 1
        let sine = cosineOfDegrees(90 - contact.orientation), cosine = cosineOfDegrees(contact.orientation)
        let major = (x: -sine, y: cosine), minor = (x: cosine, y: sine)
        return (0..<32).map { i in
            let t = Double(i) * 360 / 32
            let u = cosineOfDegrees(t) * contact.major / 2 * fit
            let v = cosineOfDegrees(90 - t) * contact.minor / 2 * fit
            return Point(x: center.x + u * major.x + v * minor.x, y: center.y + u * major.y + v * minor.y)
        }
    }
}
