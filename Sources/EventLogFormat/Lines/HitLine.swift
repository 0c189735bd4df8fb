import TouchCore

/// The core's own hit and delivery: the lines' keys are their fields (`ignored`
/// written only when true).
// @LogLine 6: case hit(TouchHit) keys: TouchHit.LineKey accessor: hit

// A `hit` line: the core's own hit test of a touch that began.

extension TouchHit {
    /// `ignored` is written only when true, and read back as false when absent.
    public enum LineKey: String, LogKey {
        case id, view, visited, ignored
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer).ref("touchID")
            case .view: .nullable(.string)
            case .visited: .required(listOf: .string).ref("viewNames")
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

extension TouchHit.LineKey: LogLineKey {}
