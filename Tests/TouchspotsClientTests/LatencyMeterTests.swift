@testable import TouchspotsClient
import XCTest

/// Which clock a touch's time fits: an age between 0 and 1 s, else none.
final class LatencyMeterTests: XCTestCase {
    func testAPreciseTimestampFitsWithinASecond() {
        XCTAssertEqual(LatencyMeter.age(of: 5_000_000_000, milliseconds: 0, at: 5_004_000_000), 4_000_000)
        XCTAssertEqual(LatencyMeter.age(of: 5_000_000_000, milliseconds: 0, at: 6_000_000_000), 1_000_000_000)
        XCTAssertNil(LatencyMeter.age(of: 5_000_000_000, milliseconds: 0, at: 6_000_000_001), "over a second")
        XCTAssertNil(LatencyMeter.age(of: 5_000_000_000, milliseconds: 0, at: 4_999_999_999), "from the future")
    }

    func testMillisecondTimesFitAcrossTheirWrap() {
        // 2^32 ms after boot wl_touch's time wraps; an event 3 ms before the wrap, read 2 ms after.
        let afterWrap = (UInt64(1) << 32 + 2) * 1_000_000
        XCTAssertEqual(LatencyMeter.age(of: nil, milliseconds: UInt32.max - 2, at: afterWrap), 5_000_000)
        XCTAssertEqual(LatencyMeter.age(of: nil, milliseconds: 1_000, at: 1_016_000_000), 16_000_000)
        XCTAssertNil(LatencyMeter.age(of: nil, milliseconds: 1_000, at: 2_001_000_000), "over a second")
        XCTAssertNil(LatencyMeter.age(of: nil, milliseconds: 1_020, at: 1_016_000_000), "from the future")
    }
}
