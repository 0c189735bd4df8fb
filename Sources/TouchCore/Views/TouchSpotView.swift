/// The light-grey disc under a finger (docs/concepts.md). It grows from 1 x 1 to full size when
/// it appears and takes no part in hit-testing, so touches always reach the view below.
public final class TouchSpotView: View {
    public static let diameter = 100.0
    public static let growDuration = 0.2

    public var color: Color = .lightGray { didSet { setNeedsDisplay() } }

    public init(touchID: Int32, center: Point) {
        super.init(name: "Spot \(touchID)",
                   frame: Rect(center: center, size: Size(width: 1, height: 1)))
        isUserInteractionEnabled = false
    }

    /// Starts the growth animation; the centre may move meanwhile.
    func grow(using animator: Animator) {
        let start = 1.0, end = Self.diameter
        animator.animate(duration: Self.growDuration) { [weak self] t in
            guard let self else { return }
            let d = start + (end - start) * t
            self.frame = Rect(center: self.center, size: Size(width: d, height: d))
        }
    }

    public override func draw(in canvas: Canvas) {
        canvas.fillEllipse(in: bounds, color: color)
    }
}
