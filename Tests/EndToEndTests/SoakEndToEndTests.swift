import Foundation
import Harness
import XCTest

/// The soak in its short form: 10 fingers at 120 Hz for 60 s under headless weston (the
/// full 10 minutes is `touchspots-harness soak --out DIR`, docs/benchmark.md). Every frame
/// sent is logged, and the client's resident memory stays flat after warm-up.
final class SoakEndToEndTests: EndToEndTestCase {
    func testTenFingersForAMinuteLogEveryFrameWithFlatMemory() throws {
        try makeFreshOutputDirectory()
        var configuration = Soak.Configuration()
        configuration.seconds = 60
        configuration.sampleInterval = 1
        let result = try Soak.run(configuration, directory: outputDirectory)
        print(Soak.report(result, configuration: configuration))
        XCTAssertEqual(result.framesSent, 7_202)
        XCTAssertEqual(result.framesLogged, result.framesSent, "every frame sent is one frame line")
        XCTAssertGreaterThanOrEqual(result.residentKB.count, 55, "a reading every second")
        XCTAssertLessThanOrEqual(result.growthKB, 2048, "resident memory flat within 2 MB: \(result.residentKB.map(\.kB))")
    }
}
