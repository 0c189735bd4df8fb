import Foundation
import Glibc
import TouchCore
@testable import TouchspotsClient
import XCTest

/// `--config` and `--gesture`: the file, then the flags; a bad one is a usage error.
final class GestureConfigFileTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "touchspots-gestures-\(getpid()).conf"
    }

    override func tearDown() { unlink(path) }

    func testTheFileThenTheFlags() throws {
        try "# longer swipes\nswipe-min-length = 60\nswipe-max-angle = 20\n".write(toFile: path, atomically: false, encoding: .utf8)
        let settings = try GestureConfigFile.settings(config: path, overrides: ["swipe-max-angle=10"])
        XCTAssertEqual(settings.swipeMinimumLength, 60)
        XCTAssertEqual(settings[keyPath: settingPath("swipe-max-angle")], 10, "the flag wins over the file")
        // Saved on Windows: "\r\n" is one Character to Swift, so the file was one line
        // ("tap-slop needs a number ..., not '20\ntap-...'"); a byte-order mark is no key.
        try "\u{FEFF}swipe-min-length = 60\r\nswipe-max-angle = 20\r\n".write(toFile: path, atomically: false, encoding: .utf8)
        let windows = try GestureConfigFile.settings(config: path, overrides: [])
        XCTAssertEqual(windows.swipeMinimumLength, 60)
        XCTAssertEqual(windows[keyPath: settingPath("swipe-max-angle")], 20)
        // Only "\n" and "\r\n" end a line: a U+2028 in a comment does not end the comment
        // (Character.isNewline would have applied the setting after it).
        try "# old:\u{2028}swipe-min-length = 99\nswipe-max-angle = 20\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try GestureConfigFile.settings(config: path, overrides: []).swipeMinimumLength,
                       GestureSettings().swipeMinimumLength)
    }

    func testAnUnknownKeyInTheFileNamesTheFile() throws {
        try "swipe-min-lenght = 60\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try GestureConfigFile.settings(config: path, overrides: [])) { error in
            XCTAssertTrue(error is UsageError)
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
    }

    /// Each key takes what its unit allows, and the two checkmark angles must not cross: a
    /// hostile-input hunt found a score of 5, a smallest angle over the largest and 1e300 s
    /// taken, a gesture then never firing or a label never leaving.
    func testAValueOutsideItsKeysRangeOrContradictingAnotherIsRefused() throws {
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        for (flag, expected) in [("stroke-min-score=5", "stroke-min-score needs a number from 0 to 1, not '5'"),
                                 ("label-duration=1e300", "label-duration needs a number from 0 to 60, not '1e300'"),
                                 ("swipe-max-angle=120", "swipe-max-angle needs a number from 0 to 90"),
                                 ("tap-slop=" + String(repeating: "9", count: 60_000), "tap-slop needs a number from 0 to 10000, not '9999"),
                                 ("tap-slop=nan", "not 'nan'"),
                                 ("checkmark-min-angle=170", "checkmark-min-angle (170.0) is above checkmark-max-angle (160.0)")] {
            XCTAssertThrowsError(try GestureConfigFile.settings(config: path, overrides: [flag]), flag) { error in
                XCTAssertTrue(error is UsageError, "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertLessThan("\(error)".count, 200)
            }
        }
        let edges = try GestureConfigFile.settings(config: path, overrides: ["stroke-min-score=1", "label-duration=60", "tap-slop=0"])
        XCTAssertEqual(edges.labelDuration, 60, "a range's ends are in it")
    }

    func testAFlagWithoutAnEqualsSignIsAUsageError() throws {
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try GestureConfigFile.settings(config: path, overrides: ["swipe-min-length"])) { error in
            XCTAssertEqual("\(error)", "--gesture needs KEY=VALUE, not 'swipe-min-length'")
        }
    }

    func testAnExplicitConfigThatIsNotThereIsAUsageError() {
        XCTAssertThrowsError(try GestureConfigFile.settings(config: path + ".missing", overrides: [])) { error in
            XCTAssertTrue(error is UsageError, "\(error)")
        }
    }

    func testAConfigThatIsNoRegularFileOrTooLargeIsRefused() throws {
        XCTAssertThrowsError(try GestureConfigFile.settings(config: "/dev/zero", overrides: [])) { error in
            XCTAssertEqual("\(error)", "the config file /dev/zero is not a regular file")
        }
        try String(repeating: "# \n", count: 30_000).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try GestureConfigFile.settings(config: path, overrides: [])) { error in
            XCTAssertEqual("\(error)", "the config file \(path) is larger than 64 KiB")
        }
    }

    private func settingPath(_ key: String) -> WritableKeyPath<GestureSettings, Double> {
        GestureSettings.keys.first { $0.key.rawValue == key }!.path
    }
}
