/// The window's routing, as sink events. `visited` lists the scene's own views, as the
/// hit-test experiment logs them: the window, the scene bar and the overlays are the
/// frame around the scene and are left out.
final class SessionRoutingObserver: TouchObserver {
    unowned let session: TouchSession
    init(session: TouchSession) { self.session = session }

    func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool) {
        let window = session.window, bar = session.stage.bar
        let names = visited.lazy.filter { $0 !== window && $0 !== bar && !($0 is Overlay) }.map(\.name)
        session.sink(.hit(TouchHit(id: touch.id, view: view?.name, visited: Array(names), ignored: ignored)))
    }

    /// The last chain's responders and names: a finger's frames go through the same
    /// chain again and again, and reusing its names keeps a frame free of allocations
    /// (the core benchmark's steady frame; it saves no instructions worth counting,
    /// docs/design/performance.md "Performance devices").
    private var lastChain: [Responder] = []
    private var lastNames: [String] = []

    func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?) {
        if !chain.elementsEqual(lastChain, by: ===) {
            lastChain = Array(chain)
            lastNames = chain.map(\.name)
        }
        let sink = session.sink, handler = handledBy?.name
        for touch in touches {
            sink(.responder(ResponderDelivery(id: touch.id, phase: phase, chain: lastNames, handledBy: handler)))
        }
    }
}
