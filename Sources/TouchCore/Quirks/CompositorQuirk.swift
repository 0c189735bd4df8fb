/// Compositor behaviour that touchspots works around, each declared once here with the
/// compositors and versions it was seen on, as foot keeps its workarounds in quirks.c.
///
/// A site that works around one names it, `CompositorQuirk.x.workAround { ... }`, so
/// `git grep CompositorQuirk\\.` lists every workaround and the code each one costs. A quirk
/// the instrument also reports is linked to its `AnomalyKind` (`anomaly`) and bears its
/// name: one behaviour, one name. Declared in the core because the core works around
/// some of them (frame assembly); the Wayland layer and the client name the rest.
/// docs/compositor-quirks.md explains each one and says when it can be retired. The
/// harness keeps its own list (HarnessQuirk, and weston's module in quirks.c).
public enum CompositorQuirk: String, CaseIterable, Sendable {
    /// No wl_touch.frame after the last wl_touch.up: the group is handed on once no touch
    /// remains down.
    case noFrameAfterLastUp
    /// No wl_touch.frame ever: a pending group is handed on after every dispatch, and when
    /// a finger moves a second time before a frame.
    case noFrames
    /// A down and the next motion of the same finger folded into one frame: the began
    /// entry takes the motion rather than the group being split.
    case downFoldedWithMotion
    /// Every buffer held until the compositor's next repaint: a bare commit asks for a frame
    /// callback instead of waiting for a release that nothing would trigger.
    case buffersHeldUntilRepaint
    /// libdecor's frame crashes without wl_subcompositor: a plain xdg_toplevel instead.
    case libdecorNeedsSubcompositor
    /// libdecor's cairo frame answers the pointer only: touches on it act as clicks would.
    case libdecorFrameIgnoresTouch
    /// A fullscreen window's buffer is scanned out directly although it has subsurfaces,
    /// which then never show (wherever the backend can scan out an shm buffer: headless,
    /// nested): the touch spots are drawn into the window's own buffer instead.
    case directScanoutHidesSubsurfaces
    /// A synchronized subsurface unmapped by a null buffer stays on screen while the window
    /// is not fullscreen (its area is never repainted): the window repaints, and damages,
    /// the area each hidden layer covered, in the commit that hides it.
    case unmappedSubsurfaceStaysOnScreen
    /// The touch (and pointer, keyboard) capability appears only with the first event of
    /// that kind: seats are followed for their whole life, and a `seat` log line says when.
    case capabilitiesAppearLate
    /// A wl_surface given a role again, after its first role object was destroyed, shows
    /// only libdecor's frame or gets no input: the window gets a new wl_surface instead.
    case reassignedRoleBreaksSurface
    /// Fingers down on a surface that is destroyed get neither up nor cancel: the client
    /// cancels them itself.
    case touchesOnDestroyedSurfaceNeverEnd
    /// An output of unknown physical size said to be -1 mm (the protocol's unknown is 0):
    /// read as 0, unknown.
    case negativePhysicalSize
    /// An output whose physical size is its mode's size in pixels (1 mm a pixel: a
    /// 1280 x 800 output "1280 x 800 mm"), a placeholder, not a panel's size: read as
    /// unknown for qualifying, so the run measures a card instead.
    case physicalSizeInPixels

    /// The anomaly the instrument reports for the same behaviour, where it reports one.
    public var anomaly: AnomalyKind? {
        switch self {
        case .noFrameAfterLastUp: .noFrameAfterLastUp
        case .noFrames: .noFrames
        default: nil
        }
    }

    /// The compositors (or libraries) and versions it was seen on.
    public var seenOn: String {
        switch self {
        case .noFrameAfterLastUp: "mutter 43, gnome-shell 43, weston 10 and 11"
        case .noFrames: "cage 0.1.4"
        case .downFoldedWithMotion: "gnome-shell 43"
        case .buffersHeldUntilRepaint: "weston 10 with its pixman renderer"
        case .libdecorNeedsSubcompositor: "libdecor 0.1.1 (Debian 12), on any compositor without wl_subcompositor"
        case .libdecorFrameIgnoresTouch: "libdecor 0.1.1 cairo plugin (mutter, gnome-shell, weston desktop shell)"
        case .capabilitiesAppearLate: "kwin 5.27 and mutter 43"
        case .directScanoutHidesSubsurfaces: "cage 0.1.4 and phoc 0.24 (rootston's surface count, which never counts)"
        case .unmappedSubsurfaceStaysOnScreen: "sway 1.7 (wlroots 0.15), windowed (tiled or floating), not fullscreen"
        case .reassignedRoleBreaksSurface: "mutter 43 (only the frame shows), weston 10 (no input)"
        case .touchesOnDestroyedSurfaceNeverEnd: "weston 10"
        case .negativePhysicalSize: "kwin 5.27 (its virtual, headless output)"
        case .physicalSizeInPixels: "weston 10 (its headless backend)"
        }
    }

    /// Whether a compositor offering `interfaces` is one that hides subsurfaces by direct
    /// scan-out. Wayland never names the compositor, so this is told from its globals:
    /// phoc offers phosh_private; cage 0.1.4 is the wlroots compositor (it offers
    /// zwlr_screencopy_manager_v1) that offers no layer shell.
    public static func hidesSubsurfaces(offering interfaces: Set<String>) -> Bool {
        interfaces.contains("phosh_private")
            || (interfaces.contains("zwlr_screencopy_manager_v1") && !interfaces.contains("zwlr_layer_shell_v1"))
    }

    /// Runs the code that works around this quirk. It costs nothing; it names the quirk at
    /// the site so the workaround can be found and retired.
    @inline(__always)
    public func workAround<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
}
