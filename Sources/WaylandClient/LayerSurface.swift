import CWaylandClient
import CWaylandProtocols
import TouchCore

/// A wl_subsurface of the window's surface showing one separately composited view (a
/// touch spot): its buffer is drawn when the view's look changes, and a move is one
/// set_position, so the compositor moves the pixels and the client draws none.
///
/// It stays in the default synchronized mode: its commits and position take effect with
/// the next commit of the window's surface, so spots and the window change together in
/// one frame. Its input region is empty, so touches, pens and the pointer keep going to
/// the window's own surface (the only one touchspots takes input on).
public final class LayerSurface {
    public let proxy: OpaquePointer
    private let subsurface: OpaquePointer
    private let registry: Registry
    private var viewport: OpaquePointer?
    private var buffers: [LayerBuffer] = []
    /// Two would do where the compositor releases a buffer as soon as the next one is
    /// committed (weston); a third covers one that holds it until it has repainted.
    public static let maxBuffers = 3

    public init?(registry: Registry, parent: Surface) {
        guard let subcompositor = registry.subcompositor, let compositor = registry.compositor else { return nil }
        self.registry = registry
        proxy = wl_compositor_create_surface(compositor)
        subsurface = wl_subcompositor_get_subsurface(subcompositor, proxy, parent.proxy)
        let region = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(proxy, region)
        wl_region_destroy(region)
    }

    deinit {
        if let viewport { wp_viewport_destroy(viewport) }
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(proxy)
        buffers.removeAll()
    }

    /// Takes `buffer` (made with `LayerBuffer(registry:reserving:)`) as one of its own.
    public func adopt(_ buffer: LayerBuffer) {
        guard buffers.count < Self.maxBuffers else { return }
        buffers.append(buffer)
    }

    /// A buffer the compositor does not hold, made `width` x `height` (buffer pixels);
    /// nil when every one is held.
    public func freeBuffer(width: Int32, height: Int32) throws -> LayerBuffer? {
        var buffer = buffers.first { !$0.isBusy }
        if buffer == nil, buffers.count < Self.maxBuffers {
            buffer = LayerBuffer(registry: registry)
            buffers.append(buffer!)
        }
        try buffer?.resize(width: width, height: height)
        return buffer
    }

    /// Shows `buffer` (drawn) at `scale`; `logicalSize` is its size on screen, which a
    /// viewport maps it onto when the scale is fractional.
    ///
    /// A layer declares no opaque region. A spot's disc once declared three bands inside
    /// it opaque, so that the compositor could copy them rather than blend; on headless
    /// weston 10 (pixman) that cost weston about a tenth more CPU on the ten-finger stream
    /// (likely because the bands split every spot's and the window's repaint into many
    /// small rectangles), and set a new region at each step of a growth (docs/design/performance.md,
    /// "No opaque bands in the spots").
    public func show(_ buffer: LayerBuffer, scale: Double, usesViewport: Bool,
                     logicalSize: (width: Int32, height: Int32)) {
        if usesViewport, let viewporter = registry.viewporter {
            if viewport == nil { viewport = wp_viewporter_get_viewport(viewporter, proxy) }
            wl_surface_set_buffer_scale(proxy, 1)
            wp_viewport_set_destination(viewport, logicalSize.width, logicalSize.height)
        } else {
            if let viewport { wp_viewport_set_destination(viewport, -1, -1) }
            wl_surface_set_buffer_scale(proxy, Int32(scale))
        }
        wl_surface_attach(proxy, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(proxy, 0, 0, buffer.width, buffer.height)
        buffer.isBusy = true
        wl_surface_commit(proxy)
    }

    /// Places the layer's top-left corner at (`x`, `y`) in the window's surface
    /// coordinates, from the window's next commit.
    public func move(x: Int32, y: Int32) {
        wl_subsurface_set_position(subsurface, x, y)
    }

    /// Stacks the layer right above `sibling` (the window's surface or another layer).
    public func place(above sibling: OpaquePointer) {
        wl_subsurface_place_above(subsurface, sibling)
    }

    /// Takes the layer off the screen (no buffer), from the window's next commit; it may
    /// be shown again later for another view.
    public func hide() {
        wl_surface_attach(proxy, nil, 0, 0)
        wl_surface_commit(proxy)
    }
}
