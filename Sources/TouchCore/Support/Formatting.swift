/// Numbers as text with a fixed number of decimals. The core imports no C (so no
/// String(format:)); the readouts need a steady width, which `description` does not give.
public func fixed(_ value: Double, decimals: Int, sign: Bool = false) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 1e15 else { return value < 0 ? "-big" : "big" }
    let whole = Int(scaled)
    var digits = String(whole)
    if decimals > 0 {
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    let negative = value < 0 && whole != 0
    return (negative ? "-" : sign ? "+" : "") + digits
}

/// `text` with control characters (C0, DEL and C1: escape sequences, newlines) and the
/// bidirectional controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: a right-to-left
/// override turns the rest of a line around) shown as `\u{1B}`, so that a file's or a
/// name's bytes cannot drive the terminal they are printed on; past `limit` characters (the tools' one-line errors: 2,000), cut and ended with
/// "...". Every tool's error line, and every message that quotes a file's text, shows
/// control characters this one way.
public func printableText(_ text: String, limit: Int = .max) -> String {
    var shown = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || [0x200E, 0x200F].contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
            shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return shown.count > limit ? String(shown.prefix(limit)) + "..." : shown
}

/// `text` safe inside HTML or XML, in element text and in a quoted attribute alike:
/// `&`, `<`, `>`, `"` and `'` as entities. The one escaper of the reports that write
/// markup by hand (the conformance pages, the qualify report's JUnit attributes, which
/// Plot writes unescaped).
public func markupEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}

