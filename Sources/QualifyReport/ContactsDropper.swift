/// A report's JSON with every `"contacts"` value replaced by `[]`, made as its bytes
/// stream by: what `compare` reads (verdicts, never contacts), so that memory follows the
/// verdicts, not the file. A 21 MB report once took 549 MB to compare, every contact
/// decoded only to be dropped.
///
/// It reads JSON's grammar only as far as it must: strings (with their escapes, so that a
/// quote or bracket inside one is text) and the nesting of the value it skips. A key is
/// `contacts` when a string of exactly those bytes is followed by `:`; its value, when it
/// is an array, is skipped to its matching `]`. Anything that is not JSON passes through
/// untouched, for the decoder to refuse.
public struct ContactsDropper {
    private enum State {
        case text
        case string(escaped: Bool)
        /// After a string that may be the key, before its colon.
        case afterKey
        /// After `"contacts":`, before its value.
        case beforeValue
        /// Inside the skipped array, `depth` brackets deep, maybe inside a string.
        case skipping(depth: Int, inString: Bool, escaped: Bool)
    }

    private var state = State.text
    /// The current string's first bytes (enough to tell `contacts`), and whether it ran longer.
    private var name: [UInt8] = []
    private var nameTooLong = false
    private static let key = Array("contacts".utf8)

    public init() {}

    /// Appends what of `bytes` the report keeps to `out`.
    public mutating func feed(_ bytes: some Collection<UInt8>, into out: inout [UInt8]) {
        for byte in bytes { take(byte, into: &out) }
    }

    private mutating func take(_ byte: UInt8, into out: inout [UInt8]) {
        switch state {
        case .text:
            out.append(byte)
            if byte == UInt8(ascii: "\"") {
                state = .string(escaped: false)
                name.removeAll(keepingCapacity: true)
                nameTooLong = false
            }
        case .string(let escaped):
            out.append(byte)
            if escaped {
                state = .string(escaped: false)
                nameTooLong = true  // an escape is never in `contacts`
            } else if byte == UInt8(ascii: "\\") {
                state = .string(escaped: true)
            } else if byte == UInt8(ascii: "\"") {
                state = !nameTooLong && name == Self.key ? .afterKey : .text
            } else if name.count < Self.key.count {
                name.append(byte)
            } else {
                nameTooLong = true
            }
        case .afterKey:
            out.append(byte)
            if byte == UInt8(ascii: ":") {
                state = .beforeValue
            } else if byte == UInt8(ascii: "\"") {
                // No colon came: a string of the value's, and another opens.
                state = .string(escaped: false)
                name.removeAll(keepingCapacity: true)
                nameTooLong = false
            } else if !Self.isSpace(byte) {
                state = .text
            }
        case .beforeValue:
            if Self.isSpace(byte) { out.append(byte); return }
            if byte == UInt8(ascii: "[") {
                out.append(contentsOf: Array("[]".utf8))
                state = .skipping(depth: 1, inString: false, escaped: false)
            } else {
                state = .text
                take(byte, into: &out)
            }
        case .skipping(let depth, let inString, let escaped):
            if inString {
                state = .skipping(depth: depth, inString: !(byte == UInt8(ascii: "\"") && !escaped),
                                  escaped: !escaped && byte == UInt8(ascii: "\\"))
            } else if byte == UInt8(ascii: "\"") {
                state = .skipping(depth: depth, inString: true, escaped: false)
            } else if byte == UInt8(ascii: "[") {
                state = .skipping(depth: depth + 1, inString: false, escaped: false)
            } else if byte == UInt8(ascii: "]") {
                state = depth == 1 ? .text : .skipping(depth: depth - 1, inString: false, escaped: false)
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
