import TouchCore

// A `warning` line: something went wrong that the run goes on after (`LogWarningKind`).
extension LogLine {
    public enum WarningKey: String, LogKey {
        case message, kind
        public var spec: LogKeySpec { self == .message ? .required(.string) : .required(.closed) }
    }

    static func encodeWarning(message: String, kind: LogWarningKind, into out: inout [UInt8]) {
        WarningKey.message.write(message, into: &out)
        WarningKey.kind.write(closed: kind, into: &out)
    }

    static func makeWarning(from o: LogFields) throws(LogLineError) -> LogLine {
        .warning(message: try o.string(WarningKey.message), kind: try o.closed(WarningKey.kind))
    }
}

extension LogLine.WarningKey: LogLineKey {
    /// The schema's branch for a `warning` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {
      "required": ["message", "kind"],
      "properties": {
        "message": {"type": "string", "minLength": 1},
        "kind": {
          "description": "What went wrong (docs/event-log.md lists the kinds).",
          "enum": [
            "duplicate-down",
            "unknown-id",
            "no-frame-after-last-up",
            "no-frames",
            "frame-per-event",
            "tablet-tool",
            "out-of-range",
            "decorations",
            "scale",
            "latency",
            "event-log",
            "template"
          ]
        }
      }
    }
    """#
}
