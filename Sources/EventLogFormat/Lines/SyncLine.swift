import TouchCore

/// The client handled and drew everything it had read when the n-th SIGUSR1 came (for
/// harnesses on compositors that cannot ping clients).
// @LogLine 12: case sync(count: Int) keys: LogLine.SyncKey accessor: syncCount

// A `sync` line: after the n-th SIGUSR1, once everything read so far is handled and drawn,
// and every request made is sent (for harnesses on compositors that cannot ping clients).
extension LogLine {
    public enum SyncKey: String, LogKey {
        case count
        public var spec: LogKeySpec { .required(.integer).minimum(1) }
    }

    static func encodeSyncKeys(count: Int, into out: inout [UInt8]) {
        SyncKey.count.write(count, into: &out)
    }

    static func makeSync(from o: LogFields) throws(LogLineError) -> LogLine {
        .sync(count: try o.int(SyncKey.count))
    }
}

extension LogLine.SyncKey: LogLineKey {}
