import Foundation
import Harness
import ToolSupport
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

    /// Without XDG_RUNTIME_DIR, one line: libwayland printed its own ahead of ours.
    func testNoRuntimeFolderIsOneLine() throws {
        let run = try ChildProcess.run(["/usr/bin/env", "-u", "XDG_RUNTIME_DIR", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET",
                                        Products.touchspots])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.errors, "touchspots: cannot connect to a Wayland compositor (WAYLAND_DISPLAY is not set): XDG_RUNTIME_DIR is not set\n")
    }

    func testWrongFlagsGiveUsage() throws {
        let unknown = try run(["--no-such-flag"])
        XCTAssertEqual(unknown.status, 64)
        // One line on stderr, naming what is wrong (README, "Exit status").
        XCTAssertTrue(unknown.output.contains("touchspots: Unknown option '--no-such-flag'"), unknown.output)
        XCTAssertEqual(unknown.output.split(separator: "\n").count, 1, unknown.output)
        let badSize = try run(["--size", "big"])
        XCTAssertEqual(badSize.status, 64)
        XCTAssertTrue(badSize.output.contains("--size"), badSize.output)
    }

    /// On a real compositor: the font is looked up after connecting but before any
    /// surface exists, so no window is ever made.
    func testMissingFontIsReportedBeforeAnyWindow() throws {
        try makeFreshOutputDirectory()
        let empty = "\(outputDirectory)/fonts.conf"
        try "<?xml version=\"1.0\"?><fontconfig><dir>/nonexistent</dir></fontconfig>"
            .write(toFile: empty, atomically: true, encoding: .utf8)
        let weston = try Weston(Weston.Configuration(modulePath: Products.westonModule,
                                                     logPath: "\(outputDirectory)/weston.log"))
        defer { weston.stop() }
        var environment = weston.clientEnvironment
        environment["FONTCONFIG_FILE"] = empty
        let result = try run(["--fullscreen"], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("no font found"), result.output)
        XCTAssertEqual(Int(try weston.control.send("requests wl_compositor.create_surface")), 0,
                       "no surface was made before the font was found")
    }

    func testCompositorGoingAwayEndsTheClientWithAnError() throws {
        try startHeadlessRun()
        headlessRun.compositor.stop()
        let status = headlessRun.client.wait(timeout: 10)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(headlessRun.client.logTail().contains("the compositor closed the connection"),
                      headlessRun.client.logTail())
    }

    func testSigtermEndsTheClientCleanly() throws {
        try startHeadlessRun()
        headlessRun.client.signal(SIGTERM)
        XCTAssertEqual(headlessRun.client.wait(timeout: 10), 0)
    }
}

/// The event log never blocks the client: a reader that stops reading a pipe costs
/// touchspots nothing, and what it did not take yet arrives once it reads again.
final class EventLogPipeTests: XCTestCase {
    func testASlowPipeReaderNeverBlocksTouchHandling() throws {
        let directory = "\(Products.buildDirectory)/../e2e/EventLogPipeTests"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = Weston.Configuration(modulePath: Products.westonModule,
                                                 logPath: "\(directory)/weston.log")
        configuration.width = 1024
        configuration.height = 640
        let weston = try Weston(configuration)
        defer { weston.stop() }
        let fifo = "\(directory)/events.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Open the reading end first (without blocking), then never read until the end.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let client = try ChildProcess(name: "touchspots",
                                      arguments: [Products.touchspots, "--fullscreen", "--event-log", fifo],
                                      environment: weston.clientEnvironment,
                                      logPath: "\(directory)/touchspots.log")
        defer { _ = try? client.stop() }
        try weston.control.send("wait-ready")
        // Each frame logs a frame and a responder line: 1500 frames is far more than a
        // pipe holds (64 KiB).
        try weston.control.send(batch: ["down 1 100 100", "frame"])
        for step in 0..<1500 {
            try weston.control.send(batch: ["motion 1 \(100 + step % 700) \(100 + step % 400)", "frame"])
            if step % 100 == 0 { try weston.control.send("sync") }
        }
        try weston.control.send(batch: ["up 1", "frame"])
        try weston.control.send("sync")  // touchspots still answers: it never blocked
        XCTAssertFalse(client.hasExited)

        // Now read everything: every frame arrives, in order, as whole lines.
        client.signal(SIGTERM)
        let lines = readLinesToEnd(reader)
        let frames = lines.filter { $0.contains("\"type\":\"frame\"") }
        XCTAssertEqual(frames.count, 1502, "down, 1500 motions, up")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "whole lines only")
        XCTAssertEqual(client.wait(timeout: 10), 0)
    }
}
