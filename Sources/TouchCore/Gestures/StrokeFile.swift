/// The text form of a taught stroke, one small file per stroke (docs/gestures.md, "Stroke
/// files"):
///
///     # touchspots stroke 1
///     example 12,40 18,52 25,63 ...
///     example 10,35 17,50 ...
///
/// The first line names the format; every `example` line is one drawing of the stroke as
/// `x,y` points in any unit (only the shape counts); `#` starts a comment. The name is the
/// file's. Parsing is here, in the core, so the rules are tested without files; the
/// client reads the files.
extension StrokeTemplate {
    public static let fileHeader = "# touchspots stroke 1"
    /// Names a stroke may not take: the built-in gestures' own.
    public static let reservedNames = Set(Gesture.Kind.allCases.map(\.rawValue))

    /// Why a stroke's name or text was refused.
    public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
        public let description: String
    }

    /// Refuses an empty name, one with anything but a-z, 0-9 and '-' (so no '/' and no
    /// '..'), one starting with '-', a name over 40 characters, and a built-in gesture's.
    public static func validate(name: String) throws(FileError) {
        guard !name.isEmpty, name.utf8.count <= 40 else {
            throw FileError(description: "a stroke's name needs 1 to 40 characters, not '\(printableText(name))'")
        }
        guard name.utf8.allSatisfy({ (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2d }),
              name.utf8.first != 0x2d else {
            throw FileError(description: "a stroke's name may hold only a-z, 0-9 and '-' (not first): '\(printableText(name))'")
        }
        guard !reservedNames.contains(name) else {
            throw FileError(description: "'\(name)' is a built-in gesture's name")
        }
    }

    /// Reads a stroke file's text.
    public init(name: String, text: String) throws(FileError) {
        try Self.validate(name: name)
        // Lines end at "\n" (a "\r" before it, as a file saved on Windows has, goes with
        // the trimmed spaces; a lone "\r" or U+2028 ends no line, so line numbers are an
        // editor's); a byte-order mark is not part of the header. Lines, words and numbers
        // are split on their UTF-8 bytes: split as Characters, the shipped strokes and
        // shapes took 14 ms to read, in the pass that drew a touch
        // (docs/design/performance.md, "Stroke files on a second thread").
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        var lines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(Substring($0)).trimmingSpaces }
        guard lines.first == Self.fileHeader else {
            throw FileError(description: "the first line must be '\(Self.fileHeader)'")
        }
        lines.removeFirst()
        var examples: [[Point]] = []
        for (index, line) in lines.enumerated() where !line.isEmpty && !line.hasPrefix("#") {
            let words = line.utf8.split(separator: UInt8(ascii: " "))
            guard let first = words.first, first.elementsEqual("example".utf8) else {
                throw FileError(description: "line \(index + 2): expected 'example x,y x,y ...'")
            }
            guard examples.count < Self.maximumExamples else {
                throw FileError(description: "line \(index + 2): more than \(Self.maximumExamples) examples")
            }
            guard words.count - 1 <= Self.maximumPoints else {
                throw FileError(description: "line \(index + 2): more than \(Self.maximumPoints) points")
            }
            var points: [Point] = []
            points.reserveCapacity(words.count - 1)
            for word in words.dropFirst() {
                let parts = word.split(separator: UInt8(ascii: ","))
                guard parts.count == 2, let x = Double(Substring(parts[0])), let y = Double(Substring(parts[1])),
                      abs(x) <= Self.largestCoordinate, abs(y) <= Self.largestCoordinate else {
                    throw FileError(description: "line \(index + 2): '\(printableText(String(Substring(word).prefix(40))))' is not a point x,y (each within ±1000000)")
                }
                points.append(Point(x: x, y: y))
            }
            guard points.count >= 2 else { throw FileError(description: "line \(index + 2): an example needs two points or more") }
            examples.append(points)
        }
        guard !examples.isEmpty else { throw FileError(description: "no example line") }
        guard let template = StrokeTemplate(name: name, examples: examples) else {
            throw FileError(description: "every example is a single point")
        }
        self = template
    }

    /// A stroke file's text for `examples`, as drawn (surface px, two decimals).
    public static func text(examples: [[Point]]) -> String {
        func number(_ v: Double) -> String {
            let hundredths = (v * 100).rounded() / 100
            return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
        }
        return ([fileHeader] + examples.map { "example " + $0.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ") })
            .joined(separator: "\n") + "\n"
    }
}
