// @Gesture 5: case longPress(fingers: Int) name: longpress line: fingers

/// UIKit's UILongPressGestureRecognizer: 0.5 s, 10 px of allowable movement.
// @GestureSetting 13: longPressDuration = 0.5 key: longpress-duration range: 0...60 help: s fingers must be held for a long press
// @GestureSetting 14: longPressAllowableMovement = 10.0 key: longpress-max-movement range: 0...10_000 help: px a held finger may move

extension Gesture {
    static func longPressLabel(fingers: Int) -> String {
        fingers == 1 ? "Long Press Detected" : "\(fingers)-Finger Long Press Detected"
    }

    /// Replay compares the fingers.
    static func longPressReplayDetails(fingers: Int) -> [String] { ["\(fingers) fingers"] }
}
