import Foundation
import XCTest

/// The event log's dispatch (`enum LogLine`, its `Kind` and the switches over every kind)
/// is generated from the `// @LogLine` declarations in Sources/EventLogFormat/Lines/ and
/// checked in: this fails while the checked-in file is not what the generator writes (a
/// declaration changed, or the file was edited by hand).
final class EventLogCodeTests: XCTestCase {
    private static let generated = "Sources/EventLogFormat/LogLine+Generated.swift"

    func testTheGeneratedDispatchIsFresh() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/generate-event-log-code")
        process.arguments = ["--stdout"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "scripts/generate-event-log-code failed: \(message)")
        let checkedIn = try String(contentsOf: root.appendingPathComponent(Self.generated), encoding: .utf8)
        guard written != checkedIn else { return }
        let a = checkedIn.split(separator: "\n", omittingEmptySubsequences: false)
        let b = written.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
        XCTFail("\(Self.generated) is stale (line \(line + 1) differs): run scripts/generate-event-log-code")
    }
}
