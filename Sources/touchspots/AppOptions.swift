import TouchCore

/// What the command line asks of the app (`Touchspots` parses it).
struct AppOptions {
    var displayName: String?
    var fullscreen = false
    var size = Size(width: 800, height: 600)
    var eventLogPath: String?
    var fontFamily = "DejaVu Sans"
    var gestures = GestureSettings()
    var scene = "playground"
    var showsPanel = false
    var showsTrails = false
    /// Touch spots on subsurfaces of their own where the compositor has them
    /// (docs/architecture.md, "Drawing"); `--single-buffer` turns it off.
    var usesLayers = true
    /// Stroke files that were skipped, and why: told on stderr and as `template` warnings.
    var strokeProblems: [String] = []
    /// `--record-gesture NAME`: start with a lesson teaching that stroke.
    var teaching: String?
}
