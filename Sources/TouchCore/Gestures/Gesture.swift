/// A gesture the detector recognized.
public enum Gesture: Equatable, Sendable {
    public enum Axis: String, Sendable { case horizontal, vertical }
    public enum PinchDirection: String, Sendable { case inward, outward }
    /// On screen, y growing downward.
    public enum RotationDirection: String, Sendable { case clockwise, counterclockwise }
    public enum Edge: String, Sendable { case left, right, top, bottom }

    case tap(count: Int)
    case swipe(Axis, fingers: Int)
    case pinch(PinchDirection)
    case checkmark
    case longPress(fingers: Int)
    /// The total turn of two fingers, in whole degrees.
    case rotation(RotationDirection, degrees: Int)
    /// A swipe that started at a window edge and went away from it (instead of `swipe`).
    case edgeSwipe(Edge, fingers: Int)
    /// A one-finger stroke that matched a taught stroke (`StrokeTemplates`), with its
    /// score (0...1).
    case template(name: String, score: Double)

    /// The on-screen text, as docs/concepts.md gives it.
    public var label: String {
        switch self {
        case .tap(let count):
            let names = ["Single", "Double", "Triple", "Quadruple"]
            return "\(names[min(max(count, 1), 4) - 1]) Tap Detected"
        case .swipe(let axis, let fingers):
            let counts = ["", "Double ", "Triple ", "Quadruple ", "Quintuple "]
            let prefix = counts[min(max(fingers, 1), 5) - 1]
            return "\(prefix)\(axis == .horizontal ? "Horizontal" : "Vertical") Swipe Detected"
        case .pinch(let direction):
            return direction == .outward ? "Outward Pinch" : "Inward Pinch"
        case .checkmark:
            return "Checkmark"
        case .longPress(let fingers):
            return fingers == 1 ? "Long Press Detected" : "\(fingers)-Finger Long Press Detected"
        case .rotation(let direction, let degrees):
            return "Rotated \(degrees) degrees \(direction.rawValue)"
        case .edgeSwipe(let edge, let fingers):
            let edgeName = edge.rawValue.prefix(1).uppercased() + edge.rawValue.dropFirst()
            return (fingers == 1 ? "" : "\(fingers)-Finger ") + "Swipe from the \(edgeName) Edge"
        case .template(let name, _):
            return "Stroke: \(name)"
        }
    }
}
