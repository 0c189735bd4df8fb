/// A swipe that started at a window edge and went away from it (instead of `swipe`): the
/// swipe's recognizer (`SwipeRecognizer`) reports it, from each finger's `edge`.
// @Gesture 7: case edgeSwipe(Edge, fingers: Int) name: edgeswipe slot: swipe line: edge fingers
// @GestureLineKey 3: edge = .optional(.closed).values(of: Gesture.Edge.self).conditional

/// A swipe whose fingers all start this close to one window edge is an edge swipe
/// (UIKit's screen-edge pan starts within about 20 points).
// @GestureSetting 16: edgeMargin = 24.0 key: edge-margin range: 0...10_000
//     help: px from a window edge where an edge swipe starts

extension Gesture {
    public enum Edge: String, Sendable, CaseIterable { case left, right, top, bottom }

    static func edgeSwipeLabel(_ edge: Edge, fingers: Int) -> String {
        let edgeName = edge.rawValue.prefix(1).uppercased() + edge.rawValue.dropFirst()
        return (fingers == 1 ? "" : "\(fingers)-Finger ") + "Swipe from the \(edgeName) Edge"
    }

    /// Replay compares the fingers and the edge.
    static func edgeSwipeReplayDetails(_ edge: Edge, fingers: Int) -> [String] {
        ["\(fingers) fingers", "from \(edge.rawValue)"]
    }
}

extension GestureDetector {
    /// The window edge within `edgeMargin` of `point`, if any (the nearest when two are):
    /// where a landing finger is, for `Finger.edge`.
    func edge(at point: Point) -> Gesture.Edge? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        var nearest: Gesture.Edge?
        var distance = settings.edgeMargin
        func consider(_ edge: Gesture.Edge, _ d: Double) {
            if d < distance || (nearest == nil && d == distance) { nearest = edge; distance = d }
        }
        consider(.left, point.x)
        consider(.right, bounds.width - point.x)
        consider(.top, point.y)
        consider(.bottom, bounds.height - point.y)
        return nearest
    }
}
