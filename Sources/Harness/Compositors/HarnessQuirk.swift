/// What the harness works around to drive each compositor headless, declared once with
/// the compositor and version it was seen on (the client's own list is CompositorQuirk;
/// weston's module keeps its C ones in Sources/TouchspotsWeston/quirks.c). Each site names
/// its quirk, `HarnessQuirk.x.workAround { ... }`, so `git grep HarnessQuirk\\.` finds them;
/// docs/compositor-quirks.md explains each and when it can go.
public enum HarnessQuirk: String, CaseIterable, Sendable {
    /// A window mapped a moment ago is not in weston's pick list until the next repaint:
    /// the module waits for the view before the first touch.
    case westonPicksAfterRepaint
    /// mutter's default plugin zooms a new window in over 250 ms whatever the animation
    /// settings, and touches meanwhile land scaled about the centre: wait until the screen
    /// shows the window whole.
    case mutterZoomsNewWindows
    /// mutter adds touch, pointer and keyboard to its seat only with their first event:
    /// one of each on the empty desktop before the client starts.
    case mutterSeatGrowsOnFirstEvent
    /// gnome-shell starts in the overview, where a window takes no touches: leave it.
    case gnomeShellStartsInOverview
    /// Now and then gnome-shell's start hangs (the driver's first D-Bus call to it gets
    /// NoReply, before any client exists): everything is stopped and started once more.
    case mutterStartHangsAtTimes
    /// wlroots 0.15 screencopy (grim) copies a buffer scanned out directly without
    /// rendering it (black on phoc, stale on cage): the shim reads the output's front buffer.
    case wlrootsScreencopyOfScanout
    /// wlroots 0.15's wayland backend (a nested sway) makes its touch device only when the
    /// host announces touch after the backend started, and the host announced it during
    /// start-up: the nested driver's host drops touch and restores it (fixed in wlroots 0.16,
    /// "backend/wayland: fix touch device not added on startup").
    case wlroots015NestedTouchOnStartup

    /// The compositors and versions it was seen on.
    public var seenOn: String {
        switch self {
        case .westonPicksAfterRepaint: "weston 10"
        case .mutterZoomsNewWindows: "mutter 43, gnome-shell 43"
        case .mutterSeatGrowsOnFirstEvent: "mutter 43, gnome-shell 43"
        case .gnomeShellStartsInOverview: "gnome-shell 43"
        case .mutterStartHangsAtTimes: "gnome-shell 43"
        case .wlrootsScreencopyOfScanout: "phoc 0.24, cage 0.1.4 (wlroots 0.15)"
        case .wlroots015NestedTouchOnStartup: "sway 1.7 (wlroots 0.15) nested"
        }
    }

    /// Runs the code that works around this quirk; names it at the site, costs nothing.
    @inline(__always)
    public func workAround<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
}
