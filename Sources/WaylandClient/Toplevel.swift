import CLibdecor
import CWaylandClient
import CWaylandProtocols
import Glibc
import TouchCore

/// The window's toplevel role. Through libdecor (the library SDL, GLFW and mpv use) it
/// asks for server-side decorations where the compositor offers xdg-decoration (sway,
/// kwin, phoc) and draws its own frame where it does not (GNOME, weston); fullscreen hides
/// the frame. libdecor 0.1.1's frame needs wl_subcompositor (it crashes without one), so
/// on a compositor without it the window is a plain, undecorated xdg_toplevel.
///
/// A window started fullscreen shows no frame, so it starts as a plain xdg_toplevel and
/// loads libdecor only when it leaves fullscreen: loading libdecor's cairo plugin (some
/// forty libraries) and its roundtrip cost about 15 ms of start-up on weston
/// (docs/design/performance.md, "Start-up"). Leaving fullscreen then replaces the window:
/// the plain role and
/// its wl_surface are destroyed, and libdecor decorates a new wl_surface
/// (`needsDecorations`, `decorate()`, `Surface.renew()`). The end-to-end tests leave
/// fullscreen this way on weston and mutter.
/// All configure handling lives here.
public final class Toplevel {
    /// What the window's role tells its owner (the app), as one protocol, so a reader
    /// finds every call into the client by its conformance.
    public protocol Owner: AnyObject {
        /// Every configure; returns the content size the client will draw at.
        func toplevelConfigured(_ configuration: Configuration) -> (width: Int32, height: Int32)
        /// The window should close (compositor request or the frame's close button).
        func toplevelClosed()
        /// libdecor changed the frame and the surface must be committed again.
        func toplevelNeedsCommit()
        /// libdecor reports a problem (no usable plugin, bad configuration).
        func toplevelHasProblem(_ message: String)
    }

    public struct Configuration: Equatable, Sendable {
        /// Content size asked for by the compositor; nil: the client chooses.
        public var size: (width: Int32, height: Int32)?
        public var isFullscreen = false
        public var isMaximized = false
        public var isActivated = false

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.size?.width == b.size?.width && a.size?.height == b.size?.height
                && a.isFullscreen == b.isFullscreen && a.isMaximized == b.isMaximized
                && a.isActivated == b.isActivated
        }
    }

    private var libdecor: (context: OpaquePointer, frame: OpaquePointer)?
    private var plain: PlainToplevel?
    public private(set) var current: Configuration?
    private let surface: Surface
    private let registry: Registry
    private let title: String
    private let appID: String
    private var minimumSize: (width: Int32, height: Int32)?
    /// The plain role stands in for libdecor until the window leaves fullscreen.
    private var decoratesLater = false
    /// Fullscreen was configured once (so a configure without it means it was left).
    private var wasFullscreen = false
    private var leaveRequested = false

    /// Both roles report here; returns the size the client chose.
    fileprivate func configured(_ configuration: Configuration) -> (width: Int32, height: Int32) {
        current = configuration
        if configuration.isFullscreen { wasFullscreen = true }
        return owner?.toplevelConfigured(configuration) ?? (800, 600)
    }

    /// Unowned: the owner owns the toplevel. Problems found before it is set (libdecor
    /// failing to start, in `init`) are kept and told to it when it is.
    public unowned var owner: Owner? {
        didSet {
            guard let owner else { return }
            for message in untoldProblems { owner.toplevelHasProblem(message) }
            untoldProblems = []
        }
    }
    private var untoldProblems: [String] = []

    fileprivate func closed() { owner?.toplevelClosed() }

    private func problem(_ message: String) {
        if let owner { owner.toplevelHasProblem(message) } else { untoldProblems.append(message) }
    }

    /// libdecor's error callback carries no user data; the one toplevel hears it.
    nonisolated(unsafe) private static weak var errorReceiver: Toplevel?

    nonisolated(unsafe) private static let contextInterface = Listener.make(libdecor_interface(
        error: { _, _, message in
            Toplevel.errorReceiver?.problem(message.map { String(cString: $0) } ?? "libdecor error")
        },
        reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
        reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))

    nonisolated(unsafe) private static let frameInterface = Listener.make(libdecor_frame_interface(
        configure: { _, configuration, data in
            object(data, as: Toplevel.self).configure(configuration!)
        },
        close: { _, data in object(data, as: Toplevel.self).closed() },
        commit: { _, data in object(data, as: Toplevel.self).owner?.toplevelNeedsCommit() },
        dismiss_popup: { _, _, _ in },
        reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
        reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))

    /// `fullscreen`: ask for fullscreen before the first commit, and leave libdecor unloaded
    /// until the window leaves it.
    public init(surface: Surface, registry: Registry, title: String, appID: String,
                fullscreen: Bool) throws {
        self.surface = surface
        self.registry = registry
        self.title = title
        self.appID = appID
        let usable = CompositorQuirk.libdecorNeedsSubcompositor.workAround { registry.hasSubcompositor }
        if !usable || fullscreen {
            decoratesLater = usable
            let role = PlainToplevel(surface: surface, registry: registry, title: title, appID: appID)
            plain = role
            role.owner = self
            if fullscreen { role.setFullscreen(true) }
            return
        }
        try startLibdecor()
    }

    /// Whether the window, started fullscreen without libdecor, has left fullscreen (or
    /// was asked to) and should now get its frame: call `decorate()` outside event dispatch.
    public var needsDecorations: Bool {
        decoratesLater && plain != nil && (leaveRequested || (wasFullscreen && current?.isFullscreen == false))
    }

    /// Gives the window libdecor's frame: destroys the plain role, replaces the surface
    /// (`Surface.renew()`) and has libdecor make a role for the new one. The caller draws
    /// everything again after the next configure, and owes the new role its initial commit
    /// (no buffer).
    public func decorate() throws {
        guard decoratesLater, plain != nil else { return }
        decoratesLater = false
        plain = nil
        current = nil
        CompositorQuirk.reassignedRoleBreaksSurface.workAround { surface.renew() }
        try startLibdecor()
        if let minimumSize { setMinimumSize(width: minimumSize.width, height: minimumSize.height) }
    }

    /// libdecor binds its globals and loads its plugin over one roundtrip, done outside
    /// event dispatch (at start-up, or from `decorate()` called after it).
    private func startLibdecor() throws {
        guard let context = libdecor_new(registry.display.pointer, Self.contextInterface) else {
            problem("libdecor could not be started")
            let role = PlainToplevel(surface: surface, registry: registry, title: title, appID: appID)
            plain = role
            role.owner = self
            return
        }
        // A frame made before that roundtrip has no xdg_toplevel yet, and requests on it
        // would crash.
        try registry.display.roundtrip()
        let frame = libdecor_decorate(context, surface.proxy, Self.frameInterface, unretained(self))!
        libdecor = (context, frame)
        Self.errorReceiver = self
        libdecor_frame_set_title(frame, title)
        libdecor_frame_set_app_id(frame, appID)
        libdecor_frame_map(frame)
    }

    deinit {
        if let libdecor {
            libdecor_frame_unref(libdecor.frame)
            libdecor_unref(libdecor.context)
        }
    }

    public func setFullscreen(_ on: Bool) {
        if let frame = libdecor?.frame {
            if on { libdecor_frame_set_fullscreen(frame, nil) } else { libdecor_frame_unset_fullscreen(frame) }
        } else {
            plain?.setFullscreen(on)
            if !on { leaveRequested = true }
        }
    }

    /// The name of the libdecor plugin `surface` belongs to ("libdecor-cairo"), if it is
    /// one of the frame's surfaces.
    public func decorationPlugin(of surface: OpaquePointer) -> String? {
        guard libdecor != nil, let name = ts_proxy_tag_name(surface) else { return nil }
        return String(cString: name)
    }

    /// Starts an interactive move, as a press on the title bar does.
    public func move(seat: Seat, serial: UInt32) {
        if let frame = libdecor?.frame { libdecor_frame_move(frame, seat.proxy, serial) }
    }

    /// Starts an interactive resize from an edge of the frame.
    public func resize(seat: Seat, serial: UInt32, edge: ResizeEdge) {
        if let frame = libdecor?.frame { libdecor_frame_resize(frame, seat.proxy, serial, edge.libdecorEdge) }
    }

    /// What the frame's close button does: the owner hears `toplevelClosed()`.
    public func close() {
        if let frame = libdecor?.frame { libdecor_frame_close(frame) }
    }

    public func toggleMaximized() {
        guard let frame = libdecor?.frame else { return }
        if current?.isMaximized ?? false { libdecor_frame_unset_maximized(frame) } else { libdecor_frame_set_maximized(frame) }
    }

    public func minimize() {
        if let frame = libdecor?.frame { libdecor_frame_set_minimized(frame) }
    }

    public struct ResizeEdge: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = ResizeEdge(rawValue: 1)
        public static let bottom = ResizeEdge(rawValue: 2)
        public static let left = ResizeEdge(rawValue: 4)
        public static let right = ResizeEdge(rawValue: 8)

        var libdecorEdge: libdecor_resize_edge {
            switch self {
            case .top: LIBDECOR_RESIZE_EDGE_TOP
            case .bottom: LIBDECOR_RESIZE_EDGE_BOTTOM
            case .left: LIBDECOR_RESIZE_EDGE_LEFT
            case .right: LIBDECOR_RESIZE_EDGE_RIGHT
            case [.top, .left]: LIBDECOR_RESIZE_EDGE_TOP_LEFT
            case [.top, .right]: LIBDECOR_RESIZE_EDGE_TOP_RIGHT
            case [.bottom, .left]: LIBDECOR_RESIZE_EDGE_BOTTOM_LEFT
            case [.bottom, .right]: LIBDECOR_RESIZE_EDGE_BOTTOM_RIGHT
            default: LIBDECOR_RESIZE_EDGE_NONE
            }
        }
    }

    public func setMinimumSize(width: Int32, height: Int32) {
        minimumSize = (width, height)
        if let frame = libdecor?.frame {
            libdecor_frame_set_min_content_size(frame, width, height)
        } else {
            plain?.setMinimumSize(width: width, height: height)
        }
    }

    private func configure(_ configuration: OpaquePointer) {
        guard let frame = libdecor?.frame else { return }
        var next = Configuration()
        var width: Int32 = 0, height: Int32 = 0
        if libdecor_configuration_get_content_size(configuration, frame, &width, &height),
           width > 0, height > 0 {
            next.size = (width, height)
        }
        var state = LIBDECOR_WINDOW_STATE_NONE
        if libdecor_configuration_get_window_state(configuration, &state) {
            next.isFullscreen = state.rawValue & LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue != 0
            next.isMaximized = state.rawValue & LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue != 0
            next.isActivated = state.rawValue & LIBDECOR_WINDOW_STATE_ACTIVE.rawValue != 0
        }
        let size = configured(next)
        let committed = libdecor_state_new(size.width, size.height)
        libdecor_frame_commit(frame, committed, configuration)
        libdecor_state_free(committed)
    }
}

/// A plain xdg_toplevel, undecorated, for compositors libdecor cannot work with.
final class PlainToplevel {
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var pending = Toplevel.Configuration()
    weak var owner: Toplevel?

    nonisolated(unsafe) private static let surfaceListener = Listener.make(xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            let role = object(data, as: PlainToplevel.self)
            guard let size = role.owner?.configured(role.pending) else { return }
            // The window is the main surface's size, whatever its subsurfaces do: without
            // window geometry it is the bounding box of the surface and its subsurfaces,
            // so a finger's spot near the edge of a fullscreen window made the window wider
            // than the fullscreen state, which weston 10 answers with a protocol error
            // that ends the client (found by the qualify robot's edge strokes). libdecor
            // sets it for its frames itself.
            xdg_surface_set_window_geometry(xdgSurface, 0, 0, size.width, size.height)
        }))

    nonisolated(unsafe) private static let toplevelListener = Listener.make(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            object(data, as: PlainToplevel.self).toplevelConfigure(width: width, height: height, states: states)
        },
        close: { data, _ in object(data, as: PlainToplevel.self).owner?.closed() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))

    init(surface: Surface, registry: Registry, title: String, appID: String) {
        xdgSurface = xdg_wm_base_get_xdg_surface(registry.wmBase, surface.proxy)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, Self.surfaceListener, unretained(self))
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, unretained(self))
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        // The role's first commit, which the first configure answers, is the caller's.
    }

    deinit {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }

    func setFullscreen(_ on: Bool) {
        if on { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    func setMinimumSize(width: Int32, height: Int32) {
        xdg_toplevel_set_min_size(toplevel, width, height)
    }

    private func toplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        pending = Toplevel.Configuration()
        if width > 0 && height > 0 { pending.size = (width, height) }
        guard let states, states.pointee.size > 0, let base = states.pointee.data else { return }
        let count = states.pointee.size / MemoryLayout<UInt32>.size
        let values = base.bindMemory(to: UInt32.self, capacity: count)
        for i in 0..<count {
            switch values[i] {
            case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: pending.isFullscreen = true
            case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: pending.isMaximized = true
            case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: pending.isActivated = true
            default: break
            }
        }
    }
}
