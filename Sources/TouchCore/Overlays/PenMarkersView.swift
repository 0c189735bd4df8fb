/// The markers of pens hovering over the window (in proximity, tip up), one small
/// crosshair per tool, above every scene; a tool that leaves proximity or touches down
/// loses its marker. Takes no touches.
public final class PenMarkersView: Overlay {
    private var markers: [Int32: PenHoverMarker] = [:]

    init() {
        super.init(name: "PenMarkers", hidden: false, abovesLayers: false)
    }

    /// How many tools are shown hovering.
    public var count: Int { markers.count }

    /// What a pen frame changed.
    override func record(_ frame: TouchFrame) {
        guard !frame.hovers.isEmpty || frame.touches.first?.source.isPen == true else { return }
        for touch in frame.touches where touch.source.isPen {
            markers.removeValue(forKey: touch.id)?.removeFromSuperview()
        }
        for hover in frame.hovers {
            switch hover.phase {
            case .out:
                markers.removeValue(forKey: hover.id)?.removeFromSuperview()
            case .hover:
                let point = convert(hover.location, from: nil)
                if let marker = markers[hover.id] {
                    marker.center = point
                } else {
                    let marker = PenHoverMarker(center: point, isEraser: hover.source == .eraser)
                    markers[hover.id] = marker
                    addSubview(marker)
                }
            }
        }
    }

    override func sceneChanged() { removeAll() }

    func removeAll() {
        for marker in markers.values { marker.removeFromSuperview() }
        markers.removeAll()
    }
}

/// A hovering pen: a thin crosshair with a hollow centre (a small square for the eraser).
final class PenHoverMarker: View {
    static let side = 24.0
    let isEraser: Bool

    init(center: Point, isEraser: Bool) {
        self.isEraser = isEraser
        super.init(name: "Hover", frame: Rect(center: center, size: Size(width: Self.side, height: Self.side)))
        isUserInteractionEnabled = false
    }

    override func draw(in canvas: Canvas) {
        let color = isEraser ? PenSpotView.eraserColor : PenSpotView.penColor
        let s = Self.side, m = s / 2
        canvas.fill(Rect(x: 0, y: m - 1, width: m - 4, height: 2), color: color)
        canvas.fill(Rect(x: m + 4, y: m - 1, width: m - 4, height: 2), color: color)
        canvas.fill(Rect(x: m - 1, y: 0, width: 2, height: m - 4), color: color)
        canvas.fill(Rect(x: m - 1, y: m + 4, width: 2, height: m - 4), color: color)
        canvas.strokeRect(Rect(x: m - 4, y: m - 4, width: 8, height: 8), color: color, width: 1)
    }
}
