import TouchCore
import WaylandClient

/// What the command line asks of the app (`Touchspots` parses it).
package struct AppOptions {
    package init() {}

    package var displayName: String?
    package var fullscreen = false
    package var size = Size(width: 800, height: 600)
    package var eventLogPath: String?
    /// The event log is the one a qualify run keeps in the state folder (no
    /// `--event-log`): its path is told once it is made.
    package var keepsQualifyLog = false
    package var fontFamily = "DejaVu Sans"
    package var gestures = GestureSettings()
    package var scene = SceneName.playground
    package var showsPanel = false
    package var showsTrails = false
    /// Touch spots on subsurfaces of their own where the compositor has them
    /// (docs/architecture.md, "Drawing"); `--single-buffer` turns it off.
    package var usesLayers = true
    /// `--record-gesture NAME`: start with a lesson teaching that stroke.
    package var teaching: String?
    /// `--qualify PLAN`: start with a qualify run of that plan.
    package var qualifying: QualifyPlan?
    /// `--millimetres-per-pixel`: the panel's scale, where the output does not say it.
    package var millimetresPerPixel: Double?

    /// The event log, if one was asked for (or kept for a qualify run, whose path is then
    /// told): opened once the compositor is connected, so a run that cannot connect
    /// leaves no empty log behind.
    func openEventLog() throws -> EventLog? {
        guard let path = eventLogPath else { return nil }
        let log = try EventLog(path: path)
        if keepsQualifyLog { printError("this run's event log: \(path) (touchspots-report \(path) --html report.html makes its report)") }
        return log
    }

    /// Millimetres per logical pixel of the first output that says its physical size, by
    /// the core's one rule (`OutputSize`, which the report's judge uses too); nil when
    /// none does.
    static func measuredMillimetresPerPixel(outputs: [OutputGeometry]) -> Double? {
        OutputSize.millimetresPerPixel(of: outputs.map {
            OutputSize(physicalWidth: Int($0.physicalWidth), physicalHeight: Int($0.physicalHeight),
                       width: Int($0.width), height: Int($0.height), scale: Int($0.scale))
        })
    }

    /// The panel's logical pixels per millimetre, for gesture lengths that scale with it:
    /// `--millimetres-per-pixel`, else the output's size; nil when neither says.
    func pixelsPerMillimetre(outputs: [OutputGeometry]) -> Double? {
        (millimetresPerPixel ?? Self.measuredMillimetresPerPixel(outputs: outputs)).map { 1 / $0 }
    }

    /// Hands the session the panel's density and shows the starting scene, if any.
    func start(_ session: TouchSession, outputs: [OutputGeometry]) throws {
        session.setPanel(pixelsPerMillimetre: pixelsPerMillimetre(outputs: outputs))
        if let scene = try startingScene(outputs: outputs) { session.show(scene) }
    }

    /// The scene to show instead of `scene`, if the options ask for one: a lesson or a
    /// qualify run. A qualify run needs millimetres: from the option, else from the
    /// outputs (`measuredMillimetresPerPixel`); neither, and the run measures a bank card
    /// first.
    func startingScene(outputs: [OutputGeometry]) throws -> Scene? {
        if let teaching { return TeachStrokeScene(strokeName: teaching, minimumScore: gestures.strokes.minimumScore) }
        guard let qualifying else { return nil }
        let measured = Self.measuredMillimetresPerPixel(outputs: outputs)
        // Neither: the run begins with the card calibration.
        let refresh = outputs.first { $0.refreshMillihertz > 0 }.map { Double($0.refreshMillihertz) / 1000 }
        let scene = QualifyScene(plan: qualifying, millimetresPerPixel: millimetresPerPixel ?? measured, refreshRate: refresh)
        scene.logPath = eventLogPath == "-" ? nil : eventLogPath
        scene.outputCount = outputs.count
        return scene
    }
}
