import TouchCore

// @LogLine 2: case ready(width: Double, height: Double, scale: Double) keys: LogLine.ReadyKey accessor: ready

// A `ready` line: the window is mapped, its size (logical px) and scale.
extension LogLine {
    public enum ReadyKey: String, LogKey {
        case width, height, scale
        public var spec: LogKeySpec { .required(.number).exclusiveMinimum(0) }
    }

    static func encodeReadyKeys(width: Double, height: Double, scale: Double, into out: inout [UInt8]) {
        ReadyKey.width.write(width, into: &out)
        ReadyKey.height.write(height, into: &out)
        ReadyKey.scale.write(scale, into: &out)
    }

    static func makeReady(from o: LogFields) throws(LogLineError) -> LogLine {
        .ready(width: try o.double(ReadyKey.width), height: try o.double(ReadyKey.height),
               scale: try o.double(ReadyKey.scale))
    }
}

extension LogLine.ReadyKey: LogLineKey {}
