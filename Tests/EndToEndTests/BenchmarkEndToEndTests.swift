import Foundation
import Harness
import ToolSupport
import XCTest

/// The benchmark's whole-client allocation count (touchspots-harness bench, docs/benchmark.md):
/// the counter preloaded into touchspots answers, and counts what a stream costs.
final class BenchmarkEndToEndTests: XCTestCase {
    func testTheAllocationCounterCountsTheClientDuringAStream() throws {
        var configuration = ClientBenchmark.Configuration()
        configuration.fingers = 2
        configuration.rate = 60
        configuration.seconds = 1
        let directory = "\(Products.buildDirectory)/e2e/BenchmarkEndToEndTests"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let counted = try ClientBenchmark.allocations(configuration: configuration, directory: directory)
        XCTAssertEqual(counted.frames, 60)
        XCTAssertGreaterThan(counted.commits, 0, "the moving spots were committed")
        // libwayland allocates a closure for every event it reads (two fingers' motions,
        // their input timestamps and the frame), so a stream is never free of allocations.
        XCTAssertGreaterThan(counted.allocations, counted.frames, "libwayland's own allocations are counted")
        let lines = try String(contentsOfFile: "\(directory)/allocations/allocations.txt", encoding: .utf8)
            .split(separator: "\n").compactMap { Int($0) }
        XCTAssertEqual(lines.count, 2, "one count before and one after the stream")
        XCTAssertEqual(lines.last! - lines.first!, counted.allocations)
        let report = ClientBenchmark.report(counted, configuration: configuration)
        XCTAssertTrue(report.contains("per touch frame"), report)
    }
}
