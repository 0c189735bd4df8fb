import Foundation
import Harness
import ToolSupport
import XCTest

/// The client given hostile arguments and files, with no compositor needed (issue 39):
/// one line on stderr and status 64 for arguments, nothing left behind where it should
/// not be, stroke files that cannot hang `--list-strokes`. Each failed before the fixes.
final class HostileArgumentsEndToEndTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "touchspots-hostile-args-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// touchspots with `environment` (and nothing else of ours: no compositor), at most 30 s.
    private func touchspots(_ arguments: [String], environment: [String: String] = [:], in folder: String? = nil)
        throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["30", Products.touchspots] + arguments
        var env = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": directory!, "WAYLAND_DISPLAY": "no-compositor-here",
                   "HOME": directory!, "XDG_CONFIG_HOME": "\(directory!)/config"]
        env.merge(environment) { $1 }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: folder ?? directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    func testArgumentErrorsAreOneLineWithStatus64() throws {
        let cases: [([String], String)] = [
            (["--record-gesture", "Bad Name"], "--record-gesture"),
            (["--record-gesture", "zed", "--qualify", "quick"], "cannot be used together"),
            (["--frobnicate"], "--frobnicate"),
            (["--millimetres-per-pixel", "1e-9", "--qualify", "quick"], "--millimetres-per-pixel must be 0.01"),
            (["--millimetres-per-pixel", "5e-324"], "--millimetres-per-pixel"),
        ]
        for (arguments, told) in cases {
            let result = try touchspots(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.errors)")
            XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, "one line: \(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix("touchspots: ") && result.errors.contains(told), result.errors)
        }
    }

    /// A value of the user's echoed in an error has its control characters shown, not run,
    /// and a long one is cut (a hunt found escapes and newlines from --gesture, --qualify,
    /// --config and --display printed raw, and libwayland's own line for a long --display).
    func testValuesEchoedInErrorsCannotDriveTheTerminal() throws {
        let config = "\(directory!)/esc.conf"
        try "tap-slop = 1\u{1B}[31mX\n".write(toFile: config, atomically: false, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["--gesture", "tap\u{1B}[31m=3"], 64, "unknown gesture setting 'tap\\u{1B}[31m'"),
            (["--gesture", "tap-slop=1\n2"], 64, "tap-slop"),
            (["--config", config], 64, "'1\\u{1B}[31mX'"),
            (["--qualify", "/no/such\u{1B}[31m"], 64, "/no/such\\u{1B}[31m"),
            (["--gesture", "tap-slop=" + String(repeating: "9", count: 100_000)], 64, "tap-slop"),
            (["--display", "d\u{1B}[31m"], 1, "'d\\u{1B}[31m'"),
            (["--display", String(repeating: "x", count: 200)], 1, "over the 107 a Unix socket's name holds"),
        ]
        for (arguments, status, told) in cases {
            let result = try touchspots(arguments)
            let shown = String(result.errors.prefix(200))
            XCTAssertEqual(result.status, status, "\(arguments.map { $0.prefix(40) }): \(shown)")
            XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, "one line: \(shown)")
            XCTAssertFalse(result.errors.contains("\u{1B}"), "an escape shown, not run: \(shown)")
            XCTAssertLessThan(result.errors.count, 2_100, "cut: \(shown)")
            XCTAssertTrue(result.errors.hasPrefix("touchspots: ") && result.errors.contains(told), shown)
        }
    }

    /// No compositor: the run ends with status 1 and leaves no empty log; a relative HOME
    /// makes nothing at the root.
    func testAQualifyRunWithoutACompositorLeavesNoLog() throws {
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/plans/quick.json")
            .standardized.path
        let result = try touchspots(["--qualify", plan])
        XCTAssertEqual(result.status, 1, result.errors)
        let state = "\(directory!)/.local/state/touchspots"
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? [], [], "no empty log kept")
        XCTAssertFalse(result.errors.contains("this run's event log"), "no log told that was never made")

        let relative = "touchspots-relative-home-\(getpid())"
        let again = try touchspots(["--qualify", plan], environment: ["HOME": relative, "XDG_CONFIG_HOME": ""])
        XCTAssertEqual(again.status, 1, again.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/\(relative)"), "nothing made at the root")
        try? FileManager.default.removeItem(atPath: "/\(relative)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory!)/\(relative)"), "nor beside the run")
    }

    func testHostileStrokeFilesAreToldAndNeverHang() throws {
        let strokes = "\(directory!)/config/touchspots/strokes"
        try FileManager.default.createDirectory(atPath: strokes, withIntermediateDirectories: true)
        // The 70-byte file that made --list-strokes run forever.
        try "# touchspots stroke 1\nexample 10000000000000000,0 10000000000000002,0\n"
            .write(toFile: "\(strokes)/far.stroke", atomically: true, encoding: .utf8)
        // A name with an escape sequence and a newline.
        try "# touchspots stroke 1\nexample 0,0 10,10\n".write(toFile: "\(strokes)/e\u{1B}[31mred\nx.stroke", atomically: true, encoding: .utf8)
        // More strokes than are matched.
        for index in 0..<40 {
            try "# touchspots stroke 1\nexample 0,0 \(index + 10),10 20,0\n"
                .write(toFile: "\(strokes)/s\(String(format: "%02d", index)).stroke", atomically: true, encoding: .utf8)
        }
        let start = Date()
        let result = try touchspots(["--list-strokes"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertFalse((result.output + result.errors).unicodeScalars.contains { $0.value == 0x1B }, "no escape printed raw")
        XCTAssertTrue(result.errors.contains("far.stroke: line 2"), result.errors)
        XCTAssertTrue(result.errors.contains("at most 32 strokes"), result.errors)
        let listed = result.output.split(separator: "\n").count
        XCTAssertLessThanOrEqual(listed, 32)
    }
}
