/// `evemu-record`'s text (docs/replay.md, "Reading recordings"): the format of most public
/// recordings older than `libinput record` and of what older bug reports attach. One
/// device a file:
///
///     # EVEMU 1.3
///     N: Atmel maXTouch Touchscreen          the name
///     P: 02 00 00 00 00 00 00 00             properties, a bitmask in hex bytes (bit 1 DIRECT)
///     A: 35 0 4095 0 0 10                    absinfo: code (hex), minimum, maximum, fuzz, flat, resolution
///     E: 0.000001 0003 0039 0000             an event: seconds.microseconds, type and code in hex, value
///
/// `I:` (bus, vendor, product, version in hex) is kept for the report; `B:`, `L:`, `S:`
/// lines and `#` comments are skipped; any other line is refused.
enum EvemuReader {
    static func read(_ file: inout RecordFile) throws -> ParsedRecording {
        var device = ParsedDevice()
        var propertyBytes = 0
        var touches = 0
        try file.forEachLine { line, at in
            var i = 0
            while i < line.count && line[i] == 0x20 { i += 1 }
            guard i < line.count, line[i] != 0x23 else { return }  // blank, or a comment
            guard i + 1 < line.count, line[i + 1] == 0x3A else {
                throw at.error("not evemu-record's text (a line is a letter, a colon and its fields)")
            }
            let tag = line[i]
            i += 2
            switch tag {
            case 0x45:  // E: an event
                guard device.decodes else { return }
                try event(line, from: i, into: &device, touches: &touches, at: at)
            case 0x49:  // I: the id, four hex numbers
                let numbers = fields(line, from: i).compactMap { Int($0, radix: 16) }
                if numbers.count == 4, numbers.allSatisfy({ (0...0xFFFF).contains($0) }) { device.id = numbers }
            case 0x4E:  // N: the name
                device.name = String(decoding: UnsafeBufferPointer(rebasing: line[i...]), as: UTF8.self)
                    .trimmingCharacters(in: " ")
            case 0x50:  // P: properties, 8 bytes a line
                for byte in fields(line, from: i) {
                    guard let bits = Int(byte, radix: 16), (0...255).contains(bits) else {
                        throw at.error("a property byte is not two hex digits")
                    }
                    if propertyBytes == 0 {
                        if bits & 0b010 != 0 { device.direct = true }
                        if bits & 0b101 != 0 { device.pointer = true }
                    }
                    propertyBytes += 1
                }
            case 0x41:  // A: absinfo
                let parts = fields(line, from: i)
                guard parts.count >= 5, let code = Int(parts[0], radix: 16),
                      let numbers = Optional(parts.dropFirst().map { Numbers.integer(Substring($0)) }),
                      numbers.allSatisfy({ $0 != nil }) else {
                    throw at.error("an absinfo line is not code, minimum, maximum, fuzz, flat[, resolution]")
                }
                let values = numbers.map { $0! }
                switch code {
                case 0x2F:
                    device.hasSlots = true
                    device.slotMaximum = values[1]
                case 0x35, 0x36:
                    guard let axis = makeAxis(minimum: values[0], maximum: values[1], resolution: values.count >= 5 ? values[4] : 0) else {
                        throw at.error("absinfo \(code): the maximum is not above the minimum")
                    }
                    if code == 0x35 { device.x = axis } else { device.y = axis }
                default: break
                }
            case 0x42, 0x4C, 0x53: break  // B:, L:, S:
            default: throw at.error("not evemu-record's text (an unknown line)")
            }
        }
        return ParsedRecording(format: "evemu-record", devices: [device])
    }

    /// The fields after the tag, split at spaces and tabs.
    private static func fields(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> [String] {
        String(decoding: UnsafeBufferPointer(rebasing: line[start...]), as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// `E: 12.345678 0003 0035 1234`, possibly followed by a `#` comment.
    private static func event(_ line: UnsafeBufferPointer<UInt8>, from start: Int, into device: inout ParsedDevice,
                              touches: inout Int, at: At) throws {
        let bad = at.error("an event is not \"E: seconds.microseconds type code value\"")
        var i = start
        guard let seconds = Numbers.integer(line, &i), i < line.count, line[i] == 0x2E else { throw bad }
        i += 1
        var micro = 0, digits = 0
        while i < line.count, line[i] >= 0x30 && line[i] <= 0x39 {
            guard digits < 6 else { throw bad }
            micro = micro * 10 + Int(line[i] - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0 else { throw bad }
        for _ in digits..<6 { micro *= 10 }
        guard let type = hex(line, &i), let code = hex(line, &i), let value = Numbers.integer(line, &i) else { throw bad }
        // Nothing glued to the value: "1234abc" is not an event.
        guard i == line.count || line[i] == 0x20 || line[i] == 0x09 else { throw bad }
        guard let time = Numbers.microseconds(seconds: seconds, micro: micro) else {
            throw at.error(Numbers.timeProblem(seconds: seconds, micro: micro))
        }
        do { try device.event(time: time, type: type, code: code, value: value, touches: &touches) } catch { throw at.error(error.what) }
    }

    /// A hex field of at most 8 digits after spaces or tabs, ended by a space or a tab (a
    /// ninth digit was read as the next field: `000000003 0035 1` as type 0, code 3).
    private static func hex(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        guard let value = hexDigits(line, &i), i < line.count, line[i] == 0x20 || line[i] == 0x09 else { return nil }
        return value
    }

    private static func hexDigits(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        while i < line.count && (line[i] == 0x20 || line[i] == 0x09) { i += 1 }
        var value = 0, digits = 0
        while i < line.count, digits < 8 {
            let c = line[i]
            let d: Int
            switch c {
            case 0x30...0x39: d = Int(c - 0x30)
            case 0x61...0x66: d = Int(c - 0x61 + 10)
            case 0x41...0x46: d = Int(c - 0x41 + 10)
            default: return digits > 0 ? value : nil
            }
            value = value * 16 + d
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var s = Substring(self)
        while s.first == character { s = s.dropFirst() }
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
