/// Two fingers whose distance grew or shrank by `pinchMinimumDelta`, once per direction
/// per attempt.
// @Gesture 3: case pinch(PinchDirection) line: direction recognizer: PinchRecognizer precedence: 40
//     nearmiss: fixed settings: pinchMinimumDelta

// @GestureSetting 8: pinchMinimumDelta = 100.0 key: pinch-min-delta range: 0...10_000
//     help: px the finger distance must grow or shrink

extension Gesture {
    public enum PinchDirection: String, Sendable, CaseIterable { case inward, outward }

    static func pinchLabel(_ direction: PinchDirection) -> String {
        direction == .outward ? "Outward Pinch" : "Inward Pinch"
    }

    /// Replay compares the direction.
    static func pinchReplayDetails(_ direction: PinchDirection) -> [String] { [direction.rawValue] }
}

/// Two fingers whose distance changed by `pinchMinimumDelta` from where it was when the
/// second landed, reported while they move, once per direction per attempt.
final class PinchRecognizer: GestureRecognizer {
    /// The distance between the two fingers when the second landed; nil unless exactly two
    /// are down.
    private var reference: Double?
    private var reportedInward = false
    private var reportedOutward = false
    /// The largest change seen, for the near miss.
    private var largestChange = 0.0

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) {
        cancel()
    }

    /// The reference is taken when the second finger lands (none with one or three).
    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        reference = Self.distance(attempt)
    }

    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        guard attempt.maximumFingers > 1, let reference, let distance = Self.distance(attempt) else { return }
        largestChange = max(largestChange, abs(distance - reference))
        let delta = detector.settings.pinchMinimumDelta * detector.lengthScale
        if distance - reference > delta, !reportedOutward {
            reportedOutward = true
            attempt.recognized = true
            attempt.fired = true
            found.append(.pinch(.outward))
        } else if reference - distance > delta, !reportedInward {
            reportedInward = true
            attempt.recognized = true
            attempt.fired = true
            found.append(.pinch(.inward))
        }
    }

    /// A lift ends the pinch: two were down and one is left, or three were, and then a
    /// pinch had no reference already.
    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        reference = nil
    }

    /// Two fingers whose distance changed at least half the delta.
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {
        let delta = detector.settings.pinchMinimumDelta * detector.lengthScale
        guard attempt.maximumFingers == 2, largestChange >= delta / 2 else { return }
        let n = NearMiss.number
        misses.append(NearMiss(recognizer: .pinch, reason: "distance changed \(n(largestChange)) px, needs \(n(delta))",
                               setting: .pinchMinimumDelta, value: largestChange, limit: delta))
    }

    func cancel() {
        reference = nil
        reportedInward = false
        reportedOutward = false
        largestChange = 0
    }

    private static func distance(_ attempt: GestureDetector.Attempt) -> Double? {
        guard attempt.fingers.count == 2 else { return nil }
        return attempt.fingers[0].location.distance(to: attempt.fingers[1].location)
    }
}
