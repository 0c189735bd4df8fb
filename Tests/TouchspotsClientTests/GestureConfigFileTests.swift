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
    }

    func testAnUnknownKeyInTheFileNamesTheFile() throws {
        try "swipe-min-lenght = 60\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try GestureConfigFile.settings(config: path, overrides: [])) { error in
            XCTAssertTrue(error is UsageError)
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
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
