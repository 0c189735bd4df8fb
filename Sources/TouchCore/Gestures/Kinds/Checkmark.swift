/// A one-finger stroke down then up (CheckmarkShape), judged when the finger lifts.
// @Gesture 4: case checkmark line:

// @GestureSetting 9: checkmarkMinimumAngle = 50.0 key: checkmark-min-angle range: 0...180 help: degrees, smallest turn that makes a checkmark
// @GestureSetting 10: checkmarkMaximumAngle = 160.0 key: checkmark-max-angle range: 0...180 help: degrees, largest turn that makes a checkmark
// @GestureSetting 11: checkmarkMinimumLength = 10.0 key: checkmark-min-length range: 0...10_000 help: px drawn before the turn
/// Strokes are measured over segments at least this long, so a digitizer's 1 px
/// jitter does not read as a sharp turn.
// @GestureSetting 12: checkmarkSegmentLength = 8.0 key: checkmark-segment-length range: 0...10_000 help: px over which stroke direction is measured
/// The checkmark rule's shape limits that no `--gesture` key sets: chosen on people's
/// strokes by `CheckmarkTuner` (CheckmarkLimits). A field so that the held-out
/// measurement can judge a person under the limits chosen without them.
// @GestureStored checkmarkLimits = CheckmarkLimits.shipped

extension Gesture {
    static func checkmarkLabel() -> String { "Checkmark" }

    /// Replay compares the name alone.
    static func checkmarkReplayDetails() -> [String] { [] }
}
