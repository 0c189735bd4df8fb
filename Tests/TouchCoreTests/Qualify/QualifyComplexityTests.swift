import Foundation
@testable import TouchCore
import TouchRobot
import XCTest

/// The qualify validators in n log n of their contacts and samples (issue 39): a taps step
/// of 50,000 contacts took 11.4 s, a pinch of 100,000 samples 20.3 s, each searching every
/// other contact or sample for each. The sorted ways give what the searches gave.
final class QualifyComplexityTests: XCTestCase {
    private func tap(_ index: Int, at time: Double, x: Double) -> Contact {
        Contact(id: Int32(index % 10), samples: [ContactSample(time: time, point: Point(x: x, y: 10)),
                                                 ContactSample(time: time + 0.05, point: Point(x: x, y: 10))])
    }

    func testTrackingIDsOfManyContactsIsQuick() {
        // Each tap begins 5 ms after the one before ended, in pairs at one place: the
        // second of each pair a split.
        let contacts = (0..<50_000).map { tap($0, at: Double($0) * 0.055, x: $0 % 4 < 2 ? 10 : 30) }
        let start = Date()
        let verdict = ContactValidators.trackingIDs(contacts, expected: 20)
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "n log n, not a search of every other contact")
        XCTAssertEqual(ContactValidators.splitCount(contacts), 50_000 / 2, "the second of each pair")
        XCTAssertFalse(verdict.passed)
    }

    /// The splits the old search counted, on a small set, against the sorted way.
    func testSplitsAreCountedAsTheSearchCountedThem() {
        var generator = SplitMix(seed: 39)
        for _ in 0..<200 {
            let contacts = (0..<Int(generator.next() % 30)).map { index -> Contact in
                let time = Double(generator.next() % 400) / 1000
                return tap(index, at: time, x: Double(generator.next() % 12))
            }.filter { !$0.isGhost }
            XCTAssertEqual(ContactValidators.splitCount(contacts.sorted { $0.began < $1.began }),
                           Self.searchedSplits(contacts.sorted { $0.began < $1.began }))
        }
    }

    static func searchedSplits(_ real: [Contact]) -> Int {
        var splits = 0
        for contact in real where real.contains(where: { other in
            other.ended <= contact.began && contact.began - other.ended <= 0.010
                && other.samples.last!.point.distance(to: contact.samples.first!.point) <= 5
        }) { splits += 1 }
        return splits
    }

    func testAPinchOfManySamplesIsQuick() {
        let count = 100_000
        let a = Contact(id: 1, samples: (0..<count).map { ContactSample(time: Double($0) * 0.001, point: Point(x: 10, y: 10)) })
        let b = Contact(id: 2, samples: (0..<count).map {
            ContactSample(time: Double($0) * 0.001 + 0.0004, point: Point(x: 20 + Double($0) / Double(count) * 30, y: 10))
        })
        let start = Date()
        let verdict = ContactValidators.pinch([a, b])
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertEqual(verdict.figure, 30, accuracy: 0.01)
    }

    /// The nearest sample in time is the first of the nearest, as `min(by:)` found it.
    func testTheNearestSampleIsTheOneTheSearchFound() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            let samples = (0..<Int(1 + generator.next() % 20)).map { _ in
                ContactSample(time: Double(generator.next() % 10) / 100, point: Point(x: Double(generator.next() % 1000), y: 0))
            }
            let nearest = NearestInTime(samples)
            for probe in 0..<12 {
                let time = Double(probe) / 100 - 0.005
                let searched = samples.min { abs($0.time - time) < abs($1.time - time) }
                XCTAssertEqual(nearest.sample(nearest: time), searched)
            }
        }
    }
}
