/// A gesture the detector recognized.
public enum Gesture: Equatable, Sendable {
    public enum Axis: String, Sendable, CaseIterable { case horizontal, vertical }
    public enum PinchDirection: String, Sendable, CaseIterable { case inward, outward }
    /// On screen, y growing downward.
    public enum RotationDirection: String, Sendable, CaseIterable { case clockwise, counterclockwise }
    public enum Edge: String, Sendable, CaseIterable { case left, right, top, bottom }

    /// Which gesture, without what it says: the event log's `name` (a `gesture` line).
    public enum Kind: String, Sendable, CaseIterable {
        case tap, swipe, pinch, checkmark
        case longPress = "longpress"
        case rotation
        case edgeSwipe = "edgeswipe"
        case template
    }

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

    public var kind: Kind {
        switch self {
        case .tap: .tap
        case .swipe: .swipe
        case .pinch: .pinch
        case .checkmark: .checkmark
        case .longPress: .longPress
        case .rotation: .rotation
        case .edgeSwipe: .edgeSwipe
        case .template: .template
        }
    }

    /// How many fingers made it, where the gesture says (swipes, long presses, edge swipes).
    public var fingers: Int? {
        switch self {
        case .swipe(_, let fingers), .longPress(let fingers), .edgeSwipe(_, let fingers): fingers
        default: nil
        }
    }

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
