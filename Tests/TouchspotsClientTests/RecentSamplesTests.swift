@testable import TouchspotsClient
import XCTest

/// The panel's latency percentiles: nearest-rank p50 and p99 of the latest 512 samples.
final class RecentSamplesTests: XCTestCase {
    /// Against sorting, for counts below, at and past the ring's size (seeded).
    func testPercentilesAreTheNearestRankOfTheLatestSamples() {
        var random = SeededRandom(seed: 0x5EED_4A11)
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

/// SplitMix64: a seeded generator, so a failure can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
