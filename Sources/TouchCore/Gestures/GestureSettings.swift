/// Every gesture threshold, in logical pixels, seconds and degrees, in one place.
///
/// Defaults are the numbers of the UIKit exercises we follow (docs/concepts.md) where they give one (swipe 25 px within 5 px, pinch
/// 100 px, checkmark 50-135 degrees after 10 px, taps resolved after 0.4 s, labels kept
/// 1.6 s or 2 s). Where they leave a value open, it follows mature toolkits (docs/gestures.md):
/// tap slop 10 px (Qt's drag distance; GTK 8, Android 8 dp), taps belong together within
/// 45 px (UIKit), a tap lasts at most 0.5 s (Android's long-press timeout).
/// Users override any of them with `--gesture KEY=VALUE` or a config file.
public struct GestureSettings: Equatable, Sendable {
    public var tapSlop = 10.0
    public var tapMaximumDuration = 0.5
    public var tapInterval = 0.4
    public var tapDistance = 45.0
    public var swipeMinimumLength = 25.0
    public var swipeMaximumVariance = 5.0
    /// A swiping finger may stray off the axis by its travel times the tangent of this
    /// (or `swipeMaximumVariance`, whichever is more): hands wander more the further they
    /// go (Chromium allows 20 degrees; 15 keeps a finger 20 degrees off the axis out).
    public var swipeMaximumAngle = 15.0
    public var pinchMinimumDelta = 100.0
    public var checkmarkMinimumAngle = 50.0
    public var checkmarkMaximumAngle = 160.0
    public var checkmarkMinimumLength = 10.0
    /// Strokes are measured over segments at least this long, so a digitizer's 1 px
    /// jitter does not read as a sharp turn.
    public var checkmarkSegmentLength = 8.0
    /// The checkmark rule's shape limits that no `--gesture` key sets: chosen on people's
    /// strokes by `CheckmarkTuner` (CheckmarkLimits). A field so that the held-out
    /// measurement can judge a person under the limits chosen without them.
    public var checkmarkLimits = CheckmarkLimits.shipped
    /// UIKit's UILongPressGestureRecognizer: 0.5 s, 10 px of allowable movement.
    public var longPressDuration = 0.5
    public var longPressAllowableMovement = 10.0
    /// Two fingers must turn at least this much for a rotation.
    public var rotationMinimumAngle = 25.0
    /// A swipe whose fingers all start this close to one window edge is an edge swipe
    /// (UIKit's screen-edge pan starts within about 20 points).
    public var edgeMargin = 24.0
    public var labelDuration = 1.6
    public var swipeLabelDuration = 2.0
    /// Taught strokes, matched when a one-finger stroke that is no checkmark lifts. The
    /// client loads them from files and hands them over here, once.
    public var strokes = StrokeTemplates()

    public init() {}

    /// A `--gesture` key (and a config file's): one per threshold. A near miss names the
    /// one that moves its limit (`NearMiss.setting`), so the log's `setting` is this closed
    /// set, not a string.
    public enum Key: String, CaseIterable, Sendable {
        case tapSlop = "tap-slop"
        case tapMaximumDuration = "tap-max-duration"
        case tapInterval = "tap-interval"
        case tapDistance = "tap-distance"
        case swipeMinimumLength = "swipe-min-length"
        case swipeMaximumVariance = "swipe-max-variance"
        case swipeMaximumAngle = "swipe-max-angle"
        case pinchMinimumDelta = "pinch-min-delta"
        case checkmarkMinimumAngle = "checkmark-min-angle"
        case checkmarkMaximumAngle = "checkmark-max-angle"
        case checkmarkMinimumLength = "checkmark-min-length"
        case checkmarkSegmentLength = "checkmark-segment-length"
        case longPressDuration = "longpress-duration"
        case longPressAllowableMovement = "longpress-max-movement"
        case rotationMinimumAngle = "rotation-min-angle"
        case edgeMargin = "edge-margin"
        case labelDuration = "label-duration"
        case swipeLabelDuration = "swipe-label-duration"
        case strokeMinimumScore = "stroke-min-score"
        case strokeMinimumDirection = "stroke-min-direction"
        case strokeMaximumRounding = "stroke-max-rounding"
    }

    /// The keys accepted by `set`, in `Key`'s order, with what they mean, for --help and
    /// the README. Immutable; key paths are simply not marked Sendable.
    nonisolated(unsafe) public static let keys: [(key: Key, path: WritableKeyPath<GestureSettings, Double>, help: String)] = [
        (.tapSlop, \.tapSlop, "px a finger may move and still tap"),
        (.tapMaximumDuration, \.tapMaximumDuration, "s from down to up for a tap"),
        (.tapInterval, \.tapInterval, "s within which the next tap must begin; taps are reported after it"),
        (.tapDistance, \.tapDistance, "px within which successive taps count together"),
        (.swipeMinimumLength, \.swipeMinimumLength, "px every finger must travel along the axis"),
        (.swipeMaximumVariance, \.swipeMaximumVariance, "px a swiping finger may stray off the axis at least"),
        (.swipeMaximumAngle, \.swipeMaximumAngle, "degrees off the axis a swiping finger may stray, against its travel"),
        (.pinchMinimumDelta, \.pinchMinimumDelta, "px the finger distance must grow or shrink"),
        (.checkmarkMinimumAngle, \.checkmarkMinimumAngle, "degrees, smallest turn that makes a checkmark"),
        (.checkmarkMaximumAngle, \.checkmarkMaximumAngle, "degrees, largest turn that makes a checkmark"),
        (.checkmarkMinimumLength, \.checkmarkMinimumLength, "px drawn before the turn"),
        (.checkmarkSegmentLength, \.checkmarkSegmentLength, "px over which stroke direction is measured"),
        (.longPressDuration, \.longPressDuration, "s fingers must be held for a long press"),
        (.longPressAllowableMovement, \.longPressAllowableMovement, "px a held finger may move"),
        (.rotationMinimumAngle, \.rotationMinimumAngle, "degrees two fingers must turn for a rotation"),
        (.edgeMargin, \.edgeMargin, "px from a window edge where an edge swipe starts"),
        (.labelDuration, \.labelDuration, "s a tap, pinch, checkmark, long-press or rotation label stays"),
        (.swipeLabelDuration, \.swipeLabelDuration, "s a swipe label stays"),
        (.strokeMinimumScore, \.strokes.minimumScore, "least score (0-1) of the nearest taught stroke that names a stroke"),
        (.strokeMinimumDirection, \.strokes.minimumDirection, "least agreement (0-1) of a stroke's steps with the taught stroke's"),
        (.strokeMaximumRounding, \.strokes.maximumRounding, "degrees a stroke's sharpest corner may be rounder than the taught stroke's"),
    ]

    /// A default as people write it: 10, 0.5, 1.6.
    public static func defaultText(for path: WritableKeyPath<GestureSettings, Double>) -> String {
        let value = GestureSettings()[keyPath: path]
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    public struct InvalidSetting: Error, CustomStringConvertible {
        public let description: String
    }

    /// The values `key` takes: what its unit allows (a score 0 to 1, an angle up to a half
    /// turn, or a whole one for a rotation, at most 90 degrees off a swipe's axis), lengths
    /// up to 10,000 px (beyond any screen) and times up to a minute. A hostile-input hunt
    /// found `stroke-min-score 5` (no stroke ever named) and 1e300 s label durations taken.
    public static func range(of key: Key) -> ClosedRange<Double> {
        switch key {
        case .tapMaximumDuration, .tapInterval, .longPressDuration, .labelDuration, .swipeLabelDuration: 0...60
        case .swipeMaximumAngle: 0...90
        case .checkmarkMinimumAngle, .checkmarkMaximumAngle, .strokeMaximumRounding: 0...180
        case .rotationMinimumAngle: 0...360
        case .strokeMinimumScore, .strokeMinimumDirection: 0...1
        case .tapSlop, .tapDistance, .swipeMinimumLength, .swipeMaximumVariance, .pinchMinimumDelta, .checkmarkMinimumLength,
             .checkmarkSegmentLength, .longPressAllowableMovement, .edgeMargin: 0...10_000
        }
    }

    /// Sets one threshold by key; throws for an unknown key or a value that is not a
    /// number in the key's range (`range(of:)`).
    public mutating func set(_ key: String, to text: String) throws {
        guard let entry = Self.keys.first(where: { $0.key.rawValue == key }) else {
            throw InvalidSetting(description: "unknown gesture setting '\(key)' (known: \(Self.keys.map(\.key.rawValue).joined(separator: ", ")))")
        }
        let range = Self.range(of: entry.key)
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let shown = text.count > 40 ? text.prefix(40) + "..." : text
        // Decimal only: Swift's Double reads "0x10" as 16, which nobody writing a length means.
        let decimal = text.trimmingSpaces.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard decimal, let value = Double(text.trimmingSpaces), range.contains(value) else {
            throw InvalidSetting(description: "gesture setting \(key) needs a number from \(number(range.lowerBound)) to \(number(range.upperBound)), not '\(shown)'")
        }
        self[keyPath: entry.path] = value
    }

    /// Throws where two settings contradict each other: a checkmark's smallest turn above
    /// its largest would make no turn a checkmark. Checked once every setting is applied.
    public func checkConsistency() throws {
        guard checkmarkMinimumAngle <= checkmarkMaximumAngle else {
            throw InvalidSetting(description: "gesture setting checkmark-min-angle (\(checkmarkMinimumAngle)) is above checkmark-max-angle (\(checkmarkMaximumAngle)): no turn would make a checkmark")
        }
    }

    /// Applies `key = value` lines; `#` starts a comment. Throws naming the line.
    public mutating func apply(configuration text: String, source: String) throws {
        // "\r\n" is one Character to Swift: lines split on it and on "\n" (not on a lone "\r"
        // or U+2028, which a comment may hold), so a file saved on Windows is read line by
        // line; a byte-order mark is no part of the first key.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for (number, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = String(raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                .trimmingSpaces
            if line.isEmpty { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard parts.count == 2 else {
                throw InvalidSetting(description: "\(source):\(number + 1): expected 'key = value'")
            }
            do { try set(parts[0], to: parts[1]) } catch let error as InvalidSetting {
                throw InvalidSetting(description: "\(source):\(number + 1): \(error.description)")
            }
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
