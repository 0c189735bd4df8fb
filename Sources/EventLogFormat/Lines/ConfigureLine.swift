import TouchCore

// A `configure` line: the compositor gave the window a size and a state.
extension LogLine {
    public enum ConfigureKey: String, LogKey {
        case width, height, fullscreen, maximized
        public var spec: LogKeySpec {
            switch self {
            case .width, .height: .required(.number)
            case .fullscreen, .maximized: .required(.boolean)
            }
        }
    }

    static func encodeConfigure(width: Double, height: Double, fullscreen: Bool, maximized: Bool, into out: inout [UInt8]) {
        ConfigureKey.width.write(width, into: &out)
        ConfigureKey.height.write(height, into: &out)
        ConfigureKey.fullscreen.write(fullscreen, into: &out)
        ConfigureKey.maximized.write(maximized, into: &out)
    }

    static func makeConfigure(from o: LogFields) throws(LogLineError) -> LogLine {
        .configure(width: try o.double(ConfigureKey.width), height: try o.double(ConfigureKey.height),
                   fullscreen: try o.bool(ConfigureKey.fullscreen), maximized: try o.bool(ConfigureKey.maximized))
    }
}

extension LogLine.ConfigureKey: LogLineKey {
    /// The schema's branch for a `configure` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {
      "required": ["width", "height", "fullscreen", "maximized"],
      "properties": {
        "width": {"type": "number", "exclusiveMinimum": 0},
        "height": {"type": "number", "exclusiveMinimum": 0},
        "fullscreen": {"type": "boolean"},
        "maximized": {"type": "boolean"}
      }
    }
    """#
}
