import Foundation
import XCTest

/// What Swift makes repeat is generated from one declaration per kind and checked in, as
/// swift-nio checks in its generated files: the event log's dispatch (`enum LogLine`, its
/// `Kind` and the switches over every kind, from the `// @LogLine` declarations in
/// Sources/EventLogFormat/Lines/) and each gesture's (`enum Gesture`, its `Kind`,
/// `LabelSlot`, the settings' storage and table, the `gesture` line's keys per gesture, from
/// the `// @Gesture` and `// @GestureSetting` declarations in
/// Sources/TouchCore/Gestures/Kinds/). These fail while a checked-in file is not what its
/// generator writes (a declaration changed, or the file was edited by hand), naming the
/// script to run.
final class GeneratedFilesTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheEventLogDispatchIsFresh() throws {
        try assertFresh("Sources/EventLogFormat/LogLine+Generated.swift", script: "scripts/generate-event-log-code",
                        arguments: ["--stdout"])
    }

    func testTheGestureCodeIsFresh() throws {
        for path in ["Sources/TouchCore/Gestures/Gesture+Generated.swift",
                     "Sources/TouchCore/Gestures/GestureSettings+Generated.swift",
                     "Sources/EventLogFormat/Lines/GestureLine+Generated.swift"] {
            try assertFresh(path, script: "scripts/generate-gesture-code", arguments: ["--stdout", path])
        }
    }

    /// Runs `script` with `arguments` (it prints the file to standard output) and fails,
    /// naming the first line that differs, when `path` holds something else.
    private func assertFresh(_ path: String, script: String, arguments: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent(script)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(script) failed: \(message)", file: file, line: line)
        let checkedIn = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        guard written != checkedIn else { return }
        let a = checkedIn.split(separator: "\n", omittingEmptySubsequences: false)
        let b = written.split(separator: "\n", omittingEmptySubsequences: false)
        let differs = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
        XCTFail("\(path) is stale (line \(differs + 1) differs): run \(script)", file: file, line: line)
    }
}
