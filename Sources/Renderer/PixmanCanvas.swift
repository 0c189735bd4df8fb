import CPixman
import TouchCore

/// TouchCore's Canvas over a pixman image. Shapes arrive in the drawing view's
/// coordinates; `origin` (logical) and `scale` place them in the buffer.
final class PixmanCanvas: Canvas {
    private var image: OpaquePointer?
    private var scale = 1.0
    private let font: Font
    private var masks = EllipseMaskCache()
    var origin: Point = .zero
    var alpha: Double = 1

    init(font: Font) {
        self.font = font
    }

    /// Starts drawing into `image` (held only until the next begin) at `scale`.
    func begin(image: OpaquePointer, scale: Double) {
        self.image = image
        self.scale = scale
        origin = .zero
        alpha = 1
    }

    /// The image is gone after a frame; nothing may draw into it.
    func end() { image = nil }

    private func pixmanColor(_ color: Color) -> pixman_color_t {
        let a = max(0, min(1, color.alpha * alpha))
        func channel(_ v: Double) -> UInt16 { UInt16((max(0, min(1, v)) * a * 65535).rounded()) }
        return pixman_color_t(red: channel(color.red), green: channel(color.green),
                              blue: channel(color.blue), alpha: UInt16((a * 65535).rounded()))
    }

    /// A logical rect in buffer pixels (may be fractional).
    private func device(_ rect: Rect) -> Rect {
        Rect(x: (origin.x + rect.minX) * scale, y: (origin.y + rect.minY) * scale,
             width: rect.width * scale, height: rect.height * scale)
    }

    private func withSolid(_ color: Color, _ body: (OpaquePointer) -> Void) {
        var c = pixmanColor(color)
        guard c.alpha > 0, let solid = pixman_image_create_solid_fill(&c) else { return }
        body(solid)
        pixman_image_unref(solid)
    }

    func fill(_ rect: Rect, color: Color) {
        let d = device(rect)
        let x0 = Int32(d.minX.rounded()), y0 = Int32(d.minY.rounded())
        let x1 = Int32(d.maxX.rounded()), y1 = Int32(d.maxY.rounded())
        guard x1 > x0, y1 > y0 else { return }
        var c = pixmanColor(color)
        var box = pixman_rectangle16_t(x: Int16(clamping: x0), y: Int16(clamping: y0),
                                       width: UInt16(clamping: x1 - x0),
                                       height: UInt16(clamping: y1 - y0))
        guard let image else { return }
        pixman_image_fill_rectangles(PIXMAN_OP_OVER, image, &c, 1, &box)
    }

    func strokeRect(_ rect: Rect, color: Color, width: Double) {
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width), color: color)
        fill(Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width), color: color)
        fill(Rect(x: rect.minX, y: rect.minY + width, width: width, height: rect.height - 2 * width),
             color: color)
        fill(Rect(x: rect.maxX - width, y: rect.minY + width, width: width,
                  height: rect.height - 2 * width), color: color)
    }

    /// A buffer coordinate pixman can take: finite and within its 16-bit range.
    static func drawable(_ value: Double) -> Bool { value.isFinite && abs(value) < 32_000 }

    /// The widest ellipse drawn, buffer pixels: its mask is 16 MiB.
    static let largestEllipse = 4096.0

    func fillEllipse(in rect: Rect, color: Color) {
        let d = device(rect)
        guard d.width > 0, d.height > 0 else { return }
        // Past pixman's 16-bit coordinates the mask's size and place are no Int32 (a
        // qualify run's 10 mm target at 1e-9 mm per pixel is 1e10 px wide), and past
        // `largestEllipse` its mask would take hundreds of MiB: such an ellipse is not
        // drawn, rather than crash.
        guard Self.drawable(d.minX), Self.drawable(d.minY), d.width <= Self.largestEllipse,
              d.height <= Self.largestEllipse else { return }
        guard let image else { return }
        let mask = masks.mask(for: d)
        withSolid(color) { solid in
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, image, 0, 0, 0, 0,
                                     mask.x, mask.y, mask.width, mask.height)
        }
    }

    /// A fan of triangles from the first point, composited through pixman's A8
    /// rasterizer.
    func fillConvexPolygon(_ points: [Point], color: Color) {
        guard points.count >= 3, let image else { return }
        // pixman's 16.16 fixed point: a point past ±32767 px is no pixman_fixed_t.
        guard points.allSatisfy({ Self.drawable((origin.x + $0.x) * scale) && Self.drawable((origin.y + $0.y) * scale) }) else { return }
        func fixed(_ p: Point) -> pixman_point_fixed_t {
            pixman_point_fixed_t(x: pixman_fixed_t((origin.x + p.x) * scale * 65536),
                                 y: pixman_fixed_t((origin.y + p.y) * scale * 65536))
        }
        triangles.removeAll(keepingCapacity: true)
        let first = fixed(points[0])
        for i in 1..<(points.count - 1) {
            triangles.append(pixman_triangle_t(p1: first, p2: fixed(points[i]), p3: fixed(points[i + 1])))
        }
        withSolid(color) { solid in
            triangles.withUnsafeBufferPointer { tris in
                pixman_composite_triangles(PIXMAN_OP_OVER, solid, image, PIXMAN_a8, 0, 0, 0, 0,
                                           Int32(tris.count), tris.baseAddress)
            }
        }
    }

    /// Reused between polygons.
    private var triangles: [pixman_triangle_t] = []

    func drawText(_ text: String, in rect: Rect, fontSize: Double, color: Color,
                  alignment: TextAlignment) {
        let pixelSize = UInt32(max(1, (fontSize * scale).rounded()))
        let d = device(rect)
        let width = font.width(of: text, pixelSize: pixelSize)
        var penX: Double
        switch alignment {
        case .left: penX = d.minX
        case .center: penX = d.minX + (d.width - width) / 2
        case .right: penX = d.maxX - width
        }
        penX = penX.rounded()
        let (ascender, descender) = font.verticalMetrics(pixelSize: pixelSize)
        let baseline = Int32((d.minY + (d.height + ascender + descender) / 2).rounded())
        guard let image else { return }
        withSolid(color) { solid in
            for scalar in text.unicodeScalars {
                let glyph = font.glyph(scalar, pixelSize: pixelSize)
                if let mask = glyph.mask {
                    pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, image, 0, 0, 0, 0,
                                             Int32(penX) + glyph.left, baseline - glyph.top,
                                             glyph.width, glyph.height)
                }
                penX += glyph.advance
            }
        }
    }
}
