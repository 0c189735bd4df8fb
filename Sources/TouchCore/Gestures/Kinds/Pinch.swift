/// Two fingers whose distance grew or shrank by `pinchMinimumDelta`, once per direction
/// per attempt.
// @Gesture 3: case pinch(PinchDirection) line: direction

// @GestureSetting 8: pinchMinimumDelta = 100.0 key: pinch-min-delta range: 0...10_000 help: px the finger distance must grow or shrink

extension Gesture {
    public enum PinchDirection: String, Sendable, CaseIterable { case inward, outward }

    static func pinchLabel(_ direction: PinchDirection) -> String {
        direction == .outward ? "Outward Pinch" : "Inward Pinch"
    }

    /// Replay compares the direction.
    static func pinchReplayDetails(_ direction: PinchDirection) -> [String] { [direction.rawValue] }
}
