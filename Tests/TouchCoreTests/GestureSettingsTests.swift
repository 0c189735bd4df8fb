import TouchCore
import XCTest

/// `GestureSettings`: a setting by name (`--gesture KEY=VALUE`), the gestures.conf
/// parser (comments, blank lines, spaces, the file and line of an error), and an
/// overridden length taking effect.
final class GestureSettingsTests: XCTestCase {
    func testSettingsOverridesAndConfigFile() throws {
        var settings = GestureSettings()
        try settings.set("swipe-min-length", to: "40")
        XCTAssertEqual(settings.swipeMinimumLength, 40)
        try settings.apply(configuration: "# comment\ntap-interval = 0.25\n\n pinch-min-delta=60 # inline\n",
                           source: "test.conf")
        XCTAssertEqual(settings.tapInterval, 0.25)
        XCTAssertEqual(settings.pinchMinimumDelta, 60)
        XCTAssertThrowsError(try settings.set("no-such", to: "1"))
        // One row of `keys` per `--gesture` key, in the enum's order, each setting its own
        // threshold: a near miss's `setting` (a `Key`) names what the row sets.
        XCTAssertEqual(GestureSettings.keys.map(\.key), GestureSettings.Key.allCases)
        XCTAssertEqual(Set(GestureSettings.keys.map { "\($0.path)" }).count, GestureSettings.Key.allCases.count)
        XCTAssertThrowsError(try settings.set("tap-slop", to: "-1"))
        // Decimal only (issue 61: "0x10" was taken as 16).
        XCTAssertThrowsError(try settings.set("tap-slop", to: "0x10"))
        XCTAssertThrowsError(try settings.set("tap-slop", to: "0x1p3"))
        try settings.set("tap-slop", to: "1.5e1")
        XCTAssertEqual(settings.tapSlop, 15)
        XCTAssertThrowsError(try settings.apply(configuration: "tap-slop 3", source: "x.conf")) {
            XCTAssertTrue("\($0)".contains("x.conf:1"))
        }
        let f = FingerScript(settings: settings)
        f.down(1, 100, 100)
        f.drag([1], dx: 30, dy: 0)
        f.up(1)
        XCTAssertEqual(f.take(), [], "30 px is short of the overridden 40")
        f.wait(1)
        f.down(1, 100, 100)
        f.drag([1], dx: 45, dy: 0)
        f.up(1)
        XCTAssertEqual(f.take(), [.swipe(.horizontal, fingers: 1)])
    }
}
