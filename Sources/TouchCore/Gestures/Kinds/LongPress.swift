// @Gesture 5: case longPress(fingers: Int) name: longpress line: fingers
//     recognizer: LongPressRecognizer precedence: 60

/// UIKit's UILongPressGestureRecognizer: 0.5 s, 10 px of allowable movement.
// @GestureSetting 13: longPressDuration = 0.5 key: longpress-duration range: 0...60
//     help: s fingers must be held for a long press
// @GestureSetting 14: longPressAllowableMovement = 10.0 key: longpress-max-movement
//     range: 0...10_000 help: px a held finger may move

extension Gesture {
    static func longPressLabel(fingers: Int) -> String {
        fingers == 1 ? "Long Press Detected" : "\(fingers)-Finger Long Press Detected"
    }

    /// Replay compares the fingers.
    static func longPressReplayDetails(fingers: Int) -> [String] { ["\(fingers) fingers"] }
}

/// UIKit's long press: 1 to 5 fingers held `longPressDuration` after the last one landed,
/// none having moved more than `longPressAllowableMovement` nor lifted; reported once, by
/// `expire(at:)`, while they are still down. A held finger is no tap (it marks the attempt
/// recognized). It decides against no other recognizer, so it runs last.
final class LongPressRecognizer: GestureRecognizer {
    private var reported = false
    /// A finger moved too far, lifted, or a sixth landed.
    private var failed = false

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) {
        reported = false
        failed = false
    }

    func fingerBegan(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        if attempt.fingers.count > 5 { failed = true }
    }

    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        let limit = detector.settings.longPressAllowableMovement * detector.lengthScale
        if attempt.farthestTravel > limit { failed = true }
    }

    func fingerEnded(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        failed = true
    }

    func deadline(of attempt: GestureDetector.Attempt?, detector: GestureDetector) -> Double? {
        guard let attempt, !reported, !failed else { return nil }
        return attempt.lastBegan + detector.settings.longPressDuration
    }

    func expire(at now: Double, attempt: GestureDetector.Attempt?, detector: GestureDetector, found: inout [Gesture]) {
        guard let attempt, let deadline = deadline(of: attempt, detector: detector), now >= deadline else { return }
        reported = true
        attempt.recognized = true  // a held finger is no tap
        attempt.fired = true
        found.append(.longPress(fingers: attempt.fingers.count))
    }
}
