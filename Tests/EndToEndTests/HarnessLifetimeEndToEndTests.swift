import Foundation
import Glibc
import Harness
import ToolSupport
import TouchRobot
import XCTest

/// A harness killed mid-run (a CI job cancelled, a test runner killed by its timeout)
/// leaves nothing of its run behind: every process it started dies with it, through the
/// parent-death signal `ChildProcess` sets, and sets again after a compositor's drop to
/// `nobody`, which clears it (`ChildProcess.asNobody`). Before, sway and cage outlived
/// such a harness. Its compositor's runtime directory, which only a cleanup could remove,
/// goes at the next harness's start (`RuntimeDirectory`).
final class HarnessLifetimeEndToEndTests: XCTestCase {
    private func killTheHarnessMidRun(compositor: String) throws {
        let directory = "\(Products.buildDirectory)/../e2e/lifetime-\(compositor)"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: "\(directory)/out", withIntermediateDirectories: true)
        let scenario = "\(directory)/hold.txt"
        try "down 1 300 300\nframe\nsync\nwait 120s\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let harness = try ChildProcess(name: "touchspots-harness",
                                       arguments: ["\(Products.buildDirectory)/touchspots-harness", "run", scenario,
                                                   "--out", "\(directory)/out", "--compositor", compositor],
                                       logPath: "\(directory)/harness.log")
        // The finger is down once touchspots has logged its frame: the run is under way.
        let log = EventLogReader(path: "\(directory)/out/events.jsonl")
        _ = try log.waitFor(timeout: 60, "the run's first frame on \(compositor)", abandon: { harness.hasExited }) {
            $0.frame != nil
        }
        func name(_ pid: pid_t) -> String? {
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let started = ChildProcess.descendants(of: harness.pid).map { (pid: $0, name: name($0) ?? "?") }
        XCTAssertGreaterThanOrEqual(started.count, 2, "the compositor and touchspots run under the harness")
        // The runtime directory the run's processes were given: the one holding a harness's
        // lock (a process the harness did not give one, kwin's bus, inherits the test
        // process's own, which the in-process test compositor sets to a folder of its own).
        let runtime = started.lazy.flatMap { process -> [String] in
            guard let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.pid)/environ")) else { return [] }
            return environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .filter { $0.hasPrefix("XDG_RUNTIME_DIR=/tmp/touchspots-") }.map { String($0.dropFirst("XDG_RUNTIME_DIR=".count)) }
        }.first { value in
            let directory = value.hasSuffix("/run") ? String(value.dropLast(4)) : value
            return FileManager.default.fileExists(atPath: "\(directory)/harness.lock")
        }
        XCTAssertNotNil(runtime, "the compositor's runtime directory, from its environment")
        harness.signal(SIGKILL)
        XCTAssertEqual(harness.wait(timeout: 10), 128 + SIGKILL)
        for (pid, command) in started {
            XCTAssertTrue(ChildProcess.waitForEnd(of: pid, timeout: 10),
                          "\(command) (pid \(pid)) outlived the killed harness on \(compositor)")
            // A survivor is stopped, so a failure leaves nothing running: only while the pid
            // still names the same command (not a process that took its number since).
            if ChildProcess.isRunning(pid), name(pid) == command { kill(pid, SIGKILL) }
        }
        // No cleanup ran, so the directory is left; the next harness's sweep takes it
        // (RuntimeDirectory: every CI run left six here before).
        // A compositor run as nobody has the folder `run` inside the harness's directory.
        if let runtime {
            let directory = runtime.hasSuffix("/run") ? String(runtime.dropLast(4)) : runtime
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(directory)/harness.lock"),
                          "the killed harness's directory \(directory) is there until a sweep")
            RuntimeDirectory.removeAbandoned()
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory), "\(directory) outlived the next sweep on \(compositor)")
        }
    }

    func testKillingTheHarnessStopsSway() throws { try killTheHarnessMidRun(compositor: "sway") }
    func testKillingTheHarnessStopsCage() throws { try killTheHarnessMidRun(compositor: "cage") }
    func testKillingTheHarnessStopsWeston() throws { try killTheHarnessMidRun(compositor: "weston") }
    func testKillingTheHarnessStopsMutter() throws { try killTheHarnessMidRun(compositor: "mutter") }
    func testKillingTheHarnessStopsKWin() throws { try killTheHarnessMidRun(compositor: "kwin") }
    func testKillingTheHarnessStopsPhoc() throws { try killTheHarnessMidRun(compositor: "phoc") }
}
