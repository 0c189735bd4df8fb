/// The pieces of a JSON line, appended as UTF-8 bytes. Bytes rather than a String:
/// appending to a String checks and copies per piece, and encoding the log's frame lines
/// that way took most of a logging client's instructions (docs/design/performance.md, "The event
/// log's encoding").
enum JSONBytes {
    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `{"type":"NAME"`, left open for more keys.
    static func open(_ type: LogLine.Kind, into out: inout [UInt8]) {
        append(#"{"type":""#, to: &out)
        out.append(contentsOf: type.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
    }

    /// `,"name":` for a key of a table (`LogKey.open`), without the comma after an
    /// object's `{`: one copy for every table, not one inlined into each table's writers.
    @inline(never)
    static func openKey(named name: String, into out: inout [UInt8]) {
        if out.last != UInt8(ascii: "{") { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    // The frame and responder lines' fast paths (`LogLine.encodeFrame`, `encodeResponder`)
    // write their keys as literals with these, held to the tables by `EventLogKeyTableTests`.

    /// `,"name":`
    static func openKey(_ name: StaticString, into out: inout [UInt8]) {
        // The quotes and the comma byte by byte: a literal's append costs about five
        // single bytes' (callgrind, the log's encoding).
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        append(name, to: &out)
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    static func key(_ name: StaticString, string: String, into out: inout [UInt8]) {
        openKey(name, into: &out)
        encode(string, into: &out)
    }

    static func key(_ name: StaticString, int: Int, into out: inout [UInt8]) {
        openKey(name, into: &out)
        encode(int, into: &out)
    }

    static func key(_ name: StaticString, double: Double, into out: inout [UInt8]) {
        openKey(name, into: &out)
        encode(double, into: &out)
    }

    /// The key with `null` for nil.
    static func key(_ name: StaticString, orNull string: String?, into out: inout [UInt8]) {
        openKey(name, into: &out)
        if let string { encode(string, into: &out) } else { append("null", to: &out) }
    }

    static func key(_ name: StaticString, strings: [String], into out: inout [UInt8]) {
        openKey(name, into: &out)
        array(strings, into: &out) { encode($0, into: &$1) }
    }

    /// `[a,b,...]`, each element written by `element`.
    static func array<Elements: Sequence>(
        _ elements: Elements, into out: inout [UInt8], _ element: (Elements.Element, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: "["))
        var first = true
        for item in elements {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            element(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Whole numbers without a fraction; others as Swift prints them (the shortest form
    /// that reads back exactly); not finite as null.
    static func encode(_ d: Double, into out: inout [UInt8]) {
        if d.isFinite {
            if d == d.rounded() && abs(d) < 1e15 {
                encode(Int(d), into: &out)
            } else {
                out.append(contentsOf: d.description.utf8)
            }
        } else {
            append("null", to: &out)
        }
    }

    static func encode(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: buffer[start...])
        }
    }

    /// A JSON string: `"`, `\` and control characters escaped, everything else (UTF-8,
    /// which a Swift string always is) as it is.
    static func encode(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Keys and nearly all values need no escape: copied whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &out)
                case UInt8(ascii: "\\"): append("\\\\", to: &out)
                case UInt8(ascii: "\n"): append("\\n", to: &out)
                case UInt8(ascii: "\r"): append("\\r", to: &out)
                case UInt8(ascii: "\t"): append("\\t", to: &out)
                case 0..<0x20:
                    let hex: StaticString = "0123456789abcdef"
                    append("\\u00", to: &out)
                    out.append(hex.utf8Start[Int(byte >> 4)])
                    out.append(hex.utf8Start[Int(byte & 0xf)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
