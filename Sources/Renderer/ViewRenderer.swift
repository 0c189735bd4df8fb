import CPixman
import TouchCore

/// Draws a view tree into a pixel buffer with pixman, repainting only damaged areas.
///
/// Double buffering means a buffer being drawn again missed the changes drawn into the
/// other one meanwhile, so the caller passes each buffer's own accumulated damage; the
/// renderer clips to it and redraws every view that intersects it, back to front.
public final class ViewRenderer {
    private let font: Font
    /// One canvas for every frame: it keeps the spot masks it has made.
    private let canvas: PixmanCanvas

    public init(font: Font) {
        self.font = font
        canvas = PixmanCanvas(font: font)
    }

    /// The width of `text` in logical px at `fontSize` (measured at 1x; the hinting of
    /// other scales differs by a pixel or two).
    public func textWidth(_ text: String, fontSize: Double) -> Double {
        font.width(of: text, pixelSize: UInt32(max(1, fontSize.rounded())))
    }

    /// Converts logical damage to buffer pixels, rounded outward with one pixel to spare
    /// for antialiased edges, and clipped to the buffer.
    public static func deviceRects(for damage: [Rect], scale: Double, width: Int32, height: Int32)
        -> [PixelRect]
    {
        let s = scale
        return damage.compactMap { rect in
            let x0 = max(0, Int32((rect.minX * s).rounded(.down)) - 1)
            let y0 = max(0, Int32((rect.minY * s).rounded(.down)) - 1)
            let x1 = min(width, Int32((rect.maxX * s).rounded(.up)) + 1)
            let y1 = min(height, Int32((rect.maxY * s).rounded(.up)) + 1)
            guard x1 > x0, y1 > y0 else { return nil }
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// Redraws `window` inside `clip` (buffer pixels) into `buffer` at `scale`.
    public func render(_ window: Window, into buffer: PixelBuffer, scale: Double, clip: [PixelRect]) {
        guard !clip.isEmpty,
              let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, buffer.width, buffer.height,
                                                   buffer.pixels.assumingMemoryBound(to: UInt32.self),
                                                   buffer.stride)
        else { return }
        defer { pixman_image_unref(image) }

        boxes.removeAll(keepingCapacity: true)
        logicalClip.removeAll(keepingCapacity: true)
        let s = scale
        for rect in clip {
            boxes.append(pixman_box32_t(x1: rect.x, y1: rect.y, x2: rect.x + rect.width, y2: rect.y + rect.height))
            logicalClip.append(Rect(x: Double(rect.x) / s, y: Double(rect.y) / s,
                                    width: Double(rect.width) / s, height: Double(rect.height) / s))
        }
        var region = pixman_region32_t()
        boxes.withUnsafeMutableBufferPointer {
            _ = pixman_region32_init_rects(&region, $0.baseAddress, Int32($0.count))
        }
        defer { pixman_region32_fini(&region) }
        pixman_image_set_clip_region32(image, &region)
        canvas.begin(image: image, scale: s)
        // The window fills its bounds with its (opaque) background, so everything damaged
        // is cleared before the views above it are drawn.
        skipsLayers = window.composesLayers
        draw(window, in: canvas, origin: .zero, alpha: 1)
        canvas.end()
    }

    /// Draws `layer` (and its subviews) alone into `buffer`, an ARGB buffer of its own,
    /// cleared to transparent first: its top-left corner at the buffer's origin, at `scale`,
    /// with `alpha` the opacity its ancestors give it.
    /// `offset` (logical px) places the view inside a buffer larger than its frame
    /// (`View.layerExtent`): the drawing is clipped to the view's box there, and only that
    /// box and `dirty` (what an earlier drawing may have left, nil: nothing) are cleared,
    /// so a spot growing in a full-size buffer costs the pixels of its disc, not of the
    /// buffer. Returns the box drawn (buffer pixels), the next drawing's `dirty`.
    @discardableResult
    public func render(layer: View, into buffer: PixelBuffer, scale: Double, alpha: Double, offset: Point = .zero,
                       dirty: PixelRect? = PixelRect(x: 0, y: 0, width: .max, height: .max)) -> PixelRect {
        let box = Self.box(of: Rect(origin: offset, size: layer.frame.size), scale: scale,
                           within: (buffer.width, buffer.height))
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, buffer.width, buffer.height,
                                                   buffer.pixels.assumingMemoryBound(to: UInt32.self),
                                                   buffer.stride)
        else { return box }
        defer { pixman_image_unref(image) }
        var transparent = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        func clear(_ rect: PixelRect) {
            guard rect.width > 0 && rect.height > 0 else { return }
            var rectangle = pixman_rectangle16_t(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y),
                                                 width: UInt16(clamping: rect.width), height: UInt16(clamping: rect.height))
            pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &transparent, 1, &rectangle)
        }
        clear(box)
        if let dirty { clear(Self.clamped(dirty, to: (buffer.width, buffer.height))) }
        if box != PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height) {
            var region = pixman_region32_t()
            pixman_region32_init_rect(&region, box.x, box.y, UInt32(max(0, box.width)), UInt32(max(0, box.height)))
            pixman_image_set_clip_region32(image, &region)
            pixman_region32_fini(&region)
        }
        logicalClip.removeAll(keepingCapacity: true)
        logicalClip.append(Rect(origin: offset, size: layer.frame.size))
        canvas.begin(image: image, scale: scale)
        skipsLayers = false
        draw(layer, in: canvas, origin: Point(x: offset.x - layer.frame.minX, y: offset.y - layer.frame.minY), alpha: alpha)
        canvas.end()
        return box
    }

    /// The whole buffer pixels covering `rect` (logical) at `scale`, inside the buffer.
    static func box(of rect: Rect, scale: Double, within size: (width: Int32, height: Int32)) -> PixelRect {
        let x0 = Int32(clamping: Int((rect.minX * scale).rounded(.down))), y0 = Int32(clamping: Int((rect.minY * scale).rounded(.down)))
        let x1 = Int32(clamping: Int((rect.maxX * scale).rounded(.up))), y1 = Int32(clamping: Int((rect.maxY * scale).rounded(.up)))
        return clamped(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), to: size)
    }

    static func clamped(_ rect: PixelRect, to size: (width: Int32, height: Int32)) -> PixelRect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(size.width, rect.x &+ min(rect.width, size.width)), y1 = min(size.height, rect.y &+ min(rect.height, size.height))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether views that are layers are left out (the window's own buffer, when the
    /// presenter composites them separately).
    private var skipsLayers = false

    /// The damaged rectangles (buffer pixels) as pixman boxes, and in logical px for
    /// culling: reused between frames.
    private var boxes: [pixman_box32_t] = []
    private var logicalClip: [Rect] = []

    /// Draws a view that meets a damaged rectangle (not merely their bounding box: ten
    /// spots far apart leave most of the window undamaged), then its subviews.
    private func draw(_ view: View, in canvas: PixmanCanvas, origin: Point, alpha: Double) {
        guard !view.isHidden, view.drawingAlpha > 0, !(skipsLayers && view.isLayer) else { return }
        let opacity = alpha * view.drawingAlpha
        let frame = view.frame.offsetBy(dx: origin.x, dy: origin.y)
        if logicalClip.contains(where: { frame.intersects($0) }) {
            canvas.origin = frame.origin
            canvas.alpha = opacity
            view.draw(in: canvas)
        }
        for subview in view.subviews {
            draw(subview, in: canvas, origin: frame.origin, alpha: opacity)
        }
    }
}
