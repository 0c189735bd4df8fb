import TouchCore

// A `sync` line: the client answered the harness's n-th `wl_display.sync` round trip.
extension LogLine {
    public enum SyncKey: String, LogKey {
        case count
        public var spec: LogKeySpec { .required(.integer) }
    }

    static func encode(syncCount count: Int, into out: inout [UInt8]) {
        SyncKey.count.write(count, into: &out)
    }

    static func syncLine(_ o: LogFields) throws(LogLineError) -> LogLine {
        .sync(count: try o.int(SyncKey.count))
    }
}

extension LogLine.SyncKey {
    /// The schema's branch for a `sync` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    static let schemaBranch = #"""
    {"required": ["count"], "properties": {"count": {"type": "integer", "minimum": 1}}}
    """#
}
