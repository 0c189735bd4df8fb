/// A one-finger stroke that matched a taught stroke (`StrokeTemplates`), with its
/// score (0...1).
// @Gesture 8: case template(name: String, score: Double) line: template score
//     recognizer: TemplateRecognizer precedence: 20 nearmiss: named
//     settings: strokeMinimumScore strokeMinimumDirection strokeMaximumRounding
// @GestureLineKey 7: template = .optional(.string).pattern("^[a-z0-9][a-z0-9-]*$").described(#"The
//     taught stroke that matched (docs/gestures.md, "Taught strokes")."#).conditional
/// To two decimals, as written (`Gesture.logged`).
// @GestureLineKey 8: score = .optional(.number).range(0...1).conditional

// @GestureSetting 19: strokeMinimumScore at strokes.minimumScore key: stroke-min-score range: 0...1
//     help: least score (0-1) of the nearest taught stroke that names a stroke
// @GestureSetting 20: strokeMinimumDirection at strokes.minimumDirection key: stroke-min-direction
//     range: 0...1 help: least agreement (0-1) of a stroke's steps with the taught stroke's
// @GestureSetting 21: strokeMaximumRounding at strokes.maximumRounding key: stroke-max-rounding
//     range: 0...180
//     help: degrees a stroke's sharpest corner may be rounder than the taught stroke's
/// Taught strokes, matched when a one-finger stroke that is no checkmark lifts. The
/// client loads them from files and hands them over here, once.
// @GestureStored strokes = StrokeTemplates()

extension Gesture {
    static func templateLabel(name: String, score: Double) -> String { "Stroke: \(name)" }

    /// Replay compares the name alone (`template`), not which stroke nor its score.
    static func templateReplayDetails(name: String, score: Double) -> [String] { [] }
}

/// Claims a one-finger stroke the checkmark did not that is near enough a taught stroke
/// (`StrokeTemplates.accepts`), before the swipe: a taught line is a straight stroke too.
final class TemplateRecognizer: GestureRecognizer {
    /// The taught stroke nearest the last stroke, kept for its near miss.
    private var nearest: StrokeTemplates.Nearest?

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) { nearest = nil }

    func strokeEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector) -> Gesture? {
        let strokes = detector.settings.strokes
        nearest = strokes.nearest(attempt.stroke)
        guard let nearest, strokes.accepts(nearest) else { return nil }
        attempt.recognized = true
        attempt.fired = true
        return .template(name: nearest.name, score: nearest.score)
    }

    /// The nearest taught stroke, within 0.1 of its score.
    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {
        guard attempt.maximumFingers == 1, let nearest, let miss = detector.settings.strokes.nearMiss(nearest) else { return }
        misses.append(miss)
    }

    func cancel() { nearest = nil }
}
