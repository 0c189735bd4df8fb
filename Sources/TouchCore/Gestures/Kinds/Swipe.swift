/// Two to five fingers that travelled together along one axis (reported while they move),
/// or one finger's stroke that is no checkmark nor taught stroke (judged when it lifts).
// @Gesture 2: case swipe(Axis, fingers: Int) line: direction fingers

// @GestureSetting 5: swipeMinimumLength = 25.0 key: swipe-min-length range: 0...10_000 help: px every finger must travel along the axis
// @GestureSetting 6: swipeMaximumVariance = 5.0 key: swipe-max-variance range: 0...10_000 help: px a swiping finger may stray off the axis at least
/// A swiping finger may stray off the axis by its travel times the tangent of this
/// (or `swipeMaximumVariance`, whichever is more): hands wander more the further they
/// go (Chromium allows 20 degrees; 15 keeps a finger 20 degrees off the axis out).
// @GestureSetting 7: swipeMaximumAngle = 15.0 key: swipe-max-angle range: 0...90 help: degrees off the axis a swiping finger may stray, against its travel

extension Gesture {
    public enum Axis: String, Sendable, CaseIterable { case horizontal, vertical }

    static func swipeLabel(_ axis: Axis, fingers: Int) -> String {
        let counts = ["", "Double ", "Triple ", "Quadruple ", "Quintuple "]
        let prefix = counts[min(max(fingers, 1), 5) - 1]
        return "\(prefix)\(axis == .horizontal ? "Horizontal" : "Vertical") Swipe Detected"
    }

    /// Replay compares the axis and the fingers.
    static func swipeReplayDetails(_ axis: Axis, fingers: Int) -> [String] { [axis.rawValue, "\(fingers) fingers"] }
}
