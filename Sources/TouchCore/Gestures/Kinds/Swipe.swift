/// Two to five fingers that travelled together along one axis (reported while they move),
/// or one finger's stroke that is no checkmark nor taught stroke (judged when it lifts).
// @Gesture 2: case swipe(Axis, fingers: Int) line: direction fingers recognizer: SwipeRecognizer
//     precedence: 30 nearmiss: fixed
//     settings: swipeMinimumLength swipeMaximumVariance swipeMaximumAngle
/// Its set is the gesture's: its case's type's (`keysAndDirection(of:)`).
// @GestureLineKey 4: direction = .optional(.closed).conditional
// @GestureLineKey 5: fingers = .optional(.integer).range(1...5).conditional

// @GestureSetting 5: swipeMinimumLength = 25.0 key: swipe-min-length range: 0...10_000
//     help: px every finger must travel along the axis
// @GestureSetting 6: swipeMaximumVariance = 5.0 key: swipe-max-variance range: 0...10_000
//     help: px a swiping finger may stray off the axis at least
/// A swiping finger may stray off the axis by its travel times the tangent of this
/// (or `swipeMaximumVariance`, whichever is more): hands wander more the further they
/// go (Chromium allows 20 degrees; 15 keeps a finger 20 degrees off the axis out).
// @GestureSetting 7: swipeMaximumAngle = 15.0 key: swipe-max-angle range: 0...90
//     help: degrees off the axis a swiping finger may stray, against its travel

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

/// Swipes and edge swipes: two to five fingers' while they move, once per attempt; one
/// finger's when it lifts, if no stroke shape before it (checkmark, taught stroke) claimed
/// the stroke. From an edge, away from it, with every finger landed at that edge, it is an
/// edge swipe instead (`Finger.edge`).
final class SwipeRecognizer: GestureRecognizer {
    private var reported = false

    init() {}

    func attemptBegan(_ attempt: GestureDetector.Attempt) { reported = false }

    func fingersMoved(in attempt: GestureDetector.Attempt, detector: GestureDetector, found: inout [Gesture]) {
        guard attempt.maximumFingers > 1, let swipe = detect(attempt, detector: detector) else { return }
        found.append(swipe)
    }

    func strokeEnded(_ attempt: GestureDetector.Attempt, at now: Double, detector: GestureDetector) -> Gesture? {
        detect(attempt, detector: detector)
    }

    func nearMisses(of attempt: GestureDetector.Attempt, detector: GestureDetector, into misses: inout [NearMiss]) {
        if let miss = nearMiss(of: attempt, detector: detector) { misses.append(miss) }
    }

    func cancel() { reported = false }

    private func detect(_ attempt: GestureDetector.Attempt, detector: GestureDetector) -> Gesture? {
        guard !reported, (1...5).contains(attempt.fingers.count) else { return nil }
        func qualifies(_ horizontal: Bool) -> Double? {
            if case .swipe(let direction) = detector.swipeJudgement(attempt.fingers, horizontal: horizontal) { return direction }
            return nil
        }
        let axis: Gesture.Axis
        let direction: Double
        if let d = qualifies(true) { axis = .horizontal; direction = d } else if let d = qualifies(false) {
            axis = .vertical
            direction = d
        } else {
            return nil
        }
        reported = true
        attempt.recognized = true
        attempt.fired = true
        // From an edge, away from it: every finger landed at that edge.
        let away: Gesture.Edge = switch (axis, direction > 0) {
        case (.horizontal, true): .left
        case (.horizontal, false): .right
        case (.vertical, true): .top
        case (.vertical, false): .bottom
        }
        if attempt.fingers.allSatisfy({ $0.edge == away }) { return .edgeSwipe(away, fingers: attempt.fingers.count) }
        return .swipe(axis, fingers: attempt.fingers.count)
    }

    /// The swipe's nearest miss on the fingers as they lifted (each finger's last place),
    /// along the axis the fingers went further: fingers that travelled at least half the
    /// length, went opposite ways, or went far enough but strayed at most three times the
    /// limit.
    private func nearMiss(of attempt: GestureDetector.Attempt, detector: GestureDetector) -> NearMiss? {
        let fingers = attempt.lifted
        guard !reported, !fingers.isEmpty else { return nil }
        let n = NearMiss.number
        let horizontal = fingers.reduce(0) { $0 + abs($1.location.x - $1.start.x) }
            >= fingers.reduce(0) { $0 + abs($1.location.y - $1.start.y) }
        let settings = detector.settings
        let needs = settings.swipeMinimumLength * detector.lengthScale
        switch detector.swipeJudgement(fingers, horizontal: horizontal) {
        case .swipe: return nil
        case .short(let travelled, let needs):
            guard travelled >= needs / 2 else { return nil }
            return NearMiss(recognizer: .swipe, reason: "a finger travelled \(n(travelled)) px along the axis, needs \(n(needs))",
                            setting: .swipeMinimumLength, value: travelled, limit: needs)
        case .opposite:
            return NearMiss(recognizer: .swipe, reason: "the fingers went opposite ways", setting: nil, value: 0, limit: needs)
        case .strayed(let across, let limit):
            guard across <= 3 * limit else { return nil }
            let setting: GestureSettings.Key = limit > settings.swipeMaximumVariance * detector.lengthScale
                ? .swipeMaximumAngle : .swipeMaximumVariance
            return NearMiss(recognizer: .swipe, reason: "strayed \(n(across)) px off the axis, the limit is \(n(limit))",
                            setting: setting, value: across, limit: limit)
        }
    }
}

extension GestureDetector {
    /// A swipe along one axis, or the first of its rules the fingers fail.
    enum SwipeJudgement: Equatable {
        /// Every finger qualifies; the direction along the axis (-1 or 1).
        case swipe(Double)
        /// The finger that went least far, and how far each must.
        case short(travelled: Double, needs: Double)
        /// The fingers went opposite ways along the axis.
        case opposite
        /// The finger that strayed most against its limit: how far it strayed off the
        /// axis and how far it could have at its travel.
        case strayed(Double, limit: Double)
    }

    /// How far a finger that has travelled `along` the axis may have strayed off it: the
    /// larger of `swipeMaximumVariance` and its travel times the tangent of
    /// `swipeMaximumAngle`, so a long swipe may wander as much as a hand does, while a
    /// finger going off at an angle never qualifies (as toolkits judge a swipe's angle).
    func strayLimit(along: Double) -> Double {
        let slope = cosineOfDegrees(90 - settings.swipeMaximumAngle) / max(cosineOfDegrees(settings.swipeMaximumAngle), 1e-9)
        return max(settings.swipeMaximumVariance * lengthScale, abs(along) * slope)
    }

    /// Every finger has travelled the minimum along the axis, in the same direction, and
    /// never strayed off it more than its limit (`strayLimit`).
    func swipeJudgement(_ fingers: [Finger], horizontal: Bool) -> SwipeJudgement {
        let needs = settings.swipeMinimumLength * lengthScale
        var direction = 0.0
        var shortest = Double.infinity
        var opposite = false
        var worst: (across: Double, limit: Double)?
        for finger in fingers {
            let along = horizontal ? finger.location.x - finger.start.x : finger.location.y - finger.start.y
            let across = horizontal ? finger.maximumDeviation.y : finger.maximumDeviation.x
            let sign: Double = along < 0 ? -1 : 1
            if direction == 0 { direction = sign }
            if sign != direction { opposite = true }
            shortest = min(shortest, abs(along))
            let limit = strayLimit(along: along)
            if across > limit, worst.map({ across / limit > $0.across / $0.limit }) ?? true { worst = (across, limit) }
        }
        if shortest < needs { return .short(travelled: shortest, needs: needs) }
        if opposite { return .opposite }
        if let worst { return .strayed(worst.across, limit: worst.limit) }
        return .swipe(direction)
    }
}
