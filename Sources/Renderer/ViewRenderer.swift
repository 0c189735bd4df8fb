import CPixman
import TouchCore

/// Draws a view tree into a pixel buffer with pixman, repainting only damaged areas.
///
/// Double buffering means a buffer being drawn again missed the changes drawn into the
/// other one meanwhile, so the caller passes each buffer's own accumulated damage; the
/// renderer clips to it and redraws every view that intersects it, back to front.
public final class ViewRenderer {
    private let font: Font
    private var ellipseMasks = EllipseMaskCache()

    public init(font: Font) {
        self.font = font
    }

    /// The width of `text` in logical px at `fontSize` (measured at 1x; the hinting of
    /// other scales differs by a pixel or two).
    public func textWidth(_ text: String, fontSize: Double) -> Double {
        font.width(of: text, pixelSize: UInt32(max(1, fontSize.rounded())))
    }

    /// Converts logical damage to buffer pixels, rounded outward with one pixel to spare
    /// for antialiased edges, and clipped to the buffer.
    public static func deviceRects(for damage: [Rect], scale: Double, width: Int32, height: Int32)
        -> [DeviceRect]
    {
        let s = scale
        return damage.compactMap { rect in
            let x0 = max(0, Int32((rect.minX * s).rounded(.down)) - 1)
            let y0 = max(0, Int32((rect.minY * s).rounded(.down)) - 1)
            let x1 = min(width, Int32((rect.maxX * s).rounded(.up)) + 1)
            let y1 = min(height, Int32((rect.maxY * s).rounded(.up)) + 1)
            guard x1 > x0, y1 > y0 else { return nil }
            return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// Redraws `window` inside `clip` (buffer pixels) into `buffer` at `scale`.
    public func render(_ window: Window, into buffer: PixelBuffer, scale: Double, clip: [DeviceRect]) {
        guard !clip.isEmpty,
              let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, buffer.width, buffer.height,
                                                   buffer.pixels.assumingMemoryBound(to: UInt32.self),
                                                   buffer.stride)
        else { return }
        defer { pixman_image_unref(image) }

        var boxes = clip.map {
            pixman_box32_t(x1: $0.x, y1: $0.y, x2: $0.x + $0.width, y2: $0.y + $0.height)
        }
        var region = pixman_region32_t()
        pixman_region32_init_rects(&region, &boxes, Int32(boxes.count))
        defer { pixman_region32_fini(&region) }
        pixman_image_set_clip_region32(image, &region)
        let extents = pixman_region32_extents(&region)!.pointee
        let s = scale
        let logicalClip = Rect(x: Double(extents.x1) / s, y: Double(extents.y1) / s,
                               width: Double(extents.x2 - extents.x1) / s,
                               height: Double(extents.y2 - extents.y1) / s)
        let canvas = PixmanCanvas(image: image, scale: s, font: font, masks: ellipseMasks)
        // The window fills its bounds with its (opaque) background, so everything damaged
        // is cleared before the views above it are drawn.
        draw(window, in: canvas, origin: .zero, alpha: 1, clip: logicalClip)
        ellipseMasks = canvas.masks
    }

    private func draw(_ view: View, in canvas: PixmanCanvas, origin: Point, alpha: Double,
                      clip: Rect) {
        guard !view.isHidden, view.drawingAlpha > 0 else { return }
        let opacity = alpha * view.drawingAlpha
        let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
        if frame.intersects(clip) {
            canvas.origin = frame.origin
            canvas.alpha = opacity
            view.draw(in: canvas)
        }
        for subview in view.subviews {
            draw(subview, in: canvas, origin: frame.origin, alpha: opacity, clip: clip)
        }
    }
}
