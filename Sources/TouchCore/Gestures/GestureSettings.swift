/// Every gesture threshold, in logical pixels, seconds and degrees, in one place.
///
/// Defaults are the numbers of the UIKit exercises we follow (docs/concepts.md) where they give one (swipe 25 px within 5 px, pinch
/// 100 px, checkmark 50-135 degrees after 10 px, taps resolved after 0.4 s, labels kept
/// 1.6 s or 2 s). Where they leave a value open, it follows mature toolkits (docs/gestures.md):
/// tap slop 10 px (Qt's drag distance; GTK 8, Android 8 dp), taps belong together within
/// 45 px (UIKit), a tap lasts at most 0.5 s (Android's long-press timeout).
/// Users override any of them with `--gesture KEY=VALUE` or a config file.
// @GestureSettings
//
// Each setting is declared with its gesture, in Kinds/<Name>.swift (those of no one gesture,
// the labels', here), one line each, the number ordering the keys (`--help`, the man page):
//
//   /// Why the default is what it is (the stored property's doc comment).
//   // @GestureSetting 4: tapDistance = 45.0 key: tap-distance range: 0...10_000 help: px within ...
//   // @GestureSetting 19: strokeMinimumScore at strokes.minimumScore key: ... (a nested value)
//   // @GestureStored strokes = StrokeTemplates()   (a stored field no key sets)
//
// scripts/generate-gesture-code writes the struct's stored properties, `Key`, `keys` and
// `range(of:)` into GestureSettings+Generated.swift.

// @GestureSetting 17: labelDuration = 1.6 key: label-duration range: 0...60
//     help: s a tap, pinch, checkmark, long-press or rotation label stays
// @GestureSetting 18: swipeLabelDuration = 2.0 key: swipe-label-duration range: 0...60
//     help: s a swipe label stays

extension GestureSettings {
    /// A default as people write it: 10, 0.5, 1.6.
    public static func defaultText(for path: WritableKeyPath<GestureSettings, Double>) -> String {
        let value = GestureSettings()[keyPath: path]
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    public struct InvalidSetting: Error, CustomStringConvertible {
        public let description: String
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
