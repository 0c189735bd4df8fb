/// Binding touches to views and delivering them, after UIWindow.sendEvent: a touch is
/// bound at began to the view hitTest returns and stays bound to it for its whole life,
/// even when the finger leaves that view (docs/concepts.md). Each view gets one call per
/// phase with its touches; what it does not handle climbs the responder chain.
extension Window {
    /// Delivers a frame (the session calls this; touches carry their tap counts already).
    /// When a finger appears twice in one frame (down and up, or a cancelled old touch and
    /// a new one with the same id), its second entry goes in a second round, so every view
    /// sees each finger's phases in order.
    func send(_ frame: TouchFrame) {
        var rounds: [[Touch]] = [[], []]
        var seen = Set<Int32>()
        for touch in frame.touches {
            rounds[seen.insert(touch.id).inserted ? 0 : 1].append(touch)
        }
        for round in rounds where !round.isEmpty {
            for phase in TouchPhase.allCases {
                deliver(round.filter { $0.phase == phase }, phase: phase, frame: frame)
            }
        }
    }

    private func deliver(_ touches: [Touch], phase: TouchPhase, frame: TouchFrame) {
        guard !touches.isEmpty else { return }
        var byView: [(View, [Touch])] = []
        for touch in touches {
            let key = touch.finger
            let view = phase == .began ? bind(touch, key: key) : bindings[key]
            if phase == .ended || phase == .cancelled { bindings[key] = nil }
            guard let target = view else { continue }
            if let index = byView.firstIndex(where: { $0.0 === target }) {
                byView[index].1.append(touch)
            } else {
                byView.append((target, [touch]))
            }
        }
        for (view, group) in byView {
            var chain: [Responder] = []
            var handler: Responder?
            var responder: Responder? = view
            while let current = responder {
                chain.append(current)
                if current.touches(phase, group, with: frame) {
                    handler = current
                    break
                }
                responder = current.nextResponder
            }
            touchObserver?.didDeliver(group, phase: phase, chain: chain, handledBy: handler)
        }
    }

    /// Hit-tests a new touch; nil when nothing takes it or when the view it hits already
    /// holds a touch and has not opted into multiple touches.
    private func bind(_ touch: Touch, key: FingerID) -> View? {
        var visited: [View] = []
        let hit = hitTest(touch.location) { visited.append($0) }
        var ignored = false
        if let view = hit, !view.isMultipleTouchEnabled,
           bindings.values.contains(where: { $0 === view }) {
            ignored = true
        }
        touchObserver?.didHitTest(touch, view: hit, visited: visited, ignored: ignored)
        guard let view = hit, !ignored else { return nil }
        bindings[key] = view
        return view
    }

    /// The view `touch` is bound to (UIKit's touch.view), while it is active.
    public func view(for touch: Touch) -> View? {
        bindings[touch.finger]
    }

    /// The view an active finger is bound to.
    public func boundView(for finger: FingerID) -> View? { bindings[finger] }

    /// Forgets every binding (a scene change): later events of those touches go nowhere.
    public func unbindAllTouches() { bindings.removeAll() }
}

/// Told how touches were routed; the session turns it into hit and responder events.
protocol TouchObserver: AnyObject {
    func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool)
    func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?)
}
