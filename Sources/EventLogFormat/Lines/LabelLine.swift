import TouchCore

// A `label` line: a gesture label changed (its text, and which label slot).
extension LogLine {
    public enum LabelKey: String, LogKey {
        case text, slot
        public var spec: LogKeySpec { self == .text ? .required(.string) : .required(.closed) }
    }

    static func encodeLabel(text: String, slot: LabelSlot, into out: inout [UInt8]) {
        LabelKey.text.write(text, into: &out)
        LabelKey.slot.write(closed: slot, into: &out)
    }

    static func makeLabel(from o: LogFields) throws(LogLineError) -> LogLine {
        .label(text: try o.string(LabelKey.text), slot: try o.closed(LabelKey.slot))
    }
}

extension LogLine.LabelKey: LogLineKey {
    /// The schema's branch for a `label` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {
      "required": ["text", "slot"],
      "properties": {
        "text": {"type": "string"},
        "slot": {"enum": ["tap", "swipe", "pinch", "checkmark", "longpress", "rotation", "template"]}
      }
    }
    """#
}
