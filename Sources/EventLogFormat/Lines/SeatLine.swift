import TouchCore

// @LogLine 4: case seat(name: String?, touch: Bool, pointer: Bool, keyboard: Bool) keys: LogLine.SeatKey accessor: seat

// A `seat` line: a seat and what it can do (its name where the compositor gave one).
extension LogLine {
    public enum SeatKey: String, LogKey {
        case name, touch, pointer, keyboard
        public var spec: LogKeySpec { self == .name ? .optional(.string) : .required(.boolean) }
    }

    static func encodeSeatKeys(name: String?, touch: Bool, pointer: Bool, keyboard: Bool, into out: inout [UInt8]) {
        if let name { SeatKey.name.write(name, into: &out) }
        SeatKey.touch.write(touch, into: &out)
        SeatKey.pointer.write(pointer, into: &out)
        SeatKey.keyboard.write(keyboard, into: &out)
    }

    static func makeSeat(from o: LogFields) throws(LogLineError) -> LogLine {
        .seat(name: try o.optionalString(SeatKey.name), touch: try o.bool(SeatKey.touch),
              pointer: try o.bool(SeatKey.pointer), keyboard: try o.bool(SeatKey.keyboard))
    }
}

extension LogLine.SeatKey: LogLineKey {}
