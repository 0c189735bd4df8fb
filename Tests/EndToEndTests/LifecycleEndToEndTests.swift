import Foundation
import Harness
import XCTest

/// Start-up, shutdown and bad input: clear messages and exit codes, never a hang.
final class LifecycleEndToEndTests: EndToEndTestCase {
    /// Runs touchspots to completion with `arguments` and `environment`.
    private func run(_ arguments: [String], environment: [String: String] = [:],
                     timeout: Double = 10) throws -> (status: Int32?, output: String) {
        let dir = outputDirectory
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let log = "\(dir)/run.log"
        try? FileManager.default.removeItem(atPath: log)
        let child = try ChildProcess(name: "touchspots", arguments: [Products.touchspots] + arguments,
                                     environment: environment, logPath: log)
        let status = child.wait(timeout: timeout)
        if status == nil { _ = try? child.stop() }
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    func testNoCompositorIsReportedAtOnce() throws {
        let result = try run([], environment: ["WAYLAND_DISPLAY": "no-such-display",
                                               "XDG_RUNTIME_DIR": NSTemporaryDirectory()])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("cannot connect to a Wayland compositor 'no-such-display'"),
                      result.output)
    }

    func testWrongFlagsGiveUsage() throws {
        let unknown = try run(["--no-such-flag"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.output.contains("Usage: touchspots"), unknown.output)
        let badSize = try run(["--size", "big"])
        XCTAssertEqual(badSize.status, 64)
        XCTAssertTrue(badSize.output.contains("--size"), badSize.output)
    }

    func testMissingFontIsReported() throws {
        let empty = "\(outputDirectory)/fonts.conf"
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try "<?xml version=\"1.0\"?><fontconfig><dir>/nonexistent</dir></fontconfig>"
            .write(toFile: empty, atomically: true, encoding: .utf8)
        let result = try run([], environment: ["FONTCONFIG_FILE": empty])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("font"), result.output)
    }

    func testCompositorGoingAwayEndsTheClientWithAnError() throws {
        try startSession()
        session.compositor.stop()
        let status = session.client.wait(timeout: 10)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(session.client.logTail().contains("the compositor closed the connection"),
                      session.client.logTail())
    }

    func testSigtermEndsTheClientCleanly() throws {
        try startSession()
        session.client.signal(SIGTERM)
        XCTAssertEqual(session.client.wait(timeout: 10), 0)
    }
}
