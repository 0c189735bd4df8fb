/// The total turn of two fingers, in whole degrees.
// @Gesture 6: case rotation(RotationDirection, degrees: Int) line: direction degrees
//     recognizer: RotationRecognizer precedence: 50 nearmiss: fixed settings: rotationMinimumAngle
// @GestureLineKey 6: degrees = .optional(.integer).minimum(0).conditional

/// Two fingers must turn at least this much for a rotation.
// @GestureSetting 15: rotationMinimumAngle = 25.0 key: rotation-min-angle range: 0...360
//     help: degrees two fingers must turn for a rotation

extension Gesture {
    /// On screen, y growing downward.
    public enum RotationDirection: String, Sendable, CaseIterable { case clockwise, counterclockwise }

    static func rotationLabel(_ direction: RotationDirection, degrees: Int) -> String {
        "Rotated \(degrees) degrees \(direction.rawValue)"
    }

    /// Replay compares the direction, not the degrees (they vary between runs).
    static func rotationReplayDetails(_ direction: RotationDirection, degrees: Int) -> [String] { [direction.rawValue] }
}

/// The turn of exactly two fingers, tracked while they move and reported when they part (one
/// lifts, or a third lands) if it reached `rotationMinimumAngle`.
final class RotationRecognizer: GestureRecognizer {
    /// The angle of the line between the two fingers at the last frame (nil unless two are
    /// down), and the turn so far (radians, clockwise positive).
    private var angle: Double?
    private var total = 0.0
    /// The largest turn of any pair, in degrees, for the near miss.
    private var largestTurn = 0.0

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) {
        cancel()
    }

    func fingerLanding(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        if attempt.fingers.count == 2 { end(attempt, detector: detector, found: &found) }
    }

    /// The two fingers' turn starts when the second lands.
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        angle = attempt.fingers.count == 2 ? Self.angle(attempt) : nil
        total = 0
    }

    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        if attempt.maximumFingers > 1 { track(attempt) }
    }

    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        if attempt.fingers.count == 2 { end(attempt, detector: detector, found: &found) }
    }

    /// A turn of at least half the angle.
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {
        let needs = detector.settings.rotationMinimumAngle
        guard largestTurn >= needs / 2 else { return }
        let n = NearMiss.number
        misses.append(NearMiss(recognizer: .rotation, reason: "turned \(n(largestTurn)) degrees, needs \(n(needs))",
                               setting: .rotationMinimumAngle, value: largestTurn, limit: needs))
    }

    func cancel() {
        angle = nil
        total = 0
        largestTurn = 0
    }

    private static func angle(_ attempt: GestureDetector.Attempt) -> Double? {
        guard attempt.fingers.count == 2 else { return nil }
        let a = attempt.fingers[0].location, b = attempt.fingers[1].location
        guard a.distance(to: b) > 0 else { return nil }
        return arcTangent(b.y - a.y, b.x - a.x)
    }

    /// Adds the turn since the last frame (y grows downward, so a growing angle turns
    /// clockwise on screen).
    private func track(_ attempt: GestureDetector.Attempt) {
        guard attempt.fingers.count == 2, let now = Self.angle(attempt) else { return }
        if let previous = angle {
            var delta = now - previous
            if delta > Double.pi { delta -= 2 * Double.pi } else if delta < -Double.pi { delta += 2 * Double.pi }
            total += delta
        }
        angle = now
    }

    /// The two fingers part: their total turn, if enough.
    private func end(_ attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        track(attempt)
        let degrees = abs(total) * 180 / Double.pi
        defer {
            angle = nil
            total = 0
        }
        if angle != nil { largestTurn = max(largestTurn, degrees) }
        guard angle != nil, degrees >= detector.settings.rotationMinimumAngle else { return }
        attempt.recognized = true
        attempt.fired = true
        found.append(.rotation(total > 0 ? .clockwise : .counterclockwise, degrees: Int(degrees.rounded())))
    }
}
