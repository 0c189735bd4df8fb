import Foundation
@testable import Harness
import ToolSupport
import XCTest

/// Files and scenarios a user hands the harness: out-of-range values are refused in one
/// line before anything starts (a hostile-input hunt found them trapping or taking
/// gigabytes).
final class HostileHarnessInputTests: XCTestCase {
    /// A `ready` line sizes the replayed window: only what `--size` takes.
    func testAReadySizeOutsideTheWindowsSizesIsRefused() throws {
        for (width, height) in [("1e300", "600"), ("-5", "600"), ("20000", "20000"), ("800", "0")] {
            let path = NSTemporaryDirectory() + "touchspots-ready-\(UUID().uuidString).jsonl"
            try """
            {"type":"ready","width":\(width),"height":\(height),"scale":1}
            {"type":"frame","time":1,"timeNs":1000000,"spots":1,"touches":[{"id":0,"phase":"began","x":10,"y":10}]}

            """.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertThrowsError(try Recording(eventLog: path), "\(width) x \(height)") { error in
                XCTAssertTrue("\(error)".contains("outside 1 to 8192"), "\(error)")
            }
        }
    }

    /// A scenario's pace is 0 (unpaced) or 1 to 10,000 Hz: `pace 1e-300` trapped, `pace
    /// 0.0001` waited 10,000 s a frame. A deadline past a day is slept to a day, never trapped.
    func testAPaceNoClockKeepsIsRefused() throws {
        XCTAssertNoThrow(try Scenario(text: "pace 0\npace 1\npace 120\npace 10000\n"))
        for pace in ["pace 1e-300", "pace 0.0001", "pace -1", "pace 10001", "pace nan", "pace inf"] {
            XCTAssertThrowsError(try Scenario(text: pace + "\n"), pace)
        }
        let started = MonotonicClock.now()
        MonotonicClock.sleep(until: -Double.infinity)
        MonotonicClock.sleep(until: .nan)
        MonotonicClock.sleep(until: started - 1e300)
        XCTAssertLessThan(MonotonicClock.now() - started, 1, "a past or unreal deadline is no wait")
    }

    /// The third hunt (issue 61): a replay printed a recording's label of escape sequences
    /// raw (it set the terminal's title) and 100,000 characters of it whole; a scenario's
    /// screenshot named with an escape made a file so named and printed it raw.
    func testARecordingsWordsAreShownNotRunAndScreenshotNamesArePrintable() throws {
        var report = Replay.Report(recording: "bug\u{1B}[2J.jsonl", compositor: "weston")
        report.hasExpectations = true
        report.recordedLabels = ["tap: \u{1B}]0;pwn\u{07}\u{1B}[31m" + String(repeating: "x", count: 100_000)]
        report.replayedLabels = report.recordedLabels
        let text = report.text
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character but the line ends")
        XCTAssertTrue(text.contains(#"\u{1B}]0;pwn\u{7}"#), "shown escaped")
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.count <= 2003 }, "each line cut at 2,000 characters")
        XCTAssertTrue(text.hasSuffix("PASS\n"), text.suffix(40).description)
        for name in ["\u{1B}[31mx.png", "..", "a\u{85}b.png"] {
            XCTAssertThrowsError(try Scenario(text: "screenshot \(name)\n"), name) {
                XCTAssertTrue("\($0)".contains("one file name of printable characters"), "\($0)")
            }
        }
        XCTAssertNoThrow(try Scenario(text: "screenshot über-1.png\n"))
    }

    /// A scenario saved on Windows ("\r\n", a byte-order mark) reads as it shows.
    func testAScenarioWithWindowsLineEndsReadsAsItShows() throws {
        let scenario = try Scenario(text: "\u{FEFF}down 0 10 10\r\nframe\r\nup 0\r\nframe\r\nsync\r\n")
        XCTAssertEqual(scenario.steps.count, 5)
    }

    /// A scenario's wait is at most an hour; infinity and NaN are no durations.
    func testAWaitBeyondAnHourIsRefused() throws {
        XCTAssertNoThrow(try Scenario(text: "wait 3600s\nwait 250ms\n"))
        for wait in ["wait 5000s", "wait infs", "wait nans", "wait -1s", "wait 4000000ms"] {
            XCTAssertThrowsError(try Scenario(text: wait + "\n"), wait)
        }
    }

    /// `interop --page` reads its page before any compositor runs; a page it cannot take
    /// is refused and left as it is (a Latin-1 page was read as nothing and replaced).
    func testAPageThatIsNotUTF8TextIsRefusedAndKept() throws {
        let folder = NSTemporaryDirectory() + "touchspots-page-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let latin1 = Data("# Matrix for compositors, caf\u{E9}\n".utf8).replacing(Data([0xC3, 0xA9]), with: Data([0xE9]))
        FileManager.default.createFile(atPath: folder + "/latin1.md", contents: latin1)
        FileManager.default.createFile(atPath: folder + "/big.md", contents: Data(count: (4 << 20) + 1))
        try "# Interop\n".write(toFile: folder + "/page.md", atomically: true, encoding: .utf8)
        for (name, expected) in [("latin1.md", "not UTF-8"), ("big.md", "over 4 MiB"), ("", "not a regular file")] {
            XCTAssertThrowsError(try Interop.readPage(folder + "/" + name), name) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertEqual(FileManager.default.contents(atPath: folder + "/latin1.md"), latin1)
        XCTAssertEqual(try Interop.readPage(folder + "/page.md"), "# Interop\n")
        XCTAssertEqual(try Interop.readPage(folder + "/new.md"), "", "a new page starts empty")
    }

    /// A scenario is read with a bound, from a file of text only; its errors stay one
    /// short line (a hunt found `run - < /dev/zero` reading until memory ran out, `run
    /// /dev/zero` called "permission denied", a 100 KB line printed whole).
    func testAScenarioIsReadWithABoundAndToldInAShortLine() throws {
        let folder = NSTemporaryDirectory() + "touchspots-scenario-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/big.scenario", contents: Data(repeating: 0x23, count: Scenario.fileLimit + 1))
        FileManager.default.createFile(atPath: folder + "/latin1.scenario", contents: Data([0x23, 0xE9, 0x0A]))
        try ("down 0 1 " + String(repeating: "x", count: 100_000) + "\n").write(toFile: folder + "/long.scenario", atomically: true, encoding: .utf8)
        try "down 0 10 10\nframe\nup 0\nframe\nsync\n".write(toFile: folder + "/good.scenario", atomically: true, encoding: .utf8)
        for (path, expected) in [(folder + "/big.scenario", "over 16 MiB"), ("/dev/zero", "not a file of text"), (folder, "a directory"),
                                 (folder + "/latin1.scenario", "not UTF-8"), (folder + "/long.scenario", "scenario line 1: "),
                                 (folder + "/none.scenario", "No such file")] {
            XCTAssertThrowsError(try Scenario.read(path), path) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertLessThan("\(error)".count, 300, "\(error)".prefix(100) + "...")
            }
        }
        XCTAssertEqual(try Scenario.read(folder + "/good.scenario").steps.count, 5)
    }

    /// The harness tells an error as the client and the report tool do: one line, its name
    /// first, status 64 for a bad argument or input (argument-parser's own ran to three
    /// lines with the usage).
    func testTheHarnessTellsABadArgumentInOneLine() throws {
        let harness = Products.buildDirectory + "/touchspots-harness"
        let out = NSTemporaryDirectory() + "touchspots-harness-args-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        for arguments in [["bench", "--out", out, "--fingers", "0"], ["run", "/dev/zero", "--out", out], ["nosuch"],
                          ["interop", "--out", out, "--compositors", "weston\u{1B}[31m"],
                          // Rates and speeds a clock cannot keep: 1e-300 trapped converting a
                          // deadline to timespec, 1e-9 waited for years.
                          ["replay", "/dev/null", "--out", out, "--speed", "1e-300"],
                          ["replay", "/dev/null", "--out", out, "--speed", "1e-9"],
                          ["bench", "--out", out, "--rate", "1e-300"], ["soak", "--out", out, "--rate", "0.001"]] {
            let run = try ChildProcess.run([harness] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertEqual(run.errors.filter { $0 == "\n" }.count, 1, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("touchspots-harness: "), run.errors)
            XCTAssertFalse(run.errors.contains("\u{1B}"), "an escape shown, not run")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing started")
    }

    /// A replayed log's bad line is named by its number, its start shown with control
    /// characters as `\u{1B}` (a 5 MB line was printed whole, escapes and all); a log over
    /// 64 MiB is refused before it is read (a 182 MB log took 866 MB).
    func testAReplayedLogsBadLineAndSizeAreToldInALine() throws {
        let path = NSTemporaryDirectory() + "touchspots-badline-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("{\"type\":\"scene\",\"name\":\"playground\"}\n\n{\"type\":\"\u{1B}[31m" + String(repeating: "x", count: 1 << 20) + "\"}\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Recording(eventLog: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(path + ": line 3 is not an event log line"), String(text.prefix(300)))
            XCTAssertFalse(text.contains("\u{1B}"), "an escape shown, not run")
            XCTAssertTrue(text.contains("\\u{1B}[31m"), "the escape named as every tool names it")
            XCTAssertLessThan(text.count, 600)
        }
        let big = NSTemporaryDirectory() + "touchspots-biglog-\(UUID().uuidString).jsonl"
        FileManager.default.createFile(atPath: big, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: big) }
        XCTAssertEqual(truncate(big, off_t(Recording.eventLogLimit + 1)), 0)
        XCTAssertThrowsError(try Recording(eventLog: big)) { error in
            XCTAssertTrue("\(error)".contains("over 64 MiB"), "\(error)")
        }
    }
}
