@testable import TouchspotsClient
import TouchRobot
import XCTest

/// The panel's latency percentiles: nearest-rank p50 and p99 of the latest 512 samples.
final class RecentSamplesTests: XCTestCase {
    /// Against sorting, for counts below, at and past the ring's size (seeded).
    func testPercentilesAreTheNearestRankOfTheLatestSamples() {
        var random = SplitMix(seed: 0x5EED_4A11)
        for count in [1, 2, 3, 99, 100, 101, 511, 512, 513, 1_500] {
            var samples = RecentSamples()
            var all: [Double] = []
            for _ in 0..<count {
                let value = Double(random.next() % 10_000) / 100
                samples.record(value)
                all.append(value)
            }
            let kept = all.suffix(RecentSamples.capacity).sorted()
            func nearestRank(_ percent: Int) -> Double { kept[max(0, (percent * kept.count + 99) / 100 - 1)] }
            let result = samples.percentiles()
            XCTAssertEqual(result?.p50, nearestRank(50), "p50 of \(count) samples (seed 0x5EED4A11)")
            XCTAssertEqual(result?.p99, nearestRank(99), "p99 of \(count) samples (seed 0x5EED4A11)")
        }
    }

    func testNoSamplesGiveNoPercentiles() {
        var samples = RecentSamples()
        XCTAssertTrue(samples.isEmpty)
        XCTAssertNil(samples.percentiles())
    }

    /// A burst of slow commits ages out: the ring holds the latest 512 only.
    func testOldSamplesAgeOut() {
        var samples = RecentSamples()
        for _ in 0..<512 { samples.record(100) }
        for _ in 0..<512 { samples.record(1) }
        XCTAssertEqual(samples.percentiles()?.p99, 1)
    }
}
