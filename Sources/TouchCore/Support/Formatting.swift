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
