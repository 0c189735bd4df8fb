/// The spot under a pen's tip (docs/pens.md): a disc whose size follows the pressure, so
/// a light touch and a firm one look different, with a dotted line from its centre in
/// the direction the pen leans, as long as the lean is steep. The eraser end draws a
/// square instead, so the two ends of a pen never look alike.
///
/// Unlike a finger's spot it does not grow in: its size is the pen's pressure, redrawn
/// in its own small frame whenever that changes.
public final class PenSpotView: View {
    /// The frame every pen spot keeps: room for the largest disc and the tilt line.
    public static let side = 140.0
    public static let penColor = Color(red: 0.15, green: 0.35, blue: 0.85, alpha: 0.85)
    public static let eraserColor = Color(red: 0.95, green: 0.45, blue: 0.55, alpha: 0.85)

    public let isEraser: Bool
    public private(set) var state: PenState

    public init(touchID: Int32, center: Point, isEraser: Bool, state: PenState) {
        self.isEraser = isEraser
        self.state = state
        super.init(name: "\(isEraser ? "Eraser" : "Pen") \(touchID)",
                   frame: Rect(center: center, size: Size(width: Self.side, height: Self.side)))
        isUserInteractionEnabled = false
        isLayer = true
    }

    /// The disc's (or square's) diameter: 12 px with no pressure, 100 px at full pressure,
    /// 40 px for a tool that reports no pressure at all.
    public static func diameter(pressure: Double?) -> Double {
        guard let pressure else { return 40 }
        return 12 + 88 * max(0, min(1, pressure))
    }

    /// The tilt line's length: none upright, 60 px at 60 degrees or more of lean.
    public static func tiltLength(_ state: PenState) -> Double {
        let x = state.tiltX ?? 0, y = state.tiltY ?? 0
        return min(60, (x * x + y * y).squareRoot())
    }

    /// New axes from a frame; redraws only when what is drawn changes.
    public func update(_ state: PenState) {
        let old = self.state
        self.state = state
        if old.pressure != state.pressure || old.tiltX != state.tiltX || old.tiltY != state.tiltY {
            setNeedsDisplay()
        }
    }

    public override func draw(in canvas: Canvas) {
        let middle = bounds.center
        let d = Self.diameter(pressure: state.pressure)
        let shape = Rect(center: middle, size: Size(width: d, height: d))
        if isEraser {
            canvas.fill(shape, color: Self.eraserColor)
            canvas.strokeRect(shape, color: .darkGray, width: 2)
        } else {
            canvas.fillEllipse(in: shape, color: Self.penColor)
        }
        let length = Self.tiltLength(state)
        guard length >= 4 else { return }
        let x = state.tiltX ?? 0, y = state.tiltY ?? 0
        let norm = (x * x + y * y).squareRoot()
        let step = 6.0
        var travelled = step
        while travelled <= length {
            let p = Point(x: middle.x + x / norm * travelled, y: middle.y + y / norm * travelled)
            canvas.fillEllipse(in: Rect(center: p, size: Size(width: 6, height: 6)), color: .black)
            travelled += step
        }
    }
}
