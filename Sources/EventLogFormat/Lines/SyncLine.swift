import TouchCore

// A `sync` line: after the n-th SIGUSR1, once everything read so far is handled and drawn,
// and every request made is sent (for harnesses on compositors that cannot ping clients).
extension LogLine {
    public enum SyncKey: String, LogKey {
        case count
        public var spec: LogKeySpec { .required(.integer) }
    }

    static func encodeSync(count: Int, into out: inout [UInt8]) {
        SyncKey.count.write(count, into: &out)
    }

    static func makeSync(from o: LogFields) throws(LogLineError) -> LogLine {
        .sync(count: try o.int(SyncKey.count))
    }
}

extension LogLine.SyncKey: LogLineKey {
    /// The schema's branch for a `sync` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {"required": ["count"], "properties": {"count": {"type": "integer", "minimum": 1}}}
    """#
}
