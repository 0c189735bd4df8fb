import CWaylandClient
import CWaylandProtocols
import TouchCore

/// A wl_surface: buffer attachment, damage, frame callbacks and the outputs it is on.
public final class Surface {
    /// Replaced once, when the window gets libdecor's frame (`renew()`).
    public private(set) var proxy: OpaquePointer
    let registry: Registry
    private var enteredOutputs: [OpaquePointer] = []
    private var frameCallback: OpaquePointer?
    private var onFrameDone: (() -> Void)?
    private var fractionalScale: OpaquePointer?
    private var viewport: OpaquePointer?
    /// The compositor's preferred scale in 120ths (wp_fractional_scale_v1), once sent.
    private var preferredScale120: UInt32?
    /// Presentation feedback asked for and not yet answered (destroyed with the surface),
    /// and answered ones kept for later commits.
    var pendingFeedback: [PresentationFeedback] = []
    var spareFeedback: [PresentationFeedback] = []
    /// Told when a commit that asked for feedback (requestPresentationFeedback's tag)
    /// reached the screen, or with nil when it never did (discarded).
    public var onPresented: (Int, PresentedTime?) -> Void = { _, _ in }

    /// An output that went away (global_remove) may still be named by an enter or leave
    /// already on its way; libwayland hands those over as nil, once the client has let go
    /// of its wl_output. Nothing is left to enter or leave then.
    nonisolated(unsafe) private static let listener = Listener.make(wl_surface_listener(
        enter: { data, _, output in if let output { object(data, as: Surface.self).entered(output) } },
        leave: { data, _, output in if let output { object(data, as: Surface.self).left(output) } }))

    nonisolated(unsafe) private static let fractionalListener = Listener.make(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in object(data, as: Surface.self).preferredScale120 = scale }))

    /// A frame callback's one event, `done`, through a dispatcher rather than a listener
    /// (no libffi call for it; TouchDevice's dispatcher says why): one comes for most
    /// repaints while fingers move.
    private static let callbackDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
        guard opcode == 0, let target, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
        object(data, as: Surface.self).frameDone(OpaquePointer(target))
        return 0
    }

    public init(registry: Registry) {
        self.registry = registry
        proxy = wl_compositor_create_surface(registry.compositor)
        attachExtensions()
    }

    private func attachExtensions() {
        wl_surface_add_listener(proxy, Self.listener, unretained(self))
        // Fractional scaling needs both: the scale, and a viewport to size the buffer down.
        if let manager = registry.fractionalScaleManager, let viewporter = registry.viewporter {
            let object = wp_fractional_scale_manager_v1_get_fractional_scale(manager, proxy)!
            wp_fractional_scale_v1_add_listener(object, Self.fractionalListener, unretained(self))
            fractionalScale = object
            viewport = wp_viewporter_get_viewport(viewporter, proxy)
        }
    }

    private func destroyProxies() {
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        viewport = nil
        fractionalScale = nil
        frameCallback = nil
        onFrameDone = nil
        wl_surface_destroy(proxy)
    }

    deinit {
        for feedback in pendingFeedback { feedback.abandon() }
        destroyProxies()
    }

    /// Replaces the wl_surface with a new one, once its role object is destroyed: the
    /// window's surface gets a new role this way (a window started fullscreen getting
    /// libdecor's frame). Giving the same wl_surface a role again is allowed by wl_surface's
    /// rules, but mutter 43 then shows only the frame and weston 10 sends it no input.
    /// Commits waiting for presentation are told they were discarded; subsurfaces of the
    /// old surface are the caller's to make again.
    public func renew() {
        for feedback in pendingFeedback { feedback.discard() }
        destroyProxies()
        enteredOutputs.removeAll()
        preferredScale120 = nil
        proxy = wl_compositor_create_surface(registry.compositor)
        attachExtensions()
    }

    /// The largest integer scale of the outputs the surface is on; before the first
    /// wl_surface.enter (which follows the first buffer), the largest of all outputs, so
    /// the first frame is already sharp on a single 2x screen. Callers read it before each
    /// frame, so a change shows on the next one.
    /// wl_surface.preferred_buffer_scale (wl_compositor v6) would be preferred, but
    /// libwayland 1.21's headers predate it.
    /// (Read on every pass of the event loop, so it builds no arrays.)
    public var outputScale: Int32 {
        var largest: Int32?
        for output in registry.outputs.values
        where enteredOutputs.isEmpty || enteredOutputs.contains(output.proxy) {
            largest = max(largest ?? output.scale, output.scale)
        }
        return largest ?? 1
    }

    /// The scale to draw at: the compositor's fractional preference when it sends one
    /// (and a viewport exists), else the integer output scale.
    public var scale: Double {
        if viewport != nil, let scale120 = preferredScale120, scale120 > 0 {
            return Double(scale120) / 120
        }
        return Double(outputScale)
    }

    /// Whether the scale is applied with a viewport (fractional) or wl_surface.set_buffer_scale.
    public var usesViewport: Bool { viewport != nil && (preferredScale120 ?? 0) > 0 }

    /// Whether a frame callback is outstanding.
    public var isWaitingForFrame: Bool { frameCallback != nil }

    /// Attaches, damages (buffer coordinates) and commits, asking for a frame callback.
    /// `logicalSize` is the window's size; with a fractional scale the viewport maps the
    /// buffer onto it, otherwise the integer `scale` does.
    public func present(_ buffer: ShmBuffer, scale: Double, logicalSize: (width: Int32, height: Int32),
                        damage: [PixelRect],
                        onFrame: @escaping () -> Void) {
        if usesViewport, let viewport {
            wl_surface_set_buffer_scale(proxy, 1)
            wp_viewport_set_destination(viewport, logicalSize.width, logicalSize.height)
        } else {
            wl_surface_set_buffer_scale(proxy, Int32(scale))
        }
        wl_surface_attach(proxy, buffer.proxy, 0, 0)
        for rect in damage {
            wl_surface_damage_buffer(proxy, rect.x, rect.y, rect.width, rect.height)
        }
        armFrameCallback(onFrame)
        buffer.isBusy = true
        wl_surface_commit(proxy)
    }

    /// Commits nothing new but a frame callback, so the compositor tells us when it has
    /// repainted (and released buffers).
    public func requestFrame(onFrame: @escaping () -> Void) {
        armFrameCallback(onFrame)
        wl_surface_commit(proxy)
    }

    private func armFrameCallback(_ onFrame: @escaping () -> Void) {
        if frameCallback == nil {
            let callback = wl_surface_frame(proxy)!
            wl_proxy_add_dispatcher(callback, Self.callbackDispatcher, nil, unretained(self))
            frameCallback = callback
        }
        onFrameDone = onFrame
    }

    /// Marks the whole surface opaque, so the compositor need not blend what is below.
    public func setOpaque(width: Int32, height: Int32) {
        let region = wl_compositor_create_region(registry.compositor)
        wl_region_add(region, 0, 0, width, height)
        wl_surface_set_opaque_region(proxy, region)
        wl_region_destroy(region)
    }

    public func commit() { wl_surface_commit(proxy) }

    private func frameDone(_ callback: OpaquePointer) {
        wl_callback_destroy(callback)
        frameCallback = nil
        let done = onFrameDone
        onFrameDone = nil
        done?()
    }

    private func entered(_ output: OpaquePointer) { enteredOutputs.append(output) }

    private func left(_ output: OpaquePointer) { enteredOutputs.removeAll { $0 == output } }

    /// Outputs went away: forget them.
    public func outputsChanged() {
        enteredOutputs.removeAll { registry.output(for: $0) == nil }
    }
}
