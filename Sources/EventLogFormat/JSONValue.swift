/// A parsed JSON value: what the decoder reads a line into before it becomes a `LogLine`.
/// The module parses JSON itself rather than through Foundation's JSONDecoder, so the
/// client, which links this module, does not load Foundation (its start to mapped window
/// would grow by Foundation's start-up).
enum JSONValue: Equatable {
    case string(String)
    /// A number with a fraction or an exponent, or an integer beyond `Int`.
    case number(Double)
    /// A number written as a whole (no fraction, no exponent) that fits `Int`, kept exact: a
    /// Double holds integers exactly only up to 2^53, and a `timeNs` (CLOCK_MONOTONIC in
    /// nanoseconds) passes that after 104 days of uptime.
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Keys in order, each once: a repeated key is refused when parsed (which of two
    /// values a reader takes is a guess; the hunt of issue 61 found the last taken silently).
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): Int(exactly: y) == x
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.elementsEqual(y) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Parses one JSON text: the whole of `bytes`, with nothing but white space after it.
    init(parsing bytes: some Collection<UInt8>) throws(LogLineError) {
        var parser = JSONParser(bytes: Array(bytes))
        self = try parser.parseDocument()
    }
}

/// A JSON text checked by this module's parser (the syntax, the nesting limit, a key given
/// twice), for readers that decode with something else: a qualify plan, which Foundation's
/// decoder would take with a repeated key's last value.
public enum JSONText {
    public static func check(_ bytes: some Collection<UInt8>) throws(LogLineError) {
        _ = try JSONValue(parsing: bytes)
    }
}

/// Why a line could not be read: where, and what was expected.
public struct LogLineError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }

    /// `text` as an error message quotes a value read from a file: at most `limit`
    /// characters, the rest cut to "…", so that a hostile file's megabyte-long value still
    /// gives one readable line.
    public static func quoted(_ text: some StringProtocol, limit: Int = 80) -> String {
        text.count <= limit ? String(text) : text.prefix(limit) + "…"
    }
}

/// A recursive-descent reader of RFC 8259 JSON.
private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    /// Deeper than any line of the log needs; keeps a hostile line from exhausting the stack.
    static let maximumDepth = 64
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(LogLineError) -> JSONValue {
        let value = try parseValue()
        skipSpace()
        guard position == bytes.count else { throw error("text after the JSON value") }
        return value
    }

    private func error(_ what: String) -> LogLineError { LogLineError("\(what) at byte \(position)") }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseValue() throws(LogLineError) -> JSONValue {
        skipSpace()
        guard position < bytes.count else { throw error("unexpected end") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func expect(_ word: StaticString) throws(LogLineError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              bytes[position..<position + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw error("expected \(word)") }
        position += count
    }

    private mutating func enter() throws(LogLineError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
    }

    private mutating func parseObject() throws(LogLineError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var pairs: [(String, JSONValue)] = []
        var seen: Set<String> = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let keyStart = position
            let key = try parseString()
            // A scan for the few keys of a line; a set past 16, so that a hostile object of a
            // million keys stays linear.
            let repeated: Bool
            if pairs.count < 16 {
                repeated = pairs.contains { $0.0 == key }
            } else {
                if seen.isEmpty { seen = Set(pairs.map(\.0)) }
                repeated = !seen.insert(key).inserted
            }
            if repeated {
                position = keyStart
                throw error("the key \"\(LogLineError.quoted(key))\" appears twice")
            }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            pairs.append((key, try parseValue()))
            skipSpace()
            guard position < bytes.count else { throw error("unexpected end in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(pairs) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(LogLineError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            elements.append(try parseValue())
            skipSpace()
            guard position < bytes.count else { throw error("unexpected end in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(LogLineError) -> JSONValue {
        let start = position
        func digits(_ p: inout Int, _ bytes: [UInt8]) -> Int {
            let from = p
            while p < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[p]) { p += 1 }
            return p - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integer = digits(&position, bytes)
        guard integer > 0 else { throw error("a number without digits") }
        if integer > 1 && bytes[position - integer] == UInt8(ascii: "0") { throw error("a number with a leading zero") }
        var whole = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            whole = false
            position += 1
            guard digits(&position, bytes) > 0 else { throw error("a fraction without digits") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            whole = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits(&position, bytes) > 0 else { throw error("an exponent without digits") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if whole, let exact = Int(text) { return .integer(exact) }
        guard let value = Double(text) else { throw error("a number Swift cannot read") }
        return .number(value)
    }

    private mutating func parseString() throws(LogLineError) -> String {
        position += 1  // the opening quote
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0c)
                case UInt8(ascii: "n"): utf8.append(0x0a)
                case UInt8(ascii: "r"): utf8.append(0x0d)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xd800..<0xdc00).contains(scalar) {
                        // A surrogate pair: the low half must follow.
                        guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                              bytes[position + 1] == UInt8(ascii: "u") else { throw error("a lone surrogate") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xdc00..<0xe000).contains(low) else { throw error("a lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate") }
                    utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw error("an unknown escape")
                }
            case 0..<0x20:
                throw error("a control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func parseHex4() throws(LogLineError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("a short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }
}
