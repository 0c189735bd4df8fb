import Foundation
import XCTest

/// The checked-in wayland-scanner output must be what the XML in protocols/ generates.
final class GeneratedProtocolsTests: XCTestCase {
    func testCheckedInScannerOutputMatchesTheXML() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/generate-protocols")
        process.arguments = ["--check"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
    }
}
