import Foundation
import Harness
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

    /// A scenario's wait is at most an hour; infinity and NaN are no durations.
    func testAWaitBeyondAnHourIsRefused() throws {
        XCTAssertNoThrow(try Scenario(text: "wait 3600s\nwait 250ms\n"))
        for wait in ["wait 5000s", "wait infs", "wait nans", "wait -1s", "wait 4000000ms"] {
            XCTAssertThrowsError(try Scenario(text: wait + "\n"), wait)
        }
    }
}
