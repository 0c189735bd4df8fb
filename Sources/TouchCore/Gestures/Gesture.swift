/// A gesture the detector recognized.
public enum Gesture: Equatable, Sendable {
    public enum Axis: String, Sendable { case horizontal, vertical }
    public enum PinchDirection: String, Sendable { case inward, outward }

    case tap(count: Int)
    case swipe(Axis, fingers: Int)
    case pinch(PinchDirection)
    case checkmark

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
        }
    }
}
