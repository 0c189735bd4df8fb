/// Binding touches to views and delivering them, after UIWindow.sendEvent: a touch is
/// bound at began to the view hitTest returns and stays bound to it for its whole life,
/// even when the finger leaves that view (docs/concepts.md). Each view gets one call per
/// phase with its touches; what it does not handle climbs the responder chain.
extension Window {
    /// Delivers a frame (the session calls this; touches carry their tap counts already).
    /// When a finger appears twice in one frame (down and up, or a cancelled old touch and
    /// a new one with the same id), its second entry goes in a second round, so every view
    /// sees each finger's phases in order.
    ///
    /// Works in the window's reused buffers (`DispatchBuffers`), so a frame whose touches
    /// all go to views that keep none of them allocates nothing.
    func send(_ frame: TouchFrame) {
        let buffers = dispatchBuffers.isInUse ? DispatchBuffers() : dispatchBuffers
        buffers.isInUse = true
        defer { buffers.isInUse = false }
        let touches = frame.touches
        if !Self.repeatsAFinger(touches) {
            // The usual frame: every finger once, so the frame's own array is the one round.
            deliver(round: touches, frame: frame, buffers: buffers)
            return
        }
        buffers.first.removeAll(keepingCapacity: true)
        buffers.second.removeAll(keepingCapacity: true)
        for i in touches.indices {
            var repeated = false
            for j in 0..<i where touches[j].id == touches[i].id {
                repeated = true
                break
            }
            if repeated { buffers.second.append(touches[i]) } else { buffers.first.append(touches[i]) }
        }
        deliver(round: buffers.first, frame: frame, buffers: buffers)
        if !buffers.second.isEmpty { deliver(round: buffers.second, frame: frame, buffers: buffers) }
        buffers.first.removeAll(keepingCapacity: true)
        buffers.second.removeAll(keepingCapacity: true)
    }

    /// Whether some touch id appears twice (a down and an up in one frame, say).
    private static func repeatsAFinger(_ touches: [Touch]) -> Bool {
        for i in touches.indices {
            for j in 0..<i where touches[j].id == touches[i].id { return true }
        }
        return false
    }

    /// One round: began, then moved, ended and cancelled touches, each phase in one call
    /// per view.
    private func deliver(round: [Touch], frame: TouchFrame, buffers: DispatchBuffers) {
        guard let firstPhase = round.first?.phase else { return }
        if round.allSatisfy({ $0.phase == firstPhase }) {
            deliver(round, phase: firstPhase, frame: frame, buffers: buffers)
            return
        }
        for phase in TouchPhase.allCases {
            buffers.phase.removeAll(keepingCapacity: true)
            for touch in round where touch.phase == phase { buffers.phase.append(touch) }
            deliver(buffers.phase, phase: phase, frame: frame, buffers: buffers)
        }
        buffers.phase.removeAll(keepingCapacity: true)
    }

    private func deliver(_ touches: [Touch], phase: TouchPhase, frame: TouchFrame, buffers: DispatchBuffers) {
        guard !touches.isEmpty else { return }
        if phase == .moved, let target = bindings[touches[0].finger], Self.allBound(touches, to: target, in: bindings) {
            // The usual moving frame: every finger bound to one view (the scene's touchable
            // view), so the frame's touches are its one group, passed on without copying.
            respond(touches, phase: phase, frame: frame, view: target, buffers: buffers)
            return
        }
        buffers.views.removeAll(keepingCapacity: true)
        for touch in touches {
            let key = touch.finger
            let view = phase == .began ? bind(touch, key: key) : bindings[key]
            if phase == .ended || phase == .cancelled { bindings[key] = nil }
            guard let target = view else { continue }
            if let index = buffers.views.firstIndex(where: { $0 === target }) {
                buffers.groups[index].append(touch)
            } else {
                buffers.views.append(target)
                if buffers.groups.count < buffers.views.count { buffers.groups.append([]) }
                buffers.groups[buffers.views.count - 1].append(touch)
            }
        }
        for index in buffers.views.indices {
            respond(buffers.groups[index], phase: phase, frame: frame, view: buffers.views[index], buffers: buffers)
            buffers.groups[index].removeAll(keepingCapacity: true)
        }
        buffers.views.removeAll(keepingCapacity: true)
    }

    private static func allBound(_ touches: [Touch], to target: View, in bindings: FingerTable<View>) -> Bool {
        for touch in touches.dropFirst() where bindings[touch.finger] !== target { return false }
        return true
    }

    /// Hands one view's touches up its responder chain until one handles them.
    private func respond(_ group: [Touch], phase: TouchPhase, frame: TouchFrame, view: View, buffers: DispatchBuffers) {
        buffers.chain.removeAll(keepingCapacity: true)
        var handler: Responder?
        var responder: Responder? = view
        while let current = responder {
            buffers.chain.append(current)
            if current.touches(phase, group, with: frame) {
                handler = current
                break
            }
            responder = current.nextResponder
        }
        touchObserver?.didDeliver(group, phase: phase, chain: buffers.chain, handledBy: handler)
        buffers.chain.removeAll(keepingCapacity: true)
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

    /// The view an active finger is bound to (for tests).
    func boundView(for finger: FingerID) -> View? { bindings[finger] }

    /// Forgets every binding (a scene change): later events of those touches go nowhere.
    public func unbindAllTouches() { bindings.removeAll() }
}

/// The arrays a frame's delivery works in, kept by the window between frames. A delivery
/// that starts while another is under way (a view that sends a frame) gets fresh ones.
final class DispatchBuffers {
    var isInUse = false
    var first: [Touch] = []
    var second: [Touch] = []
    var phase: [Touch] = []
    var views: [View] = []
    /// Parallel to `views`; the inner arrays keep their capacity.
    var groups: [[Touch]] = []
    var chain: [Responder] = []
}

/// Told how touches were routed; the session turns it into hit and responder events.
protocol TouchObserver: AnyObject {
    func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool)
    func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?)
}
