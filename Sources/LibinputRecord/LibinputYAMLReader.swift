/// `libinput record`'s YAML, read line by line as libinput writes it (docs/replay.md,
/// "Reading recordings"), not by a general YAML parser: a general parser kept the whole
/// document as a tree (40 times the file's size) and expanded anchors and aliases (399
/// bytes of "billion laughs" took 21 s and 3.7 GiB). The reader knows the few places that
/// matter (each device's `name`, `absinfo`, `properties`, udev's properties and its
/// `events`), follows the block structure by indentation to find them, and refuses what
/// libinput never writes where it looks (tabs, anchors and aliases, flow that spans lines)
/// with the line at fault. Everything else (libinput's own events, hid, quirks) is skipped.
enum LibinputYAMLReader {
    private struct Key {
        var indent: Int
        var name: String
    }

    static func read(_ file: inout RecordFile) throws -> ParsedRecording {
        var devices: [ParsedDevice] = []
        var stack: [Key] = []
        var sawDevices = false
        var sawFirst = false
        /// The indentation of the current device's `evdev:` event list, when the line
        /// before was in it (the hot path: all but a few lines of a recording).
        var eventIndent: Int?
        var decodes = false
        var touches = 0
        let source = file.source
        try file.forEachLine { line, at in
            var i = 0
            while i < line.count && line[i] == 0x20 { i += 1 }
            if i == line.count || line[i] == 0x23 { return }  // blank, or a comment
            let indent = i
            if let events = eventIndent, indent >= events, line[i] == 0x2D, i + 2 < line.count, line[i + 1] == 0x20 {
                var j = i + 2
                while j < line.count && line[j] == 0x20 { j += 1 }
                if j < line.count && line[j] == 0x5B {
                    if decodes { try event(line, from: j + 1, into: &devices[devices.count - 1], touches: &touches, at: at) }
                    return
                }
            }
            eventIndent = nil
            guard line[i] != 0x09 else { throw at.error("a tab indents this line: not libinput record's YAML") }
            let text = uncommented(String(decoding: UnsafeBufferPointer(rebasing: line[i...]), as: UTF8.self))
            if !sawFirst {
                sawFirst = true
                // libinput record writes `version: 1` first: any other first key is refused
                // at once (a 300 MB evemu stream without its header was read as YAML for 29 s).
                guard indent == 0, keyValue(text)?.0 == "version" else {
                    throw at.error("not a recording: neither libinput record's YAML (which begins with 'version:') nor evemu-record's text")
                }
            }
            if text == "-" || text.hasPrefix("- ") {
                while let last = stack.last, last.indent > indent { stack.removeLast() }
                let path = stack.map(\.name)
                var item = Substring(text.dropFirst(1))
                let spaces = item.prefix { $0 == " " }.count
                item = item.dropFirst(spaces)
                let itemIndent = indent + 1 + spaces
                switch path {
                case ["devices"]:
                    guard devices.count < ParsedRecording.maximumDevices else {
                        throw at.error("more than \(ParsedRecording.maximumDevices) devices: not a recording of one machine")
                    }
                    devices.append(ParsedDevice())
                    decodes = false
                    if let (key, value) = keyValue(item), key == "node" { devices[devices.count - 1].node = try scalar(value, at) }
                case ["devices", "udev", "properties"]:
                    guard !devices.isEmpty else { break }
                    let property = try scalar(item, at)
                    if property == "ID_INPUT_TOUCHSCREEN=1" { devices[devices.count - 1].udevTouchscreen = true }
                    if property == "ID_INPUT_TOUCHPAD=1" { devices[devices.count - 1].udevTouchpad = true }
                case ["devices", "events", "evdev"]:
                    throw at.error("an evdev event is not [sec, usec, type, code, value]")
                default: break
                }
                if let (key, value) = keyValue(item), value.isEmpty {
                    stack.append(Key(indent: itemIndent, name: key))
                    if path == ["devices", "events"] && key == "evdev" {
                        eventIndent = itemIndent
                        decodes = devices.last?.decodes ?? false
                    }
                }
                return
            }
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            let path = stack.map(\.name)
            guard let (key, value) = keyValue(text) else {
                if path.first == "devices" && path.count <= 3 && ["evdev", "udev"].contains(path.dropFirst().first ?? "") {
                    throw at.error("neither a key nor a list item: not libinput record's YAML")
                }
                return
            }
            if value.isEmpty {
                stack.append(Key(indent: indent, name: key))
                if path.isEmpty && key == "devices" { sawDevices = true }
                if path == ["devices", "events", "evdev"] || (path == ["devices"] && key == "events") { decodes = devices.last?.decodes ?? false }
                return
            }
            guard !devices.isEmpty else { return }
            switch path {
            case ["devices"] where key == "node": devices[devices.count - 1].node = try scalar(value, at)
            case ["devices", "evdev"] where key == "name": devices[devices.count - 1].name = try scalar(value, at)
            case ["devices", "evdev"] where key == "id":
                let numbers = try flowIntegers(value, at, what: "the evdev id")
                if numbers.count == 4, numbers.allSatisfy({ (0...0xFFFF).contains($0) }) { devices[devices.count - 1].id = numbers }
            case ["devices", "evdev"] where key == "properties":
                // Numbers as libinput writes them; names are taken too, anything else skipped.
                guard value.hasPrefix("["), value.hasSuffix("]") else { return }
                for entry in value.dropFirst().dropLast().split(separator: ",") {
                    let name = String(entry).trimmingCharacters(in: " ")
                    let number = Numbers.integer(Substring(name))
                    if number == 1 || name == "INPUT_PROP_DIRECT" { devices[devices.count - 1].direct = true }
                    if number == 0 || number == 2 || name == "INPUT_PROP_POINTER" || name == "INPUT_PROP_BUTTONPAD" {
                        devices[devices.count - 1].pointer = true
                    }
                }
            case ["devices", "evdev", "absinfo"]:
                guard let code = Numbers.integer(Substring(key)), [47, 53, 54].contains(code) else { return }
                let numbers = try flowIntegers(value, at, what: "absinfo \(code)")
                guard numbers.count >= 2 else { throw at.error("absinfo \(code) is not [minimum, maximum, fuzz, flat, resolution]") }
                if code == 47 {
                    devices[devices.count - 1].hasSlots = true
                    devices[devices.count - 1].slotMaximum = numbers[1]
                    return
                }
                guard let axis = makeAxis(minimum: numbers[0], maximum: numbers[1], resolution: numbers.count >= 5 ? numbers[4] : 0) else {
                    throw at.error("absinfo \(code): the maximum is not above the minimum")
                }
                if code == 53 { devices[devices.count - 1].x = axis } else { devices[devices.count - 1].y = axis }
            default: break
            }
        }
        guard sawDevices else { throw LibinputRecordError("\(source): not a libinput recording (no devices list)") }
        return ParsedRecording(format: "libinput record", devices: devices)
    }

    /// `[sec, usec, type, code, value]` from just after its `[`, into the device's model.
    private static func event(_ line: UnsafeBufferPointer<UInt8>, from start: Int, into device: inout ParsedDevice,
                              touches: inout Int, at: At) throws {
        var i = start
        var fields = (0, 0, 0, 0, 0)
        for n in 0..<5 {
            guard let value = Numbers.integer(line, &i) else { throw at.error("an evdev event is not [sec, usec, type, code, value]") }
            while i < line.count && line[i] == 0x20 { i += 1 }
            let separator: UInt8 = n == 4 ? 0x5D : 0x2C
            guard i < line.count && line[i] == separator else {
                throw at.error("an evdev event is not [sec, usec, type, code, value]")
            }
            i += 1
            switch n {
            case 0: fields.0 = value
            case 1: fields.1 = value
            case 2: fields.2 = value
            case 3: fields.3 = value
            default: fields.4 = value
            }
        }
        guard let time = Numbers.microseconds(seconds: fields.0, micro: fields.1) else {
            throw at.error(Numbers.timeProblem(seconds: fields.0, micro: fields.1, of: "an evdev event"))
        }
        do { try device.event(time: time, type: fields.2, code: fields.3, value: fields.4, touches: &touches) } catch {
            throw at.error(error.what)
        }
    }

    /// The line without a trailing comment (a `#` after a space, outside quotes).
    static func uncommented(_ text: String) -> String {
        guard text.contains("#") else { return text }
        var quoted = false
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if c == "\"" && previous != "\\" { quoted.toggle() }
            if c == "#" && !quoted && previous == " " {
                return String(text[..<index]).trimmingTrailingSpaces()
            }
            previous = c
        }
        return text
    }

    /// `key: value` or `key:`; nil for anything else.
    static func keyValue<S: StringProtocol>(_ text: S) -> (String, Substring)? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let after = text.index(after: colon)
        guard after == text.endIndex || text[after] == " " else { return nil }
        let key = String(text[..<colon])
        guard !key.contains(" ") || key.hasPrefix("\"") else { return nil }
        let value = Substring(text[after...]).drop { $0 == " " }
        return (key, Substring(value))
    }

    /// A plain or double-quoted scalar; anchors and aliases are refused.
    static func scalar(_ value: Substring, _ at: At) throws -> String {
        if value.hasPrefix("&") || value.hasPrefix("*") {
            throw at.error("a YAML anchor or alias: libinput record writes none")
        }
        guard value.hasPrefix("\"") else { return String(value) }
        guard value.count >= 2, value.hasSuffix("\"") else { throw at.error("a quoted value does not end on its line") }
        var out = ""
        var escaped = false
        for c in value.dropFirst().dropLast() {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }

    /// `[1, 2, 3]` on one line.
    static func flowIntegers(_ value: Substring, _ at: At, what: String) throws -> [Int] {
        if value.hasPrefix("&") || value.hasPrefix("*") {
            throw at.error("a YAML anchor or alias: libinput record writes none")
        }
        guard value.hasPrefix("["), value.hasSuffix("]") else { throw at.error("\(what) is not a list of numbers on one line") }
        let inner = value.dropFirst().dropLast()
        if inner.allSatisfy({ $0 == " " }) { return [] }
        var numbers: [Int] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Numbers.integer(part.drop { $0 == " " }) else {
                throw at.error("\(what) holds something that is not a whole number within 64 bits")
            }
            numbers.append(n)
        }
        return numbers
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
