import TouchCore
import XCTest

/// The stroke file's text form and its names.
final class StrokeFileTests: XCTestCase {
    func testAFileReadsBackWhatWasWritten() throws {
        let examples = [[Point(x: 0, y: 0), Point(x: 10.25, y: 20), Point(x: 30, y: 0)],
                        [Point(x: 1, y: 1), Point(x: 11, y: 22.5), Point(x: 31, y: 2)]]
        let text = StrokeTemplate.text(examples: examples)
        XCTAssertTrue(text.hasPrefix(StrokeTemplate.fileHeader + "\n"))
        let template = try StrokeTemplate(name: "v", text: text)
        XCTAssertEqual(template, StrokeTemplate(name: "v", examples: examples))
        let commented = text + "# a comment\n\n"
        XCTAssertEqual(try StrokeTemplate(name: "v", text: commented), template)
        // Saved on Windows: "\r\n" line ends (one Character to Swift) and a byte-order mark.
        let windows = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try StrokeTemplate(name: "v", text: windows), template)
    }

    func testBadFilesAreRefusedWithTheirReason() {
        let cases: [(String, String)] = [
            ("example 0,0 1,1\n", "first line"),
            ("\(StrokeTemplate.fileHeader)\n", "no example"),
            ("\(StrokeTemplate.fileHeader)\nexample 0,0\n", "two points"),
            ("\(StrokeTemplate.fileHeader)\nexample 0,0 x,1\n", "not a point"),
            ("\(StrokeTemplate.fileHeader)\nexample 0,0 nan,1\n", "not a point"),
            ("\(StrokeTemplate.fileHeader)\npoints 0,0 1,1\n", "expected 'example"),
            ("\(StrokeTemplate.fileHeader)\nexample 3,3 3,3\n", "single point"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try StrokeTemplate(name: "zig", text: text), text) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(error) for \(text)")
            }
        }
    }

    func testNamesAreCheckedBeforeAnythingElse() {
        for name in ["", "../x", "a/b", "..", "-x", "Caps", "with space", "checkmark", "tap", "template",
                     String(repeating: "a", count: 41)] {
            XCTAssertThrowsError(try StrokeTemplate.validate(name: name), name)
        }
        for name in ["v", "zig-zag", "circle2", String(repeating: "a", count: 40)] {
            XCTAssertNoThrow(try StrokeTemplate.validate(name: name), name)
        }
    }
}
