import CWaylandClient
import CWaylandProtocols

/// The xdg_surface + xdg_toplevel role of the window. All configure handling lives here
/// so that it can be handed to libdecor later without touching the rest.
public final class Toplevel {
    public struct Configuration: Equatable, Sendable {
        /// Logical size asked for by the compositor; nil: the client chooses.
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

    private let surface: Surface
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var pending = Configuration()
    public private(set) var current: Configuration?

    /// Called after every xdg_surface.configure (already acknowledged).
    public var onConfigure: (Configuration) -> Void = { _ in }
    /// Called when the compositor asks the window to close.
    public var onClose: () -> Void = {}

    nonisolated(unsafe) private static let surfaceListener = Listener.make(xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            xdg_surface_ack_configure(xdgSurface, serial)
            object(data, as: Toplevel.self).configured()
        }))

    nonisolated(unsafe) private static let toplevelListener = Listener.make(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            object(data, as: Toplevel.self).toplevelConfigure(width: width, height: height,
                                                              states: states)
        },
        close: { data, _ in object(data, as: Toplevel.self).onClose() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))

    public init(surface: Surface, registry: Registry, title: String, appID: String) {
        self.surface = surface
        xdgSurface = xdg_wm_base_get_xdg_surface(registry.wmBase, surface.proxy)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, Self.surfaceListener, unretained(self))
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, unretained(self))
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
    }

    deinit {
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }

    public func setFullscreen(_ on: Bool) {
        if on { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    public func setMinimumSize(width: Int32, height: Int32) {
        xdg_toplevel_set_min_size(toplevel, width, height)
    }

    private func toplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        pending = Configuration()
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

    private func configured() {
        current = pending
        onConfigure(pending)
    }
}
