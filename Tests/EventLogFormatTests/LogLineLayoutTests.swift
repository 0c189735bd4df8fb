import EventLogFormat
import TouchCore
import XCTest

/// A line is a value the client queues once per commit (`presented`) and per event: it
/// is as large as its largest case, so the rare large lines (a qualify step's, 160 bytes;
/// a lesson's, an output's) are boxed and a line stays the size of the per-commit one.
final class LogLineLayoutTests: XCTestCase {
    func testALineIsNoLargerThanThePerCommitLine() {
        XCTAssertLessThanOrEqual(MemoryLayout<LogLine>.size, MemoryLayout<LogPresented>.size + 1,
                                 "a case larger than `presented` makes every line larger: box it (indirect)")
    }
}
