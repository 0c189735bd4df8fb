import TouchCore

// A `hit` line: the core's own hit test of a touch that began.

extension TouchHit {
    /// `ignored` is written only when true, and read back as false when absent.
    public enum LineKey: String, LogKey {
        case id, view, visited, ignored
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer)
            case .view: .nullable(.string)
            case .visited: .required(listOf: .string)
            case .ignored: .optional(.boolean)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.id.write(Int(id), into: &out)
        LineKey.view.write(orNull: view, into: &out)
        LineKey.visited.write(strings: visited, into: &out)
        if ignored { LineKey.ignored.write(true, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(id: try o.int32(LineKey.id), view: try o.nullableString(LineKey.view),
                  visited: try o.strings(LineKey.visited), ignored: try o.optionalBool(LineKey.ignored) ?? false)
    }
}

extension TouchHit.LineKey: LogLineKey {
    /// The schema's branch for a `hit` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key tables).
    public static let schemaBranch = #"""
    {
      "required": ["id", "view", "visited"],
      "properties": {
        "id": {"$ref": "#/$defs/touchID"},
        "view": {"type": ["string", "null"]},
        "visited": {"$ref": "#/$defs/viewNames"},
        "ignored": {"type": "boolean"}
      }
    }
    """#
}
