/// A swipe that started at a window edge and went away from it (instead of `swipe`).
// @Gesture 7: case edgeSwipe(Edge, fingers: Int) name: edgeswipe slot: swipe line: edge fingers

/// A swipe whose fingers all start this close to one window edge is an edge swipe
/// (UIKit's screen-edge pan starts within about 20 points).
// @GestureSetting 16: edgeMargin = 24.0 key: edge-margin range: 0...10_000 help: px from a window edge where an edge swipe starts

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
