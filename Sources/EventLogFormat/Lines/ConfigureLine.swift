import TouchCore

// @LogLine 3: case configure(width: Double, height: Double, fullscreen: Bool, maximized: Bool) keys: LogLine.ConfigureKey accessor: configure

// A `configure` line: the compositor gave the window a size and a state.
extension LogLine {
    public enum ConfigureKey: String, LogKey {
        case width, height, fullscreen, maximized
        public var spec: LogKeySpec {
            switch self {
            case .width, .height: .required(.number).exclusiveMinimum(0)
            case .fullscreen, .maximized: .required(.boolean)
            }
        }
    }

    static func encodeConfigureKeys(width: Double, height: Double, fullscreen: Bool, maximized: Bool, into out: inout [UInt8]) {
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

extension LogLine.ConfigureKey: LogLineKey {}
