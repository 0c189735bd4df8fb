import EventLogFormat
import Foundation
import Harness
import XCTest

/// The harness's typed reader: what the client writes parses; what it must not write
/// does not.
final class EventLogReaderTests: XCTestCase {
    private func reader(_ lines: [String]) throws -> EventLogReader {
        let path = NSTemporaryDirectory() + "touchspots-reader-\(UUID().uuidString).jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return EventLogReader(path: path)
    }

    func testLinesBecomeTypedEvents() throws {
        let log = try reader([
            #"{"type":"scene","name":"moveme"}"#,
            #"{"type":"frame","time":7,"spots":1,"touches":[{"id":-1,"phase":"began","x":1.5,"y":2,"source":"pointer"}]}"#,
            #"{"type":"gesture","name":"swipe","direction":"vertical","fingers":3}"#,
            #"{"type":"placard","x":512,"y":320,"text":"Welcome","state":"idle","added":"later"}"#,
        ])
        let events = try log.events()
        XCTAssertEqual(events.first, .scene(name: .moveme))
        XCTAssertEqual(try log.frames().first?.touch(id: -1)?.source, .pointer)
        XCTAssertEqual(try log.frames().first?.phases, ["-1 began"])
        XCTAssertEqual(try log.gestures().first, .swipe(.vertical, fingers: 3))
        XCTAssertEqual(try log.placards().first?.center.x, 512, "an integer where a number is expected")
    }

    func testALineOutsideTheContractIsAnError() throws {
        for line in [#"{"type":"explosion"}"#, #"{"type":"frame","time":1,"spots":"one","touches":[]}"#,
                     #"{"type":"hit","id":1}"#] {
            XCTAssertThrowsError(try reader([line]).events(), line)
        }
    }
}
