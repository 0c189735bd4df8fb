import Conformance
import Foundation
import Harness
import ToolSupport
import XCTest

/// `touchspots-harness conformance` given what a hostile user would (a hunt of 80 inputs,
/// docs/conformance.md): one line and 64, or a run that ends; never a crash, a hang, runaway
/// memory or a terminal driven by a report's words. Only the harness's own headless weston
/// starts in these (the host of the nested programs that fail at once).
final class HostileConformanceEndToEndTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "touchspots-hostile-conformance-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The harness under a 4 GB address-space limit and 60 s: a runaway shows as a failure.
    /// Not under the address sanitizer (scripts/sanitize), whose shadow memory alone is
    /// terabytes of address space: there the 60 s bound it.
    private func harness(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let limit = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? "ulimit -v 4000000; " : ""
        return try ChildProcess.run(["sh", "-c", "\(limit)exec timeout 60 '\(Products.buildDirectory)/touchspots-harness' conformance \(quoted)"])
    }

    private func report(compositors: Int, checks: Int, name: (Int) -> String = { "c\($0)" }, host: String = "h") -> ConformanceReport {
        let check = ConformanceReport.Check(Finding(.seatHasTouch, verdict: .pass, detail: "seen"), evidence: nil)
        return ConformanceReport(
            touchspots: .init(version: "0.1.0", commit: "abc"), date: "2026-12-06T00:00:00Z", host: .init(name: host, kernel: "6"),
            compositors: (0..<compositors).map { index in
                .init(name: name(index), version: "1", driver: "d", command: "c", checks: (0..<checks).map { number in
                    var copy = check
                    copy.id = "check-\(number)"
                    return copy
                })
            })
    }

    private func write(_ report: ConformanceReport, _ name: String) throws -> String {
        let path = "\(directory!)/\(name)"
        try report.json().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A file that says it is empty and never ends (/proc) was read without limit: 2.9 GB,
    /// then SIGILL. Now it is read to 16 MiB and refused.
    func testAFileWithNoEndIsRefused() throws {
        let base = try write(report(compositors: 1, checks: 1), "base.json")
        let result = try harness(["--compare", "/proc/self/pagemap", base])
        XCTAssertEqual(result.status, 64, result.errors)
        XCTAssertTrue(result.errors.contains("over 16 MiB") || result.errors.contains("cannot read"), result.errors)
        XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, result.errors)
    }

    /// 32,000 checks (2 MB) took over a minute to compare: each was looked up in a list.
    func testManyChecksCompareInLinearTime() throws {
        let big = try write(report(compositors: 1, checks: 32_000), "big.json")
        let result = try harness(["--compare", big, big])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("no verdict changed"), result.output)
    }

    /// A report's words (its host, a compositor's name) reached the terminal raw: an OSC
    /// title, a fake line; and a 4 MiB name was printed once a change, 12 GB in all.
    func testAReportsWordsCannotDriveTheTerminalOrFloodIt() throws {
        let base = try write(report(compositors: 1, checks: 3, name: { _ in "x\u{1B}]0;pwned\u{07}\ny" }), "base.json")
        var changed = report(compositors: 1, checks: 3, name: { _ in "x\u{1B}]0;pwned\u{07}\ny" }, host: "h\u{1B}[2J")
        for index in changed.compositors[0].checks.indices { changed.compositors[0].checks[index].verdict = .fail }
        let worse = try write(changed, "worse.json")
        let result = try harness(["--compare", base, worse])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertFalse(result.output.contains("\u{1B}") || result.output.contains("\u{07}"), result.output)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2 + 3 + 1, "a line each, none split: \(result.output)")

        var longReport = report(compositors: 1, checks: 100, name: { _ in String(repeating: "n", count: 1 << 18) })
        for index in longReport.compositors[0].checks.indices { longReport.compositors[0].checks[index].verdict = .fail }
        let long = try write(longReport, "long.json")
        let flood = try harness(["--compare", base, long])
        XCTAssertEqual(flood.status, 1, "every check worse: \(flood.errors)")
        XCTAssertEqual(flood.output.split(separator: "\n").count, 2 + 100 + 1, "a line each")
        XCTAssertLessThan(flood.output.utf8.count, 1 << 20, "each line is cut: \(flood.output.utf8.count) bytes")
    }

    func testAFolderIsNotAProgramAndCompareTakesNoCompositor() throws {
        let folder = try harness(["--compositor-command", "/tmp", "--out", "\(directory!)/out"])
        XCTAssertEqual(folder.status, 64, folder.errors)
        XCTAssertTrue(folder.errors.contains("is not a program"), folder.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory!)/out"), "nothing made before the refusal")
        let base = try write(report(compositors: 1, checks: 1), "base.json")
        let mixed = try harness(["--compare", base, base, "--compositor", "weston"])
        XCTAssertEqual(mixed.status, 64, mixed.errors)
        XCTAssertTrue(mixed.errors.contains("go with --out"), mixed.errors)
    }

    /// The third hunt (issue 61): a report listing a compositor or a check twice compared
    /// by its first entry only ("no verdict changed", exit 0, with the second failing); a
    /// verdict that is no verdict dumped Swift's description of a decoding error.
    func testARepeatedCompositorOrCheckIsRefused() throws {
        let base = try write(report(compositors: 1, checks: 2), "base.json")
        var doubled = report(compositors: 2, checks: 2, name: { _ in "c0" })
        for index in doubled.compositors[1].checks.indices { doubled.compositors[1].checks[index].verdict = .fail }
        let twice = try write(doubled, "twice.json")
        let compositor = try harness(["--compare", base, twice])
        XCTAssertEqual(compositor.status, 64, compositor.output)
        XCTAssertTrue(compositor.errors.contains(#"the compositor "c0" is listed twice"#), compositor.errors)
        var checkTwice = report(compositors: 1, checks: 2)
        checkTwice.compositors[0].checks[1].id = "check-0"
        let check = try harness(["--compare", base, try write(checkTwice, "check.json")])
        XCTAssertEqual(check.status, 64)
        XCTAssertTrue(check.errors.contains(#"lists the check "check-0" twice"#), check.errors)
        let bad = "\(directory!)/bad.json"
        try String(contentsOfFile: base, encoding: .utf8).replacingOccurrences(of: #""pass""#, with: #""maybe""#)
            .write(toFile: bad, atomically: false, encoding: .utf8)
        let verdict = try harness(["--compare", base, bad])
        XCTAssertEqual(verdict.status, 64)
        XCTAssertTrue(verdict.errors.contains("compositors[0].checks[0].verdict"), verdict.errors)
        XCTAssertFalse(verdict.errors.contains("DecodingError"), verdict.errors)
        XCTAssertEqual(verdict.errors.filter { $0 == "\n" }.count, 1, verdict.errors)
    }

    /// Two programs whose paths differ where '/' and '-' both become '-' (a-b/x, a/b/x)
    /// shared one folder, the second run's logs replacing the first's; a program that
    /// fails at once is not started again for the other runs.
    func testTwoProgramsGetTwoFolders() throws {
        var programs: [String] = []
        for folder in ["a-b", "a/b"] {
            try FileManager.default.createDirectory(atPath: "\(directory!)/\(folder)", withIntermediateDirectories: true)
            let program = "\(directory!)/\(folder)/x"
            try "#!/bin/sh\necho 'not a compositor' >&2\nexit 3\n".write(toFile: program, atomically: false, encoding: .utf8)
            XCTAssertEqual(chmod(program, 0o755), 0)
            programs.append(program)
        }
        let out = "\(directory!)/out"
        let run = try harness(["--compositor-command", programs[0], "--compositor-command", programs[1], "--out", out])
        XCTAssertEqual(run.status, 1, run.errors)
        let report = try ConformanceReport(json: Data(contentsOf: URL(fileURLWithPath: "\(out)/conformance.json")))
        XCTAssertEqual(report.compositors.count, 2)
        let folders = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("nested-") }.sorted()
        XCTAssertEqual(folders.count, 2, "\(folders)")
        XCTAssertEqual(folders[1], folders[0] + "-2")
        for compositor in report.compositors {
            XCTAssertTrue(compositor.checks.allSatisfy { $0.verdict == .untestable }, "\(compositor.checks.map(\.detail))")
            XCTAssertTrue(compositor.checks.contains { $0.detail.hasPrefix("not tried: the fullscreen run did not start") })
        }
    }
}
