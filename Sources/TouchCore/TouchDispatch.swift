/// Binding touches to views and delivering them, after UIWindow.sendEvent: a touch is
/// bound at began to the view hitTest returns and stays bound to it for its whole life,
/// even when the finger leaves that view (seeds 002 and 004). Each view gets one call per
/// phase with its touches; what it does not handle climbs the responder chain.
extension Window {
    /// A finger over its whole life (ids are reused after up).
    struct TouchKey: Hashable { let id: Int32; let sequence: Int }

    /// Delivers a frame. When a finger appears twice in one frame (down and up, or a
    /// cancelled old touch and a new one with the same id), its second entry goes in a
    /// second round, so every view sees each finger's phases in order.
    public func send(_ frame: TouchFrame) {
        var rounds: [[Touch]] = [[], []]
        var seen = Set<Int32>()
        for var touch in frame.touches {
            touch.tapCount = tapCount(for: touch)
            rounds[seen.insert(touch.id).inserted ? 0 : 1].append(touch)
        }
        for round in rounds where !round.isEmpty {
            for phase in TouchPhase.allCases {
                deliver(round.filter { $0.phase == phase }, phase: phase, frame: frame)
            }
        }
    }

    private func tapCount(for touch: Touch) -> Int {
        let now = clock.now
        switch touch.phase {
        case .began: return tapTracker.began(touch, at: now, settings: tapSettings)
        case .moved:
            tapTracker.moved(touch, settings: tapSettings)
            return tapTracker.count(for: touch)
        case .ended: return tapTracker.ended(touch, at: now, settings: tapSettings)
        case .cancelled: return tapTracker.cancelled(touch)
        }
    }

    private func deliver(_ touches: [Touch], phase: TouchPhase, frame: TouchFrame) {
        guard !touches.isEmpty else { return }
        var byView: [(View, [Touch])] = []
        for touch in touches {
            let key = TouchKey(id: touch.id, sequence: touch.sequence)
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
    private func bind(_ touch: Touch, key: TouchKey) -> View? {
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
        bindings[TouchKey(id: touch.id, sequence: touch.sequence)]
    }

    /// The view the active touch with this id is bound to.
    public func boundView(forTouchID id: Int32) -> View? {
        bindings.first { $0.key.id == id }?.value
    }

    /// Forgets every binding (a scene change): later events of those touches go nowhere.
    public func unbindAllTouches() { bindings.removeAll() }
}

/// Told how touches were routed; the executable logs it.
public protocol TouchObserver: AnyObject {
    func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool)
    func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?)
}
