import TouchCore

// @LogLine 7: case responder(ResponderDelivery) keys: ResponderDelivery.LineKey accessor: responder

// A `responder` line: the core's delivery of a touch along the responder chain.

extension ResponderDelivery {
    public enum LineKey: String, LogKey {
        case id, phase, chain, handledBy
        public var spec: LogKeySpec {
            switch self {
            case .id: .required(.integer).ref("touchID")
            case .phase: .required(.closed).ref("phase")
            case .chain: .required(listOf: .string).ref("viewNames").minItems(1)
            case .handledBy: .nullable(.string)
            }
        }
    }

    /// The line's keys (`LogLine.encodeResponder` is the per-frame fast path).
    func encode(into out: inout [UInt8]) {
        LineKey.id.write(Int(id), into: &out)
        LineKey.phase.write(closed: phase, into: &out)
        LineKey.chain.write(strings: chain, into: &out)
        LineKey.handledBy.write(orNull: handledBy, into: &out)
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(id: try o.int32(LineKey.id), phase: try o.closed(LineKey.phase),
                  chain: try o.strings(LineKey.chain), handledBy: try o.nullableString(LineKey.handledBy))
    }
}

extension ResponderDelivery.LineKey: LogLineKey {}
