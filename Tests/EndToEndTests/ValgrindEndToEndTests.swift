import Foundation
import Harness
import ToolSupport
import XCTest

/// touchspots under valgrind's memcheck on headless weston: touches, a sync, SIGTERM.
/// It must exit 0 with no memory error and nothing of its own definitely lost
/// (Tests/EndToEndTests/valgrind.supp names the libraries' leaks left out). valgrind
/// 3.19 cannot read the DWARF 5 debug information Swift writes, so it runs a copy
/// without it.
final class ValgrindEndToEndTests: EndToEndTestCase {
    func testExitIsValgrindClean() throws {
        guard let valgrind = ChildProcess.which("valgrind") else {
            throw XCTSkip("valgrind is not installed (scripts/install-deps installs it)")
        }
        try makeFreshOutputDirectory()
        let binary = "\(outputDirectory)/touchspots-without-debug-info"
        let strip = try ChildProcess(name: "strip", arguments: ["/usr/bin/strip", "-g", "-o", binary, Products.touchspots],
                                     logPath: "\(outputDirectory)/strip.log")
        XCTAssertEqual(strip.wait(timeout: 30), 0, strip.logTail())
        let weston = try Weston(Weston.Configuration(modulePath: Products.westonModule,
                                                     logPath: "\(outputDirectory)/weston.log"))
        defer { weston.stop() }
        let suppressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/valgrind.supp"
        let log = EventLogReader(path: "\(outputDirectory)/events.jsonl")
        let report = "\(outputDirectory)/valgrind.log"
        let client = try ChildProcess(
            name: "valgrind",
            arguments: [valgrind, "--error-exitcode=9", "--leak-check=full", "--errors-for-leak-kinds=definite",
                        "--suppressions=\(suppressions)", "--log-file=\(report)",
                        binary, "--event-log", log.path],
            // Without the shipped strokes: matching a lift against their 50 drawings in a
            // debug build under valgrind outlasts the harness's 10 s sync.
            environment: weston.clientEnvironment.merging(["TOUCHSPOTS_DATA": "\(outputDirectory)/no-data"]) { $1 },
            logPath: "\(outputDirectory)/touchspots.log")
        defer { _ = try? client.stop(timeout: 30) }
        try weston.control.send("wait-ready", timeout: 60)
        try weston.control.send(batch: ["down 1 300 300", "down 2 500 300", "frame"])
        for step in 1...10 {
            try weston.control.send(batch: ["motion 1 \(300 + step * 10) 300", "motion 2 \(500 - step * 10) 320", "frame"])
        }
        try weston.control.send(batch: ["up 1", "up 2", "frame"])
        try weston.sync(client: client, eventLog: log)
        XCTAssertEqual(try log.frames().count, 12, "every frame handled under valgrind")
        XCTAssertEqual(try client.stop(timeout: 60), 0, "exit status 0: no error, nothing definitely lost")
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        XCTAssertTrue(text.contains("ERROR SUMMARY: 0 errors"), String(text.suffix(3000)))
    }
}
