import Glibc
import TouchCore

/// Ten fingers landing, moving, lifting and landing again on a stand-in session that is never shown, run
/// once right after the window's first frame has been sent.
///
/// Why: the first touch of a run used to be its slowest commit by far. Ten fingers landing
/// on a fresh window took 0.29-0.40 ms in the core and 0.23-0.38 ms to draw and commit;
/// the same ten landing a second time took 0.06-0.08 and 0.11-0.15 ms (docs/benchmark.md,
/// "The first touch, rehearsed"). The difference is code run for the first time: its
/// pages faulted in, the runtime's type metadata made at first use, the first glyphs of
/// the new texts rasterized, the first spot masks made. A rehearsal pays for all of that
/// while nobody is touching, so the user's first touch is committed as fast as any other.
///
/// The stand-in has its own window, clock and gesture detector, and a sink that keeps
/// nothing: the core holds no global state, so the real session cannot tell it ran. What
/// it shares with the real window is the renderer (its glyph and mask caches only warm)
/// and, through `SurfacePresenter.rehearse`, a buffer the compositor has never seen and
/// that is repainted whole before its first use.
enum FirstTouchRehearsal {
    static let fingers = 10

    static func run(scene: String, size: Size, settings: GestureSettings, reportsRouting: Bool,
                    allowsLayers: Bool, measureText: @escaping (String, Double) -> Double,
                    presenter: SurfacePresenter) {
        let clock = ManualClock()
        guard let stand = TouchSession(sceneName: scene, size: size, settings: settings, clock: clock,
                                       measureText: measureText, sink: { _ in })
        else { return }
        stand.reportsRouting = reportsRouting
        stand.window.allowsLayers = allowsLayers
        let device = stand.addTouchDevice()
        let center = stand.window.bounds.center
        // Fingers on a circle around the centre, a quarter of the window's smaller side
        // across (SpotsEndToEndTests knows where).
        let radius = min(size.width, size.height) / 4
        var time: UInt32 = 1
        func place(_ finger: Int, _ step: Int) -> Point {
            let angle = 2 * Double.pi * (Double(finger) / Double(fingers) + Double(step) / 100)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        func frame(_ event: (Int32) -> Void) {
            for finger in 0..<Int32(fingers) {
                stand.touchTimestamp(device, nanoseconds: UInt64(time) * 1_000_000)
                event(finger)
            }
            stand.touchFrame(device)
            stand.flush()
            presenter.rehearse(stand.window)
            time += 8
            clock.advance(by: 0.008)
        }
        frame { stand.touchDown(device, id: $0, at: place(Int($0), 0), time: time) }
        for step in 1...2 {
            frame { stand.touchMotion(device, id: $0, to: place(Int($0), step), time: time) }
        }
        frame { stand.touchUp(device, id: $0, time: time) }
        // Down again, so a rehearsal frame that reached the screen would show ten spots
        // (SpotsEndToEndTests looks for them).
        frame { stand.touchDown(device, id: $0, at: place(Int($0), 0), time: time) }
        // Grown to full size: the spot's full-size mask is made too.
        clock.advance(by: TouchSpotView.growDuration)
        presenter.rehearse(stand.window)
    }
}
