/// A step as its guide writes it (docs/event-log.md, the `qualify` line's `guide`; the
/// qualify report's steps): its places and figures under the keys its kind needs, a line
/// `from`, `to`, `seconds`; taps `at`, `count`; corners `points`; a hold `at`, `seconds`;
/// a drumroll `seconds`; the others nothing. The kind is written beside the guide, not in
/// it, so reading one takes the kind: `init?(kind:from:to:at:points:seconds:count:)` is
/// the one rule both readers (the log's and the report's) go through.
extension QualifyStep {
    /// The guide's keys, in the order the log writes them.
    public enum GuideKey: String, CodingKey, CaseIterable, Sendable {
        case from, to, at, points, seconds, count
    }

    /// The most places a corners guide holds: a plan's are five. A hostile log's line of
    /// 170,000 places was kept whole in the report, its JSON 25 times the line in memory.
    public static let mostGuidePlaces = 100

    /// The step a guide describes, or nil when the kind has no steps of its own (`card`,
    /// `plan`) or the guide lacks what the kind needs or holds what none can be (a hostile
    /// or truncated log): points are two finite numbers, 1 to `mostGuidePlaces` of them,
    /// seconds finite and positive, a count positive.
    public init?(kind: QualifyKind, from: [Double]? = nil, to: [Double]? = nil, at: [Double]? = nil,
                 points: [[Double]]? = nil, seconds: Double? = nil, count: Int? = nil) {
        func point(_ pair: [Double]?) -> Point? {
            guard let pair, pair.count == 2, pair.allSatisfy(\.isFinite) else { return nil }
            return Point(x: pair[0], y: pair[1])
        }
        let seconds = seconds.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        switch kind {
        case .line:
            guard let from = point(from), let to = point(to), let seconds else { return nil }
            self = .line(from: from, to: to, seconds: seconds)
        case .hold:
            guard let at = point(at), let seconds else { return nil }
            self = .hold(at: at, seconds: seconds)
        case .taps:
            guard let at = point(at), let count, count > 0 else { return nil }
            self = .taps(at: at, count: count)
        case .corners:
            guard let points, (1...Self.mostGuidePlaces).contains(points.count) else { return nil }
            let places = points.compactMap(point)
            guard places.count == points.count else { return nil }
            self = .corners(places)
        case .maximumContacts: self = .maximumContacts
        case .pinch: self = .pinch
        case .drumroll:
            guard let seconds else { return nil }
            self = .drumroll(seconds: seconds)
        case .edges: self = .edges
        case .card, .plan: return nil
        }
    }

    /// Each key the guide writes and its value, in `GuideKey`'s order: places as
    /// [x, y] (corners as a list of them), seconds and counts as numbers.
    public enum GuideValue: Equatable, Sendable {
        case point(Point), points([Point]), seconds(Double), count(Int)
    }

    public var guideEntries: [(key: GuideKey, value: GuideValue)] {
        switch self {
        case .line(let from, let to, let seconds): [(.from, .point(from)), (.to, .point(to)), (.seconds, .seconds(seconds))]
        case .hold(let at, let seconds): [(.at, .point(at)), (.seconds, .seconds(seconds))]
        case .taps(let at, let count): [(.at, .point(at)), (.count, .count(count))]
        case .corners(let points): [(.points, .points(points))]
        case .drumroll(let seconds): [(.seconds, .seconds(seconds))]
        case .maximumContacts, .pinch, .edges: []
        }
    }
}

/// The report's JSON writes a step's guide with these keys; reading it back takes the
/// step's kind (`init(kind:guideFrom:)`).
extension QualifyStep: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: GuideKey.self)
        for (key, value) in guideEntries {
            switch value {
            case .point(let p): try c.encode([p.x, p.y], forKey: key)
            case .points(let points): try c.encode(points.map { [$0.x, $0.y] }, forKey: key)
            case .seconds(let seconds): try c.encode(seconds, forKey: key)
            case .count(let count): try c.encode(count, forKey: key)
            }
        }
    }

    /// The step whose guide `decoder` holds, of kind `kind`; nil where the guide does not
    /// describe one (see `init?(kind:from:...)`).
    public init?(kind: QualifyKind, guideFrom decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: GuideKey.self)
        self.init(kind: kind, from: try c.decodeIfPresent([Double].self, forKey: .from),
                  to: try c.decodeIfPresent([Double].self, forKey: .to), at: try c.decodeIfPresent([Double].self, forKey: .at),
                  points: try c.decodeIfPresent([[Double]].self, forKey: .points),
                  seconds: try c.decodeIfPresent(Double.self, forKey: .seconds),
                  count: try c.decodeIfPresent(Int.self, forKey: .count))
    }
}
