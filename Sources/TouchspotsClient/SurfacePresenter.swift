import Renderer
import TouchCore
import WaylandClient

/// Draws the window into the buffer pool's wl_shm buffers and commits them: input at once,
/// even with a frame callback pending (so a touch reaches the compositor's next repaint),
/// what only animations changed at most once per frame callback, nothing while nothing
/// changes, damage limited to what changed.
final class SurfacePresenter {
    private let surface: Surface
    private let renderer: ViewRenderer
    private let pool: BufferPool
    /// The touch spots' subsurfaces, when the window composes layers.
    private let layers: LayerPresenter
    private var scale = 0.0
    private let display: Display
    /// Layer buffers made ahead for the first spots: ten fingers.
    private static let reservedLayerBuffers = 10
    /// Whether the pool's second buffer was made, after the window's first frame.
    private var madeSpareBuffer = false

    /// What the presenter tells its owner (the app), as one protocol, as `Toplevel.Owner`
    /// is for the window: a reader finds every call out of the presenter by its
    /// conformance.
    protocol Owner: AnyObject {
        /// Right before each commit of the window's surface: presentation feedback must be
        /// asked for then (`LatencyMeter.willCommit`).
        func presenterWillCommit()
        /// Once, after the first commit, with the logical size and scale committed (the
        /// event log's `ready` line; the shipped strokes load then).
        func presenterCommittedFirst(size: Size, scale: Double)
        /// Once per scale asked: the compositor's scale would need a buffer over the pool's
        /// limit, and the window is drawn at `used` instead.
        func presenterLoweredScale(asked: Double, used: Double)
    }

    /// Unowned: the owner owns the presenter.
    unowned var owner: Owner?
    private var committedFirst = false

    init(registry: Registry, surface: Surface, renderer: ViewRenderer) {
        self.surface = surface
        self.renderer = renderer
        display = registry.display
        pool = BufferPool(registry: registry)
        layers = LayerPresenter(registry: registry, surface: surface, renderer: renderer)
    }

    /// Draws and commits if something changed (docs/architecture.md, "Drawing"). Input
    /// not yet drawn (`input`) is committed at once, whether or not a frame callback is
    /// pending, so a touch reaches the compositor's next repaint; what only animations
    /// changed waits for the frame callback, which paces them.
    /// `scale` may be fractional (wp_fractional_scale_v1): the buffer is then the logical
    /// size times the scale, rounded, as the protocol asks.
    /// Returns whether it committed.
    @discardableResult
    func presentIfNeeded(_ window: Window, scale: Double, input: Bool = false) throws -> Bool {
        guard input || !surface.isWaitingForFrame else { return false }
        let (logicalWidth, logicalHeight) = (window.size.width.rounded(), window.size.height.rounded())
        // A window so large that even at scale 1 its buffer exceeds what a wl_shm pool can
        // hold is refused; a scale that would push it over is lowered until it fits.
        guard Self.bytes(logicalWidth, logicalHeight, scale: 1) <= Double(BufferPool.maxBufferBytes) else {
            throw WaylandError.bufferTooLarge(width: Int(logicalWidth), height: Int(logicalHeight))
        }
        let scale = fittingScale(scale, logicalWidth, logicalHeight, integral: !surface.usesViewport)
        let logical = (width: Int32(logicalWidth), height: Int32(logicalHeight))
        let width = Int32((logicalWidth * scale).rounded())
        let height = Int32((logicalHeight * scale).rounded())
        guard width > 0, height > 0 else { return false }
        if try pool.resize(width: width, height: height) || scale != self.scale {
            self.scale = scale
            window.damageAll()
            surface.setOpaque(width: logical.width, height: logical.height)
        }
        guard window.needsRedraw else { return false }
        // Animations step on frame callbacks only (docs/architecture.md, "Drawing"): a
        // commit made at once for a touch while a callback is pending shows the touch and
        // leaves the growth where it was. Stepped on every commit, a landing's 0.2 s growth
        // was drawn 32 times under a 120 Hz stream instead of once per repaint.
        if !surface.isWaitingForFrame { window.stepAnimations() }
        var layersChanged = false
        if window.allowsLayers || layers.isShowingLayers {
            let layersMarked = window.layersChanged
            window.layersChanged = false
            layersChanged = try layers.update(window, scale: scale, usesViewport: surface.usesViewport,
                                              marked: layersMarked)
        }
        guard window.hasDamage else {
            // Only layers changed (spots moved): the window's commit applies them, with
            // no buffer of its own. An animation whose step changed nothing visible still
            // needs a frame callback to pace it (none is known since lifted spots stop
            // growing; a bare commit asks for one rather than letting it stall).
            guard layersChanged || (window.needsRedraw && !surface.isWaitingForFrame) else { return false }
            commitLayersOnly(window)
            return true
        }
        guard let buffer = try pool.acquire() else {
            // Every buffer is still held. Spots that moved or landed on their layers are
            // shown now; the window's own change waits for a buffer. Some compositors let
            // go of one only at their next repaint, which nothing would trigger: the
            // commit asks for a frame callback, and the window is drawn when it comes.
            if layersChanged {
                commitLayersOnly(window)
            } else {
                CompositorQuirk.buffersHeldUntilRepaint.workAround { surface.requestFrame {} }
            }
            return true
        }

        let damage = ViewRenderer.deviceRects(for: window.takeDamage(), scale: scale,
                                              width: width, height: height)
        let clip = pool.repaintArea(of: buffer, adding: damage)
        renderer.render(window, into: PixelBuffer(pixels: buffer.pixels, width: width,
                                                  height: height, stride: buffer.stride),
                        scale: scale, clip: clip)
        owner?.presenterWillCommit()
        surface.present(buffer, scale: scale, logicalSize: logical,
                        damage: damage) {}
        tellFirstCommit(window)
        if !madeSpareBuffer {
            // The first touch changes the window's texts while the compositor still holds
            // the first frame's buffer: without a second buffer ready, that touch's commit
            // waited for a new one (4.6 ms where every later landing took 0.3). Made once
            // the first frame is on its way, so the window is not shown any later.
            madeSpareBuffer = true
            display.flush()
            try pool.addSpare()
            if window.allowsLayers {
                let side = Int((TouchSpotView.diameter * scale).rounded(.up))
                try layers.reserveBuffers(count: Self.reservedLayerBuffers, bytes: side * side * 4)
            }
        }
        return true
    }

    /// A commit of the window's surface with no buffer of its own: it applies what was
    /// sent to the layers (synchronized subsurfaces). It asks for a frame callback, which
    /// paces the animations that follow (a spot growing in).
    private func commitLayersOnly(_ window: Window) {
        owner?.presenterWillCommit()
        surface.requestFrame {}
        tellFirstCommit(window)
    }

    private func tellFirstCommit(_ window: Window) {
        guard !committedFirst else { return }
        committedFirst = true
        owner?.presenterCommittedFirst(size: window.size, scale: scale)
    }

    /// The surface was replaced (`Surface.renew()`): the next frame draws everything, and
    /// the spots get new subsurfaces.
    func forgetContents() {
        scale = 0
        layers.forgetAll()
    }

    static func bytes(_ width: Double, _ height: Double, scale: Double) -> Double {
        (width * scale).rounded() * 4 * (height * scale).rounded()
    }

    /// The scale last lowered, told once (`Owner.presenterLoweredScale`).
    private var loweredFrom: Double?

    /// `scale`, or the largest scale (an integer where the buffer scale must be one) at
    /// which the buffer stays under BufferPool.maxBufferBytes: a compositor asking for
    /// 60x must not make touchspots allocate gigabytes.
    private func fittingScale(_ scale: Double, _ width: Double, _ height: Double, integral: Bool) -> Double {
        let cap = Double(BufferPool.maxBufferBytes)
        guard Self.bytes(width, height, scale: scale) > cap else { return scale }
        var fitting = (cap / (4 * width * height)).squareRoot()
        fitting = integral ? max(1, fitting.rounded(.down)) : max(1, (fitting * 120).rounded(.down) / 120)
        while fitting > 1 && Self.bytes(width, height, scale: fitting) > cap {
            fitting = integral ? fitting - 1 : max(1, fitting - 1.0 / 120)
        }
        if loweredFrom != scale {
            loweredFrom = scale
            owner?.presenterLoweredScale(asked: scale, used: fitting)
        }
        return fitting
    }
}
