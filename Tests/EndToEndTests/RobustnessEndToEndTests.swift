import Foundation
import Harness
import ToolSupport
import XCTest

/// Bad input from the user's side and a hostile log reader: a clear message and a status,
/// never a crash or a hang. Real files, FIFOs, /dev/zero, /dev/full and pipes.
final class RobustnessEndToEndTests: EndToEndTestCase {
    private func run(_ arguments: [String], environment: [String: String] = [:],
                     timeout: Double = 10) throws -> (status: Int32?, output: String, seconds: Double) {
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let log = "\(outputDirectory)/run-\(UUID().uuidString).log"
        let start = Date()
        let child = try ChildProcess(name: "touchspots", arguments: [Products.touchspots] + arguments,
                                     environment: environment, logPath: log)
        let status = child.wait(timeout: timeout)
        let seconds = Date().timeIntervalSince(start)
        if status == nil { _ = try? child.stop() }
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "", seconds)
    }

    private var noDisplay: [String: String] {
        ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": NSTemporaryDirectory()]
    }

    func testAConfigThatIsNotARegularFileIsRefused() throws {
        let zero = try run(["--config", "/dev/zero"], environment: noDisplay)
        XCTAssertEqual(zero.status, 64, "not read without end: \(zero.output)")
        XCTAssertTrue(zero.output.contains("/dev/zero is not a regular file"), zero.output)

        try makeFreshOutputDirectory()
        let fifo = "\(outputDirectory)/gestures.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let pipe = try run(["--config", fifo], environment: noDisplay)
        XCTAssertEqual(pipe.status, 64, "a FIFO with no writer does not hang it: \(pipe.output)")
        XCTAssertLessThan(pipe.seconds, 5)
    }

    /// Without --config, the file under XDG_CONFIG_HOME is read (a bad one is refused,
    /// naming it); a relative XDG_CONFIG_HOME is ignored for HOME's, as the XDG spec asks.
    func testTheDefaultConfigFileIsRead() throws {
        try makeFreshOutputDirectory()
        let folder = "\(outputDirectory)/xdg/touchspots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "swipe-min-length = banana\n".write(toFile: "\(folder)/gestures.conf", atomically: true, encoding: .utf8)
        let fromXDG = try run([], environment: noDisplay.merging(["XDG_CONFIG_HOME": "\(outputDirectory)/xdg"]) { $1 })
        XCTAssertEqual(fromXDG.status, 64, fromXDG.output)
        XCTAssertTrue(fromXDG.output.contains("\(folder)/gestures.conf"), fromXDG.output)
        let home = "\(outputDirectory)/home"
        try FileManager.default.createDirectory(atPath: "\(home)/.config", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder, toPath: "\(home)/.config/touchspots")
        let relative = try run([], environment: noDisplay.merging(["XDG_CONFIG_HOME": "xdg", "HOME": home]) { $1 })
        XCTAssertEqual(relative.status, 64, relative.output)
        XCTAssertTrue(relative.output.contains("\(home)/.config/touchspots/gestures.conf"), relative.output)
    }

    func testAnOversizedConfigIsRefused() throws {
        try makeFreshOutputDirectory()
        let path = "\(outputDirectory)/big.conf"
        try String(repeating: "# padding padding padding padding padding padding padding\n", count: 2000)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["--config", path], environment: noDisplay)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.output.contains("larger than 64 KiB"), result.output)
    }

    func testABadWaylandSocketIsNamed() throws {
        let result = try run([], environment: ["WAYLAND_SOCKET": "abc"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("WAYLAND_SOCKET=abc is not an open socket"), result.output)
        XCTAssertFalse(result.output.contains("Success"), result.output)
    }

    func testABadGestureValueIsAUsageError() throws {
        let result = try run(["--gesture", "tap-slop=far"], environment: noDisplay)
        XCTAssertEqual(result.status, 64, result.output)
        XCTAssertTrue(result.output.contains("tap-slop"), result.output)
    }

    /// The log is opened once the compositor is reached (a run that cannot connect leaves
    /// no log behind), so this needs a compositor.
    func testAnEventLogFIFOWithNoReaderIsRefused() throws {
        let weston = try weston()
        defer { weston.stop() }
        let fifo = "\(outputDirectory)/events.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try run(["--event-log", fifo], environment: weston.clientEnvironment, timeout: 15)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("nobody reads"), result.output)
        XCTAssertLessThan(result.seconds, 8)
    }

    /// A headless weston of our own, for the tests that need the client running.
    private func weston() throws -> Weston {
        try makeFreshOutputDirectory()
        return try Weston(Weston.Configuration(modulePath: Products.westonModule,
                                               logPath: "\(outputDirectory)/weston.log"))
    }

    func testAnUnwritableEventLogEndsWithStatus1() throws {
        let weston = try weston()
        defer { weston.stop() }
        let result = try run(["--event-log", "/dev/full"], environment: weston.clientEnvironment)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("cannot write the event log /dev/full: No space left on device"),
                      result.output)
    }

    /// touchspots on `weston`, fullscreen, logging into a FIFO whose reading end the test
    /// holds (not inherited by touchspots); returns both once the window is ready.
    private func clientLoggingToFIFO(on weston: Weston) throws -> (client: ChildProcess, reader: Int32) {
        let fifo = "\(outputDirectory)/events.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let client = try ChildProcess(name: "touchspots", arguments: [Products.touchspots, "--fullscreen", "--event-log", fifo],
                                      environment: weston.clientEnvironment, logPath: "\(outputDirectory)/touchspots.log")
        try weston.control.send("wait-ready")
        return (client, reader)
    }

    func testAReaderThatGoesAwayEndsWithStatus0() throws {
        let weston = try weston()
        defer { weston.stop() }
        let (client, reader) = try clientLoggingToFIFO(on: weston)
        defer { _ = try? client.stop() }
        close(reader)  // the reader goes away
        try weston.control.send(batch: ["down 1 100 100", "frame"])  // lines to write
        XCTAssertEqual(client.wait(timeout: 10), 0, client.logTail())
    }

    /// With a reader that has stopped reading, SIGTERM still ends touchspots within a
    /// second, status 0, saying on stderr what could not be written.
    func testSigtermExitsPromptlyWhateverTheReaderDoes() throws {
        let weston = try weston()
        defer { weston.stop() }
        let (client, reader) = try clientLoggingToFIFO(on: weston)
        defer { close(reader); _ = try? client.stop() }
        try weston.control.send(batch: ["down 1 100 100", "frame"])
        for step in 0..<1500 {  // far more than a pipe holds
            try weston.control.send(batch: ["motion 1 \(100 + step % 700) \(100 + step % 400)", "frame"])
            if step % 100 == 0 { try weston.control.send("sync") }
        }
        try weston.control.send("sync")
        let start = Date()
        client.signal(SIGTERM)
        let status = client.wait(timeout: 10)
        XCTAssertEqual(status, 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "within a second of writing, plus start-up noise")
        XCTAssertTrue(client.logTail().contains("of the event log could not be written"), client.logTail())
    }

    /// A Unix socket that accepts connections and never answers, as a hung compositor.
    private func silentCompositor() throws -> (runtime: String, fd: Int32) {
        try makeFreshOutputDirectory()
        var template = Array("/tmp/touchspots-silent-XXXXXX".utf8CString)
        let runtime = String(cString: mkdtemp(&template)!)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array("\(runtime)/silent-0".utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(fd, 4), 0)  // the kernel accepts; nobody ever answers
        return (runtime, fd)
    }

    func testASilentCompositorIsReportedWithinSeconds() throws {
        let (runtime, fd) = try silentCompositor()
        defer { close(fd); try? FileManager.default.removeItem(atPath: runtime) }
        let result = try run([], environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "silent-0"],
                             timeout: 15)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("the compositor did not answer within 5 s"), result.output)
        XCTAssertLessThan(result.seconds, 8)
    }

    func testSigtermWhileWaitingForASilentCompositorExits0() throws {
        let (runtime, fd) = try silentCompositor()
        defer { close(fd); try? FileManager.default.removeItem(atPath: runtime) }
        let client = try ChildProcess(name: "touchspots", arguments: [Products.touchspots],
                                      environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "silent-0"],
                                      logPath: "\(outputDirectory)/touchspots.log")
        // Once it has connected (the socket has a connection to accept): touchspots blocks
        // the termination signals before it connects, so from here SIGTERM is its to handle.
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pfd, 1, 5000), 1, "touchspots connected")
        client.signal(SIGTERM)
        XCTAssertEqual(client.wait(timeout: 5), 0, client.logTail())
    }

    /// A reader that stays slow past the 8 MiB backlog: lines are dropped, and a warning
    /// saying so comes ahead of the backlog (the reader meets it right after what the pipe
    /// held), not only once the backlog has drained; the count comes at exit.
    func testDroppedLinesAreWarnedAheadOfTheBacklog() throws {
        let weston = try weston()
        defer { weston.stop() }
        let (client, reader) = try clientLoggingToFIFO(on: weston)
        defer { close(reader); _ = try? client.stop() }
        let fingers = 0..<10
        try weston.control.send(batch: fingers.map { "down \($0) \(50 + $0 * 90) 100" } + ["frame"])
        // Ten fingers log about 1.4 KB a frame: 7,000 frames are well past 8 MiB. weston drops
        // a client that falls a few hundred events behind, so it syncs every 20 frames.
        for step in 1...7_000 {
            try weston.control.send(batch: fingers.map { "motion \($0) \(50 + $0 * 90) \(100 + step % 400)" } + ["frame"])
            if step % 20 == 0 { try weston.control.send("sync") }
        }
        try weston.control.send("sync")
        XCTAssertFalse(client.hasExited)
        // Now read everything touchspots writes before it exits (a second at most).
        client.signal(SIGTERM)
        let lines = readLinesToEnd(reader)
        let warning = lines.firstIndex { $0.contains("lines are being dropped") }
        XCTAssertNotNil(warning, "a drop warning among \(lines.count) lines")
        XCTAssertLessThan(warning ?? Int.max, 1000, "right after what the pipe held, ahead of the backlog")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "whole lines only")
        XCTAssertEqual(client.wait(timeout: 5), 0)
        XCTAssertTrue(client.logTail().contains("event log lines were dropped"), client.logTail())
    }
}
