import TouchCore

// A `ready` line: the window is mapped, its size (logical px) and scale.
extension LogLine {
    public enum ReadyKey: String, LogKey {
        case width, height, scale
        public var spec: LogKeySpec { .required(.number) }
    }

    static func encodeReady(width: Double, height: Double, scale: Double, into out: inout [UInt8]) {
        ReadyKey.width.write(width, into: &out)
        ReadyKey.height.write(height, into: &out)
        ReadyKey.scale.write(scale, into: &out)
    }

    static func makeReady(from o: LogFields) throws(LogLineError) -> LogLine {
        .ready(width: try o.double(ReadyKey.width), height: try o.double(ReadyKey.height),
               scale: try o.double(ReadyKey.scale))
    }
}

extension LogLine.ReadyKey: LogLineKey {
    /// The schema's branch for a `ready` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {
      "required": ["width", "height", "scale"],
      "properties": {
        "width": {"type": "number", "exclusiveMinimum": 0},
        "height": {"type": "number", "exclusiveMinimum": 0},
        "scale": {"type": "number", "exclusiveMinimum": 0}
      }
    }
    """#
}
