/// A one-finger stroke that matched a taught stroke (`StrokeTemplates`), with its
/// score (0...1).
// @Gesture 8: case template(name: String, score: Double) line: template score

// @GestureSetting 19: strokeMinimumScore at strokes.minimumScore key: stroke-min-score range: 0...1 help: least score (0-1) of the nearest taught stroke that names a stroke
// @GestureSetting 20: strokeMinimumDirection at strokes.minimumDirection key: stroke-min-direction range: 0...1 help: least agreement (0-1) of a stroke's steps with the taught stroke's
// @GestureSetting 21: strokeMaximumRounding at strokes.maximumRounding key: stroke-max-rounding range: 0...180 help: degrees a stroke's sharpest corner may be rounder than the taught stroke's
/// Taught strokes, matched when a one-finger stroke that is no checkmark lifts. The
/// client loads them from files and hands them over here, once.
// @GestureStored strokes = StrokeTemplates()

extension Gesture {
    static func templateLabel(name: String, score: Double) -> String { "Stroke: \(name)" }

    /// Replay compares the name alone (`template`), not which stroke nor its score.
    static func templateReplayDetails(name: String, score: Double) -> [String] { [] }
}
