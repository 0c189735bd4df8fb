import Foundation
import Harness
import TouchRobot
import XCTest

/// Checks the logs a test left against docs/event-log.schema.json.
extension EventLogSchema {
    /// Fails the test for any line under `directory` that the schema rejects.
    static func assertValid(under directory: String, file: StaticString = #filePath, line: UInt = #line) {
        let paths = logs(under: directory)
        guard !paths.isEmpty else { return }
        do {
            let result = try EventLogSchema.validate(paths)
            XCTAssertEqual(result.status, 0, "event log lines the schema rejects:\n\(result.output)",
                           file: file, line: line)
        } catch {
            XCTFail("cannot run scripts/validate-event-log: \(error)", file: file, line: line)
        }
    }
}
