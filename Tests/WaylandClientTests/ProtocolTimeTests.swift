@testable import WaylandClient
import XCTest

/// `protocolNanoseconds`: a protocol's split seconds and nanoseconds as one time, and no
/// trap on a hostile compositor's `tv_sec_hi` (it overflowed and stopped the client).
final class ProtocolTimeTests: XCTestCase {
    func testASplitTimeIsItsNanoseconds() {
        XCTAssertEqual(protocolNanoseconds(secondsHigh: 0, secondsLow: 12, nanoseconds: 345), 12_000_000_345)
        // 2^32 s and more: a high half that a real clock reaches after 136 years.
        XCTAssertEqual(protocolNanoseconds(secondsHigh: 1, secondsLow: 0, nanoseconds: 0), 4_294_967_296_000_000_000)
        // The last time the log can hold: Int.max ns.
        let last = UInt64(Int.max)
        XCTAssertEqual(protocolNanoseconds(secondsHigh: UInt32((last / 1_000_000_000) >> 32),
                                           secondsLow: UInt32(truncatingIfNeeded: last / 1_000_000_000),
                                           nanoseconds: UInt32(last % 1_000_000_000)), last)
    }

    func testATimeNoClockReachesIsNoneInsteadOfATrap() {
        XCTAssertNil(protocolNanoseconds(secondsHigh: 5, secondsLow: 0, nanoseconds: 0), "past UInt64")
        XCTAssertNil(protocolNanoseconds(secondsHigh: 3, secondsLow: 0, nanoseconds: 0), "past Int.max ns, within UInt64")
        // One nanosecond past the last time the log can hold.
        let seconds = UInt64(Int.max) / 1_000_000_000
        XCTAssertNil(protocolNanoseconds(secondsHigh: UInt32(seconds >> 32), secondsLow: UInt32(truncatingIfNeeded: seconds),
                                         nanoseconds: UInt32(UInt64(Int.max) % 1_000_000_000) + 1))
        XCTAssertNil(protocolNanoseconds(secondsHigh: .max, secondsLow: .max, nanoseconds: .max), "overflows UInt64")
    }
}
