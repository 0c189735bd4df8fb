import CWaylandClient
import CWaylandProtocols

/// A wl_subsurface that takes input: the default (infinite) input region, so a touch on it
/// names its wl_surface, and desynchronized, so that what is done to it (a buffer, no
/// buffer) takes effect at its own commit, not at the parent's. What the surface probe
/// shows (docs/conformance.md); touchspots' own subsurfaces (`LayerSurface`) take none.
public final class InputSubsurface {
    public let surface: Surface
    private let role: OpaquePointer

    /// A subsurface of `parent` at `x`, `y` (the parent's coordinates; in effect from the
    /// parent's next commit); nil without wl_subcompositor.
    public init?(registry: Registry, parent: Surface, x: Int32, y: Int32) {
        guard let subcompositor = registry.subcompositor else { return nil }
        surface = Surface(registry: registry)
        role = wl_subcompositor_get_subsurface(subcompositor, surface.proxy, parent.proxy)
        wl_subsurface_set_position(role, x, y)
        wl_subsurface_set_desync(role)
    }

    /// The role first, then the surface (`Surface`'s own deinit): a destroyed sub-surface
    /// is unmapped at once.
    deinit { wl_subsurface_destroy(role) }

    /// Attaches no buffer and commits: unmapped at once (desynchronized).
    public func unmap() {
        wl_surface_attach(surface.proxy, nil, 0, 0)
        wl_surface_commit(surface.proxy)
    }
}
