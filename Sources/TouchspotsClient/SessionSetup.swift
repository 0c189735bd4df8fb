import EventLogFormat
import Renderer
import TouchCore
import WaylandClient

/// The core's session as the options ask for it: its scene, size, gesture settings and
/// clock, the overlays shown from the start, whether routing is reported, whether spots
/// may be layers. Apart from `App` so that the app's start-up reads as the order in which
/// the Wayland objects are made, and this as what the user chose.
enum SessionSetup {
    /// The session, or a usage error naming the scenes when `options.scene` is none of them.
    static func makeSession(options: AppOptions, registry: Registry, renderer: ViewRenderer, log: EventLog?,
                            sink: @escaping (TouchSessionEvent) -> Void) throws -> TouchSession {
        guard let session = TouchSession(
            sceneName: options.scene, size: options.size, settings: options.gestures,
            clock: MonotonicClock(), measureText: { [renderer] in renderer.textWidth($0, fontSize: $1) }, sink: sink)
        else {
            let names = Stage.sceneNames.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown scene '\(options.scene.rawValue)' (scenes: \(names))")
        }
        session.keepStroke = { [log] in StrokeFiles.save($0, log: log) }
        session.reportsRouting = log != nil  // hit and responder events are only ever logged
        session.window.allowsLayers = options.usesLayers && registry.subcompositor != nil
            && !CompositorQuirk.directScanoutHidesSubsurfaces.workAround {
                CompositorQuirk.hidesSubsurfaces(offering: registry.offeredInterfaces)
            }
        if options.showsPanel { session.perform(.toggleReadouts) }
        if options.showsTrails { session.perform(.toggleTrails) }
        return session
    }
}
