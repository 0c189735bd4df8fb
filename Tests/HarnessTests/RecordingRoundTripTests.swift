import EventLogFormat
import Foundation
import Harness
import LibinputRecord
import XCTest

/// A log's frames written as a kernel would send them (`LibinputRecordWriter`) and read
/// back by the harness's replay (`Recording`).
final class RecordingRoundTripTests: XCTestCase {
    static func lines(_ name: String) throws -> [LogLine] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/\(name)")
            .standardized.path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.split(separator: UInt8(ascii: "\n")).map { try LogLine(json: $0) }
    }

    /// Round trip: the weston run's log written in the kernel's shape and read back as the
    /// harness's replay reads it gives every touch of the log, where and when the log has
    /// it (in units of 1/256 px, wl_fixed's, and milliseconds), less the moves that changed
    /// nothing (a kernel sends none).
    func testTheKernelWriterRoundTrips() throws {
        let lines = try Self.lines("qualify-quick-weston.jsonl")
        let scale = try XCTUnwrap(lines.compactMap(\.qualify).first?.millimetresPerPixel)
        let frames = lines.compactMap(\.frame)
        let yaml = LibinputRecordWriter.yaml(frames, screenWidth: 1280, screenHeight: 800, millimetresPerPixel: scale, shape: .kernel)
        let replayed = Recording(try LibinputRecord(contents: yaml, source: "kernel.yaml"), width: 1280, height: 800)
        var last: [Int32: (Double, Double)] = [:]
        var expected: [String] = []
        for frame in frames {
            var entries: [String] = []
            for touch in frame.touches where touch.source == .touchscreen {
                let at = (touch.location.x, touch.location.y)
                if touch.phase == .moved, let before = last[touch.id], before == at { continue }
                let place = touch.phase == .ended ? last[touch.id]! : at
                last[touch.id] = touch.phase == .ended ? nil : at
                entries.append("\(touch.phase.rawValue) \(Int((place.0 * 256).rounded())) \(Int((place.1 * 256).rounded()))")
            }
            if !entries.isEmpty { expected.append("\((frame.timeNanoseconds! + 500) / 1_000_000): " + entries.sorted().joined(separator: ", ")) }
        }
        let got = replayed.frames.map { frame in
            "\(frame.time): " + frame.touches.map { "\($0.phase) \(Int(($0.x * 256).rounded())) \(Int(($0.y * 256).rounded()))" }.sorted().joined(separator: ", ")
        }
        XCTAssertEqual(got.count, expected.count)
        XCTAssertEqual(got, expected)
    }
}
