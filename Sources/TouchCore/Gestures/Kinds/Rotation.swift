/// The total turn of two fingers, in whole degrees.
// @Gesture 6: case rotation(RotationDirection, degrees: Int) line: direction degrees

/// Two fingers must turn at least this much for a rotation.
// @GestureSetting 15: rotationMinimumAngle = 25.0 key: rotation-min-angle range: 0...360 help: degrees two fingers must turn for a rotation

extension Gesture {
    /// On screen, y growing downward.
    public enum RotationDirection: String, Sendable, CaseIterable { case clockwise, counterclockwise }

    static func rotationLabel(_ direction: RotationDirection, degrees: Int) -> String {
        "Rotated \(degrees) degrees \(direction.rawValue)"
    }

    /// Replay compares the direction, not the degrees (they vary between runs).
    static func rotationReplayDetails(_ direction: RotationDirection, degrees: Int) -> [String] { [direction.rawValue] }
}
