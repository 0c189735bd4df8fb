import Foundation
import Glibc
import Harness
import TestCompositor
import ToolSupport
import TouchRobot
import XCTest

/// One in-process test compositor with the real touchspots connected to it, its event log
/// and its output in `.build/<triple>/adversarial/NAME/`.
final class CompositorRun {
    let tc: OpaquePointer
    let client: ChildProcess
    let log: EventLogReader
    let directory: String
    private let runtime: String
    /// Removed by `close()` or when dropped, and swept by the next run if the test process
    /// is killed (a leftover `touchspots-tc-` folder per killed run before).
    private let runtimeFolder: RuntimeDirectory

    static let touch = UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue)
    static let pointer = UInt32(WL_SEAT_CAPABILITY_POINTER.rawValue)

    init(name: String, options: Int32 = 0, capabilities: UInt32 = CompositorRun.touch,
         scale120: UInt32 = 0, output: Int32? = nil, configure: (Int32, Int32)? = nil,
         seatName: String? = nil, waitForWindow: Bool = true, environment: [String: String] = [:],
         program: String = Products.touchspots, arguments: [String] = []) throws {
        let name = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        directory = "\(Products.buildDirectory)/../adversarial/\(name)"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        runtimeFolder = try RuntimeDirectory(prefix: "touchspots-tc-")
        runtime = runtimeFolder.path
        guard let tc = tc_create_with_scale(runtime, "tc-0", options, scale120) else {
            throw HarnessError("cannot listen on \(runtime)/tc-0")
        }
        self.tc = tc
        tc_set_capabilities(tc, capabilities)
        if let seatName { tc_set_seat_name(tc, seatName) }
        if let output { tc_add_output(tc, output) }
        if let configure { tc_set_configure_size(tc, configure.0, configure.1) }
        log = EventLogReader(path: "\(directory)/events.jsonl")
        client = try ChildProcess(name: "touchspots",
                                  arguments: [program, "--event-log", log.path] + arguments,
                                  environment: environment.merging(["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "tc-0"]) { $1 },
                                  logPath: "\(directory)/touchspots.log")
        if waitForWindow {
            try pump("the window to map") { tc_has_mapped_toplevel(tc) }
        }
    }

    /// Stops the client if it still runs and closes the compositor.
    func close() {
        _ = try? client.stop(timeout: 5)
        tc_destroy(tc)
        runtimeFolder.remove()
    }

    /// Runs the compositor until `condition` holds (it wakes on every client request).
    func pump(_ what: String, timeout: Double = 10, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw HarnessError("timed out waiting for \(what)") }
            if client.hasExited && !condition() {
                throw HarnessError("touchspots exited (\(client.exitStatus!)) while waiting for \(what): \(client.logTail())")
            }
            tc_dispatch(tc, 50)
        }
    }

    /// Closes the run, then checks that every line the client wrote follows the schema.
    func closeAndCheckLog(file: StaticString = #filePath, line: UInt = #line) {
        close()
        let result = try? EventLogSchema.validate([log.path])
        XCTAssertEqual(result?.status, 0, "event log lines the schema rejects:\n\(result?.output ?? "")",
                       file: file, line: line)
    }

    /// Returns once touchspots has handled everything sent (xdg_wm_base ping/pong).
    func sync() -> Bool { tc_sync(tc, 5000) }
}
