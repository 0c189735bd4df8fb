/// A view the app lays over every scene: the help, the instrument panel, trails, the
/// anomaly banner, hovering pens' markers. It takes no touches, is no part of a scene's
/// hit-test experiment (the session leaves overlays out of `hit` lines), and owns its own
/// timers, so the session only hands it the frames.
open class Overlay: View {
    /// `abovesLayers`: drawn over the spots' subsurfaces (docs/architecture.md, "Drawing").
    init(name: String, hidden: Bool, abovesLayers: Bool = true) {
        super.init(name: name)
        isUserInteractionEnabled = false
        isHidden = hidden
        keepsAboveLayers = abovesLayers
    }

    /// A frame was delivered, after the views saw it. Overlays that follow the fingers
    /// override it.
    func record(_ frame: TouchFrame) {}

    /// A new scene starts: what followed the old scene's fingers goes.
    func sceneChanged() {}
}

/// The overlays, in the order they are stacked (the scene bar between the banner and the
/// pens' markers). The stage owns them; the session hands them every frame.
public final class Overlays {
    public let trails = TrailsView()
    /// The instrument panel (key i).
    public let readouts = ReadoutOverlay()
    /// The compositor's anomalies, counted, for a few seconds after each.
    public let anomalies = AnomalyBanner()
    /// Why the last touch sequence fired nothing (key w).
    public let nearMiss = NearMissBanner()
    /// Hovering pens' markers.
    public let pens = PenMarkersView()
    /// The keyboard help, in front of all.
    public let help = HelpOverlay()

    /// Back to front. Stored, not computed: a computed list was an allocation on every
    /// frame (the core benchmark's steady frame counts them).
    private let all: [Overlay]

    init(settings: GestureSettings) {
        all = [trails, readouts, anomalies, nearMiss, pens, help]
        readouts.slop = settings.tapSlop
    }

    /// Adds them over the scene, with `bar` at its place in the stack.
    func install(in window: Window, bar: View) {
        window.addSubview(trails)
        window.addSubview(readouts)
        window.addSubview(anomalies)
        window.addSubview(nearMiss)
        window.addSubview(bar)
        window.addSubview(pens)
        window.addSubview(help)
    }

    /// Lays them out over `bounds`; the panel keeps its bottom edge above `bottom`.
    func layout(in bounds: Rect, panelBottom bottom: Double) {
        help.frame = Rect(center: bounds.center, size: HelpOverlay.size)
        pens.frame = bounds
        anomalies.frame = Rect(x: 8, y: 44, width: AnomalyBanner.width, height: anomalies.frame.height)
        nearMiss.frame = Rect(x: 8, y: max(44, bounds.height - 160), width: min(NearMissBanner.width, bounds.width - 16),
                              height: nearMiss.frame.height)
        trails.frame = bounds
        let size = ReadoutOverlay.size
        readouts.frame = Rect(x: max(0, bounds.width - size.width - 8), y: readouts.frame.minY,
                              width: size.width, height: readouts.frame.height)
        readouts.bottom = max(size.height, bottom)
    }

    func record(_ frame: TouchFrame) {
        for overlay in all { overlay.record(frame) }
    }

    func sceneChanged() {
        for overlay in all { overlay.sceneChanged() }
    }

}
