import TouchCore

/// The core's own near misses, value and limit to thousandths as written
/// (`NearMiss.logged`); the line's `text` is them in words (`NearMiss.text(of:)`).
// @LogLine 18: case nearmiss([NearMiss]) keys: LogLine.NearMissKey

// A `nearmiss` line: a touch sequence ended with no gesture; each recognizer that came
// close and why it did not fire, and the same in words.
extension LogLine {
    public enum NearMissKey: String, LogKey {
        /// The misses in words, for people: required, and read from the misses.
        case text
        case misses
        public var spec: LogKeySpec {
            switch self {
            case .text:
                .required(.string).minLength(1).described("The misses in words, joined with '; ' ('nothing came close' "
                    + "when none did): what key w shows.")
            // Its objects described by their keys alone, as the schema has always said them.
            case .misses: .required(listOf: .object).items(.keys(NearMiss.LineKey.self))
            }
        }
    }

    static func encodeNearmissKeys(_ misses: [NearMiss], into out: inout [UInt8]) {
        NearMissKey.text.write(NearMiss.text(of: misses), into: &out)
        NearMissKey.misses.write(list: misses, of: .object, into: &out) { $0.encode(into: &$1) }
    }

    static func makeNearmiss(from o: LogFields) throws(LogLineError) -> LogLine {
        _ = try o.string(NearMissKey.text)
        return .nearmiss(try o.objects(NearMissKey.misses, NearMiss.init))
    }
}

extension LogLine.NearMissKey: LogLineKey {
    public static var schemaDescription: String? {
        "A touch sequence ended with no gesture: each recognizer that came close and why it did not fire "
            + "(docs/gestures.md, 'Why it did not fire'). The limit a miss names is changed with --gesture SETTING=VALUE "
            + "(touchspots --help lists the keys)."
    }
}

extension NearMiss {
    /// An entry of a `nearmiss` line's `misses`.
    public enum LineKey: String, LogKey {
        case recognizer, reason, setting, value, limit
        public var spec: LogKeySpec {
            switch self {
            // A `Recognizer`: a string, its schema a pattern, since a template's name is open.
            case .recognizer:
                .required(.string).pattern("^(" + (Recognizer.fixed.map(\.rawValue)
                    + Recognizer.namedPrefixes.map { $0 + "[a-z0-9][a-z0-9-]*" }).joined(separator: "|") + ")$")
            case .reason: .required(.string).minLength(1)
            case .setting:
                .optional(.closed).described("The --gesture key that sets the limit; absent for a fixed rule of the shape.")
                    .values(Self.settings)
            case .value, .limit: .required(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        LineKey.recognizer.write(recognizer.rawValue, into: &out)
        LineKey.reason.write(reason, into: &out)
        if let setting { LineKey.setting.write(closed: setting, into: &out) }
        LineKey.value.write(value, into: &out)
        LineKey.limit.write(limit, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    init(_ o: LogFields) throws(LogLineError) {
        let name = try o.string(LineKey.recognizer)
        guard let recognizer = Recognizer(rawValue: name) else {
            throw LogLineError("'\(LineKey.recognizer.rawValue)' has an unknown value '\(LogLineError.quoted(name))'")
        }
        self.init(recognizer: recognizer, reason: try o.string(LineKey.reason),
                  setting: try o.optionalClosed(LineKey.setting), value: try o.double(LineKey.value),
                  limit: try o.double(LineKey.limit))
    }
}

extension NearMiss {
    /// The miss as its line holds it: value and limit to thousandths (rounded once, here).
    var logged: NearMiss {
        NearMiss(recognizer: recognizer, reason: reason, setting: setting, value: thousandths(value), limit: thousandths(limit))
    }
}
