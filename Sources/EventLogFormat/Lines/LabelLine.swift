import TouchCore

// @LogLine 9: case label(text: String, slot: LabelSlot) keys: LogLine.LabelKey accessor: label

// A `label` line: a gesture label changed (its text, and which label slot).
extension LogLine {
    public enum LabelKey: String, LogKey {
        case text, slot
        public var spec: LogKeySpec { self == .text ? .required(.string) : .required(.closed).values(of: LabelSlot.self) }
    }

    static func encodeLabelKeys(text: String, slot: LabelSlot, into out: inout [UInt8]) {
        LabelKey.text.write(text, into: &out)
        LabelKey.slot.write(closed: slot, into: &out)
    }

    static func makeLabel(from o: LogFields) throws(LogLineError) -> LogLine {
        .label(text: try o.string(LabelKey.text), slot: try o.closed(LabelKey.slot))
    }
}

extension LogLine.LabelKey: LogLineKey {}
