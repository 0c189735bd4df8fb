import Foundation
import Glibc
import Harness
import ToolSupport
import XCTest

/// What the harness starts, it stops with all it started (issue 61's hunt: a nested
/// compositor that was a script left its `sleep` children running under init).
final class ChildProcessTests: XCTestCase {
    func testStoppingAProcessStopsWhatItStarted() throws {
        let log = NSTemporaryDirectory() + "touchspots-child-\(getpid()).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        // A shell that starts a child and waits on another, as a script of a compositor does.
        let child = try ChildProcess(name: "script", arguments: ["/bin/sh", "-c", "sleep 1000 & echo $! ; exec sleep 1000"],
                                     logPath: log)
        var grandchild: pid_t?
        let deadline = Date().addingTimeInterval(10)
        while grandchild == nil && Date() < deadline {
            grandchild = (try? String(contentsOfFile: log, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if grandchild == nil { usleep(10_000) }  // no sync exists for another process's output
        }
        let started = try XCTUnwrap(grandchild, "the script said its child's pid")
        XCTAssertEqual(kill(started, 0), 0, "its child runs")
        _ = try child.stop(timeout: 2)
        XCTAssertTrue(ChildProcess.waitForEnd(of: started, timeout: 5), "its child ended with it")
    }
}
