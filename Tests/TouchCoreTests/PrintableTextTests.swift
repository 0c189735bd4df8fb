import TouchCore
import XCTest

/// What a tool prints of a file's or a name's text: control characters and the
/// bidirectional controls shown, not obeyed, by the terminal (a hunt put U+202E, the
/// right-to-left override, in an output's make and a recording's device name).
final class PrintableTextTests: XCTestCase {
    func testControlsAreShownNotObeyed() {
        XCTAssertEqual(printableText("a\u{1B}[31mb"), "a\\u{1B}[31mb")
        XCTAssertEqual(printableText("a\u{202E}b\u{2066}c\u{200F}"), "a\\u{202E}b\\u{2066}c\\u{200F}")
        XCTAssertEqual(printableText("Ünïcödé → fine"), "Ünïcödé → fine", "other text as it is")
        XCTAssertEqual(printableText("abcdef", limit: 3), "abc...")
    }
}
