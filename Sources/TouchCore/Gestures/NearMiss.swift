/// Why a recognizer did not fire on a touch sequence that came close: the rule it failed
/// nearest to passing, the measured value and the limit, and the setting that moves the
/// limit (docs/gestures.md, "Why it did not fire"). When a sequence ends with no gesture,
/// the session reports one `nearMiss` event with one of these per recognizer that came
/// close, and the event log writes it as one `nearmiss` line.
public struct NearMiss: Equatable, Sendable {
    public let recognizer: Recognizer
    /// What was measured against what was needed, in words: "strayed 7.5 px off the axis,
    /// the limit is 5".
    public let reason: String
    /// The `--gesture` key that sets the limit, nil for a fixed rule of the shape.
    public let setting: GestureSettings.Key?
    public let value: Double
    public let limit: Double

    public init(recognizer: Recognizer, reason: String, setting: GestureSettings.Key?, value: Double, limit: Double) {
        self.recognizer = recognizer
        self.reason = reason
        self.setting = setting
        self.value = value
        self.limit = limit
    }

    /// "swipe: strayed 7.5 px off the axis, the limit is 5 (swipe-max-variance)".
    public var text: String {
        "\(recognizer.rawValue): \(reason)" + (setting.map { " (\($0.rawValue))" } ?? "")
    }

    /// The line's text for `misses`: each miss's text, joined with "; ", or "nothing came
    /// close".
    public static func text(of misses: [NearMiss]) -> String {
        misses.isEmpty ? "nothing came close" : misses.map(\.text).joined(separator: "; ")
    }

    /// A number as the line writes it: at most one decimal, or two below 1.
    static func number(_ value: Double) -> String {
        let places = abs(value) < 1 ? 100.0 : 10.0
        let rounded = (value * places).rounded() / places
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension NearMiss.Recognizer: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let recognizer = Self(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no recognizer '\(text)'"))
        }
        self = recognizer
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The checkmark's failed rule (CheckmarkShape), for a near miss. The rules are numbered in
/// the order the shape is checked, so a later rule means the stroke got further.
struct CheckmarkMiss: Equatable {
    enum Rule: Int {
        case length, firstLeg, secondLeg, legRatio, legRatioAbove, direction, sideways, turn, turnAbove, notV, closed, straight
    }
    let rule: Rule
    let value: Double
    let limit: Double

    /// How far below the limit, relative to it (for the nearest of two misses of one rule).
    var shortfall: Double { limit == 0 ? 1 : abs(value - limit) / abs(limit) }

    var nearMiss: NearMiss {
        let n = NearMiss.number
        let (reason, setting): (String, GestureSettings.Key?) = switch rule {
        case .length: ("drawn \(n(value)) px, needs \(n(limit))", .checkmarkMinimumLength)
        case .firstLeg: ("first leg \(n(value)) px, needs \(n(limit))", .checkmarkMinimumLength)
        case .secondLeg: ("second leg \(n(value)) px, needs \(n(limit))", .checkmarkMinimumLength)
        case .legRatio: ("second leg \(n(value)) times the first, needs \(n(limit))", nil)
        case .legRatioAbove: ("second leg \(n(value)) times the first, at most \(n(limit))", nil)
        case .direction: ("not down then up", nil)
        case .sideways: ("went sideways \(n(value)) of the second leg, needs \(n(limit))", nil)
        case .turn: ("turn \(n(value)) degrees, needs \(n(limit))", .checkmarkMinimumAngle)
        case .turnAbove: ("turn \(n(value)) degrees, at most \(n(limit))", .checkmarkMaximumAngle)
        case .notV: ("first leg \(n(value)) degrees steep, a check's at most \(n(limit)) (a V)", nil)
        case .closed: ("ends \(n(value)) of the second leg apart, needs \(n(limit))", nil)
        case .straight: ("legs bow \(n(value)) of their length, at most \(n(limit))", nil)
        }
        return NearMiss(recognizer: .checkmark, reason: reason, setting: setting, value: value, limit: limit)
    }
}
