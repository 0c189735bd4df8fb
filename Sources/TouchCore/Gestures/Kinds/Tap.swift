/// A tap of one finger (counted up to four, as UIKit's tapCount) or of several (a single
/// tap). Its rule is `TapCounter`'s, run by the detector for every attempt.
// @Gesture 1: case tap(count: Int) line: count
/// A tap's count, 1 to 4.
// @GestureLineKey 2: count = .optional(.integer).range(1...4).conditional

// @GestureSetting 1: tapSlop = 10.0 key: tap-slop range: 0...10_000
//     help: px a finger may move and still tap
// @GestureSetting 2: tapMaximumDuration = 0.5 key: tap-max-duration range: 0...60
//     help: s from down to up for a tap
// @GestureSetting 3: tapInterval = 0.4 key: tap-interval range: 0...60
//     help: s within which the next tap must begin; taps are reported after it
// @GestureSetting 4: tapDistance = 45.0 key: tap-distance range: 0...10_000
//     help: px within which successive taps count together

extension Gesture {
    static func tapLabel(count: Int) -> String {
        let names = ["Single", "Double", "Triple", "Quadruple"]
        return "\(names[min(max(count, 1), 4) - 1]) Tap Detected"
    }

    /// Replay compares the count.
    static func tapReplayDetails(count: Int) -> [String] { ["count \(count)"] }
}
