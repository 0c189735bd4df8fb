/// The swipe's rule, and what each recognizer came nearest to when a touch sequence ends
/// with no gesture (docs/gestures.md, "Why it did not fire").
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
    func swipeJudgement(_ s: Attempt, horizontal: Bool) -> SwipeJudgement {
        let needs = settings.swipeMinimumLength * lengthScale
        var direction = 0.0
        var shortest = Double.infinity
        var opposite = false
        var worst: (across: Double, limit: Double)?
        for finger in s.fingers {
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

    /// One near miss per recognizer that came close, for a sequence that fired nothing:
    /// a checkmark that was drawn down then up; the nearest taught stroke within 0.1 of its
    /// score; a swipe whose fingers travelled at least half its length, or went far enough
    /// but strayed at most three times the limit; a pinch that changed at least half its delta; a turn of at least half
    /// the rotation's angle. Empty when none came close.
    func nearMisses(of s: Attempt) -> [NearMiss] {
        var misses: [NearMiss] = []
        let n = NearMiss.number
        if s.maximumFingers == 1 {
            if let miss = s.checkmarkMiss, miss.rule.rawValue > CheckmarkMiss.Rule.direction.rawValue {
                misses.append(miss.nearMiss)
            }
            if let nearest = s.nearestStroke, let miss = settings.strokes.nearMiss(nearest) { misses.append(miss) }
        }
        if let swipe = swipeMiss(s) { misses.append(swipe) }
        let delta = settings.pinchMinimumDelta * lengthScale
        if s.maximumFingers == 2, s.largestPinchChange >= delta / 2 {
            misses.append(NearMiss(recognizer: .pinch, reason: "distance changed \(n(s.largestPinchChange)) px, needs \(n(delta))",
                                   setting: .pinchMinimumDelta, value: s.largestPinchChange, limit: delta))
        }
        if s.largestTurn >= settings.rotationMinimumAngle / 2 {
            misses.append(NearMiss(recognizer: .rotation, reason: "turned \(n(s.largestTurn)) degrees, needs \(n(settings.rotationMinimumAngle))",
                                   setting: .rotationMinimumAngle, value: s.largestTurn, limit: settings.rotationMinimumAngle))
        }
        return misses
    }

    /// The swipe's nearest miss on the fingers as they lifted (each finger's last place):
    /// the axis the fingers went further along.
    private func swipeMiss(_ s: Attempt) -> NearMiss? {
        guard !s.swipeReported, !s.fingers.isEmpty || !s.lifted.isEmpty else { return nil }
        let saved = s.fingers
        s.fingers = s.lifted
        defer { s.fingers = saved }
        let n = NearMiss.number
        let horizontal = s.fingers.reduce(0) { $0 + abs($1.location.x - $1.start.x) }
            >= s.fingers.reduce(0) { $0 + abs($1.location.y - $1.start.y) }
        let needs = settings.swipeMinimumLength * lengthScale
        switch swipeJudgement(s, horizontal: horizontal) {
        case .swipe: return nil
        case .short(let travelled, let needs):
            guard travelled >= needs / 2 else { return nil }
            return NearMiss(recognizer: .swipe, reason: "a finger travelled \(n(travelled)) px along the axis, needs \(n(needs))",
                            setting: .swipeMinimumLength, value: travelled, limit: needs)
        case .opposite:
            return NearMiss(recognizer: .swipe, reason: "the fingers went opposite ways", setting: nil, value: 0, limit: needs)
        case .strayed(let across, let limit):
            guard across <= 3 * limit else { return nil }
            return NearMiss(recognizer: .swipe, reason: "strayed \(n(across)) px off the axis, the limit is \(n(limit))",
                            setting: limit > settings.swipeMaximumVariance * lengthScale ? GestureSettings.Key.swipeMaximumAngle : .swipeMaximumVariance,
                            value: across, limit: limit)
        }
    }
}
