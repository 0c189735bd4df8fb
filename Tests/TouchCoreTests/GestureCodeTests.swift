import Foundation
import XCTest

/// What Swift makes repeat of each gesture (`enum Gesture`, its `Kind`, `LabelSlot`, the
/// settings' storage and table, the `gesture` line's keys per gesture) is generated from the
/// `// @Gesture` and `// @GestureSetting` declarations in Sources/TouchCore/Gestures/Kinds/
/// and checked in: this fails while a checked-in file is not what the generator writes (a
/// declaration changed, or the file was edited by hand).
final class GestureCodeTests: XCTestCase {
    private static let generated = [
        "Sources/TouchCore/Gestures/Gesture+Generated.swift",
        "Sources/TouchCore/Gestures/GestureSettings+Generated.swift",
        "Sources/EventLogFormat/Lines/GestureLine+Generated.swift",
    ]

    func testTheGeneratedGestureCodeIsFresh() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for path in Self.generated {
            let process = Process()
            process.executableURL = root.appendingPathComponent("scripts/generate-gesture-code")
            process.arguments = ["--stdout", path]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "scripts/generate-gesture-code failed: \(message)")
            let checkedIn = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            guard written != checkedIn else { continue }
            let a = checkedIn.split(separator: "\n", omittingEmptySubsequences: false)
            let b = written.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
            XCTFail("\(path) is stale (line \(line + 1) differs): run scripts/generate-gesture-code")
        }
    }
}
