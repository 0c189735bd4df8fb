import TouchCore

// @LogLine 11: case warning(message: String, kind: LogWarningKind) keys: LogLine.WarningKey

// A `warning` line: something went wrong that the run goes on after (`LogWarningKind`).
extension LogLine {
    public enum WarningKey: String, LogKey {
        case message, kind
        public var spec: LogKeySpec {
            switch self {
            case .message: .required(.string).minLength(1)
            case .kind: .required(.closed).described("What went wrong (docs/event-log.md lists the kinds).")
                .values(of: LogWarningKind.self)
            }
        }
    }

    static func encodeWarningKeys(message: String, kind: LogWarningKind, into out: inout [UInt8]) {
        WarningKey.message.write(message, into: &out)
        WarningKey.kind.write(closed: kind, into: &out)
    }

    static func makeWarning(from o: LogFields) throws(LogLineError) -> LogLine {
        .warning(message: try o.string(WarningKey.message), kind: try o.closed(WarningKey.kind))
    }
}

extension LogLine.WarningKey: LogLineKey {}
