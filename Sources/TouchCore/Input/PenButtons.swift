/// The buttons a tablet tool holds down (Linux BTN_* codes), in the order they were
/// pressed, kept inline.
///
/// Why not an array: a `Touch` carries its pen's state, and a touch is copied a few
/// times on its way through a frame (assembler, window, views, gestures, log). One array
/// in it made every copy retain and release it through outlined copy code, a fifth of the
/// instructions on a ten-finger stream's input path (docs/design/performance.md, "Touch events
/// without libffi"); with the buttons inline a touch is plain bytes.
///
/// Holds up to `capacity` buttons: a tool has two or three (BTN_STYLUS, BTN_STYLUS2,
/// BTN_STYLUS3). A press beyond that is dropped, and so is not shown; its release is
/// then a release of a button not held, which changes nothing.
public struct PenButtons: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Sendable,
    CustomStringConvertible
{
    public static let capacity = 8

    private var codes: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count8: UInt8 = 0

    public init() {}

    public init(arrayLiteral elements: UInt32...) {
        for code in elements { append(code) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(count8) }

    public subscript(position: Int) -> UInt32 {
        precondition(position >= 0 && position < endIndex, "PenButtons index out of range")
        return withUnsafeBytes(of: codes) { $0.load(fromByteOffset: position * 4, as: UInt32.self) }
    }

    /// Adds `code` at the end; false (and nothing added) when the list is full.
    @discardableResult
    public mutating func append(_ code: UInt32) -> Bool {
        let offset = endIndex * 4
        guard endIndex < Self.capacity else { return false }
        withUnsafeMutableBytes(of: &codes) { $0.storeBytes(of: code, toByteOffset: offset, as: UInt32.self) }
        count8 += 1
        return true
    }

    /// Removes every `code` equal to `code`, keeping the others' order.
    public mutating func remove(_ code: UInt32) {
        let kept = filter { $0 != code }
        removeAll()
        for other in kept { append(other) }
    }

    public mutating func removeAll() {
        codes = (0, 0, 0, 0, 0, 0, 0, 0)
        count8 = 0
    }

    public static func == (a: PenButtons, b: PenButtons) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for code in self { hasher.combine(code) }
    }

    public var description: String { "[" + map { "\($0)" }.joined(separator: ", ") + "]" }
}
