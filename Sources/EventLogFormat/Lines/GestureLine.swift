import TouchCore

// A `gesture` line: the core's own gesture, its keys what its case holds.

extension Gesture {
    /// A gesture's `name`, then the keys its case has (docs/event-log.md); the decoder
    /// requires those of the case it reads.
    public enum LineKey: String, LogKey {
        case name, count, edge, direction, fingers, degrees, template, score
        public var spec: LogKeySpec {
            switch self {
            case .name: .required(.closed)
            case .count, .fingers, .degrees: .optional(.integer)
            case .edge, .direction: .optional(.closed)
            case .template: .optional(.string)
            case .score: .optional(.number)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.name.write(closed: kind, into: &out)
        switch self {
        case .tap(let count): LineKey.count.write(count, into: &out)
        case .swipe(let axis, let fingers):
            LineKey.direction.write(closed: axis, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .pinch(let direction): LineKey.direction.write(closed: direction, into: &out)
        case .checkmark: break
        case .longPress(let fingers): LineKey.fingers.write(fingers, into: &out)
        case .rotation(let direction, let degrees):
            LineKey.direction.write(closed: direction, into: &out)
            LineKey.degrees.write(degrees, into: &out)
        case .edgeSwipe(let edge, let fingers):
            LineKey.edge.write(closed: edge, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .template(let name, let score):
            LineKey.template.write(name, into: &out)
            LineKey.score.write(score, into: &out)  // rounded once, in `Gesture.logged`
        }
    }

    init(_ o: LogFields) throws(LogLineError) {
        /// A key its case must have.
        func needed<Value>(_ key: LineKey, _ value: Value?) throws(LogLineError) -> Value {
            guard let value else { throw LogLineError("no '\(key.rawValue)'") }
            return value
        }
        switch try o.closed(LineKey.name) as Kind {
        case .tap: self = .tap(count: try needed(.count, o.optionalInt(LineKey.count)))
        case .swipe:
            self = .swipe(try needed(.direction, o.optionalClosed(LineKey.direction)),
                          fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .pinch: self = .pinch(try needed(.direction, o.optionalClosed(LineKey.direction)))
        case .checkmark: self = .checkmark
        case .longPress: self = .longPress(fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .rotation:
            self = .rotation(try needed(.direction, o.optionalClosed(LineKey.direction)),
                             degrees: try needed(.degrees, o.optionalInt(LineKey.degrees)))
        case .edgeSwipe:
            self = .edgeSwipe(try needed(.edge, o.optionalClosed(LineKey.edge)),
                              fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .template:
            self = .template(name: try needed(.template, o.optionalString(LineKey.template)),
                             score: try needed(.score, o.optionalDouble(LineKey.score)))
        }
    }
}

extension Gesture {
    /// The gesture as its line holds it: a template's score to two decimals.
    var logged: Gesture {
        if case .template(let name, let score) = self { return .template(name: name, score: hundredths(score)) }
        return self
    }
}

extension Gesture.LineKey: LogLineKey {
    /// The schema's branch for a `gesture` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key tables).
    public static let schemaBranch = #"""
    {
      "required": ["name"],
      "properties": {
        "name": {"enum": ["tap", "swipe", "pinch", "checkmark", "longpress", "rotation", "edgeswipe", "template"]}
      },
      "allOf": [
        {
          "if": {"properties": {"name": {"const": "tap"}}},
          "then": {"required": ["count"], "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 4}}}
        },
        {
          "if": {"properties": {"name": {"const": "swipe"}}},
          "then": {
            "required": ["direction", "fingers"],
            "properties": {
              "direction": {"enum": ["horizontal", "vertical"]},
              "fingers": {"type": "integer", "minimum": 1, "maximum": 5}
            }
          }
        },
        {
          "if": {"properties": {"name": {"const": "pinch"}}},
          "then": {"required": ["direction"], "properties": {"direction": {"enum": ["inward", "outward"]}}}
        },
        {
          "if": {"properties": {"name": {"const": "longpress"}}},
          "then": {
            "required": ["fingers"],
            "properties": {"fingers": {"type": "integer", "minimum": 1, "maximum": 5}}
          }
        },
        {
          "if": {"properties": {"name": {"const": "rotation"}}},
          "then": {
            "required": ["direction", "degrees"],
            "properties": {
              "direction": {"enum": ["clockwise", "counterclockwise"]},
              "degrees": {"type": "integer", "minimum": 0}
            }
          }
        },
        {
          "if": {"properties": {"name": {"const": "edgeswipe"}}},
          "then": {
            "required": ["edge", "fingers"],
            "properties": {
              "edge": {"enum": ["left", "right", "top", "bottom"]},
              "fingers": {"type": "integer", "minimum": 1, "maximum": 5}
            }
          }
        },
        {
          "if": {"properties": {"name": {"const": "template"}}},
          "then": {
            "required": ["template", "score"],
            "properties": {
              "template": {
                "type": "string",
                "pattern": "^[a-z0-9][a-z0-9-]*$",
                "description": "The taught stroke that matched (docs/gestures.md, \"Taught strokes\")."
              },
              "score": {"type": "number", "minimum": 0, "maximum": 1}
            }
          }
        }
      ]
    }
    """#
}
