/// A one-finger stroke down then up (CheckmarkShape), judged when the finger lifts.
// @Gesture 4: case checkmark line: recognizer: CheckmarkRecognizer precedence: 10 nearmiss: fixed
//     settings: checkmarkMinimumLength checkmarkMinimumAngle checkmarkMaximumAngle

// @GestureSetting 9: checkmarkMinimumAngle = 50.0 key: checkmark-min-angle range: 0...180
//     help: degrees, smallest turn that makes a checkmark
// @GestureSetting 10: checkmarkMaximumAngle = 160.0 key: checkmark-max-angle range: 0...180
//     help: degrees, largest turn that makes a checkmark
// @GestureSetting 11: checkmarkMinimumLength = 10.0 key: checkmark-min-length range: 0...10_000
//     help: px drawn before the turn
/// Strokes are measured over segments at least this long, so a digitizer's 1 px
/// jitter does not read as a sharp turn.
// @GestureSetting 12: checkmarkSegmentLength = 8.0 key: checkmark-segment-length range: 0...10_000
//     help: px over which stroke direction is measured
/// The checkmark rule's shape limits that no `--gesture` key sets: chosen on people's
/// strokes by `CheckmarkTuner` (CheckmarkLimits). A field so that the held-out
/// measurement can judge a person under the limits chosen without them.
// @GestureStored checkmarkLimits = CheckmarkLimits.shipped

extension Gesture {
    static func checkmarkLabel() -> String { "Checkmark" }

    /// Replay compares the name alone.
    static func checkmarkReplayDetails() -> [String] { [] }
}

/// Claims a one-finger stroke that has the checkmark's shape (`CheckmarkShape`), first of
/// all: a checkmark's legs are a fine swipe and may look like a taught stroke, and its
/// label must not flash up before the check is drawn.
final class CheckmarkRecognizer: GestureRecognizer {
    /// The rule the last stroke failed (nil when it was a checkmark, or no stroke lifted).
    private var miss: CheckmarkMiss?

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) { miss = nil }

    func strokeEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector) -> Gesture? {
        miss = CheckmarkShape.judge(attempt.stroke, settings: detector.settings)
        guard miss == nil else { return nil }
        attempt.recognized = true
        attempt.fired = true
        return .checkmark
    }

    /// A stroke that went down then up and failed a later rule of the shape.
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {
        guard attempt.maximumFingers == 1, let miss, miss.rule.rawValue > CheckmarkMiss.Rule.direction.rawValue else { return }
        misses.append(miss.nearMiss)
    }

    func cancel() { miss = nil }
}
