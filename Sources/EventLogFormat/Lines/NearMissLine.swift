import TouchCore

// A `nearmiss` line: a touch sequence ended with no gesture; each recognizer that came
// close and why it did not fire, and the same in words.
extension LogLine {
    public enum NearMissKey: String, LogKey {
        /// The misses in words, for people: required, and read from the misses.
        case text
        case misses
        public var spec: LogKeySpec { self == .text ? .required(.string) : .required(listOf: .object) }
    }

    static func encodeNearMiss(_ misses: [NearMiss], into out: inout [UInt8]) {
        NearMissKey.text.write(NearMiss.text(of: misses), into: &out)
        NearMissKey.misses.write(list: misses, of: .object, into: &out) { $0.encode(into: &$1) }
    }

    static func makeNearMiss(from o: LogFields) throws(LogLineError) -> LogLine {
        _ = try o.string(NearMissKey.text)
        return .nearmiss(try o.objects(NearMissKey.misses, NearMiss.init))
    }
}

extension LogLine.NearMissKey: LogLineKey {
    /// The schema's branch for a `nearmiss` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key tables).
    public static let schemaBranch = #"""
    {
      "description": "A touch sequence ended with no gesture: each recognizer that came close and why it did not fire (docs/gestures.md, 'Why it did not fire'). The limit a miss names is changed with --gesture SETTING=VALUE (touchspots --help lists the keys).",
      "required": ["text", "misses"],
      "properties": {
        "text": {
          "type": "string",
          "minLength": 1,
          "description": "The misses in words, joined with '; ' ('nothing came close' when none did): what key w shows."
        },
        "misses": {
          "type": "array",
          "items": {
            "required": ["recognizer", "reason", "value", "limit"],
            "properties": {
              "recognizer": {"type": "string", "pattern": "^(checkmark|swipe|pinch|rotation|template [a-z0-9][a-z0-9-]*)$"},
              "reason": {"type": "string", "minLength": 1},
              "setting": {
                "description": "The --gesture key that sets the limit; absent for a fixed rule of the shape.",
                "enum": [
                  "checkmark-min-length",
                  "checkmark-min-angle",
                  "checkmark-max-angle",
                  "swipe-min-length",
                  "swipe-max-variance",
                  "swipe-max-angle",
                  "pinch-min-delta",
                  "rotation-min-angle",
                  "stroke-min-score",
                  "stroke-min-direction",
                  "stroke-max-rounding"
                ]
              },
              "value": {"type": "number"},
              "limit": {"type": "number"}
            }
          }
        }
      }
    }
    """#
}

extension NearMiss {
    /// An entry of a `nearmiss` line's `misses`.
    public enum LineKey: String, LogKey {
        case recognizer, reason, setting, value, limit
        public var spec: LogKeySpec {
            switch self {
            // A `Recognizer`: a string, its schema a pattern, since a template's name is open.
            case .recognizer, .reason: .required(.string)
            case .setting: .optional(.closed)  // a --gesture key (`GestureSettings.Key`)
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
