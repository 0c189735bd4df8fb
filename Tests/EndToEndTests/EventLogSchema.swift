import Foundation
import Harness
import XCTest

/// Checks the logs a test left against docs/event-log.schema.json.
extension EventLogSchema {
    /// Fails the test for any line under `directory` that the schema rejects.
    static func assertValid(under directory: String, file: StaticString = #filePath, line: UInt = #line) {
        let paths = logs(under: directory)
        guard !paths.isEmpty else { return }
        do {
            let result = try EventLogSchema.validate(paths)
            XCTAssertEqual(result.status, 0, "event log lines the schema rejects:\n\(result.output)",
                           file: file, line: line)
        } catch {
            XCTFail("cannot run scripts/validate-event-log: \(error)", file: file, line: line)
        }
    }
}

/// The schema itself: it accepts what touchspots writes and rejects what it must not.
final class EventLogSchemaTests: XCTestCase {
    private func check(_ lines: [String]) throws -> (status: Int32, output: String) {
        try EventLogSchema.validate(["-"], input: lines.joined(separator: "\n") + "\n")
    }

    func testEveryKindOfLineIsAccepted() throws {
        let lines = [
            #"{"type":"scene","name":"playground"}"#,
            #"{"type":"seat","name":"seat0","touch":true,"pointer":true,"keyboard":false}"#,
            #"{"type":"configure","width":1024,"height":640,"fullscreen":true,"maximized":false}"#,
            #"{"type":"ready","width":1024,"height":640,"scale":1.5}"#,
            #"{"type":"hit","id":1,"view":"TouchableView","visited":["TouchableView"]}"#,
            #"{"type":"hit","id":2,"view":null,"visited":[],"ignored":true}"#,
            #"{"type":"responder","id":1,"phase":"began","chain":["D","C","A"],"handledBy":"A"}"#,
            #"{"type":"responder","id":1,"phase":"ended","chain":["X"],"handledBy":null}"#,
            #"{"type":"frame","time":4294967295,"spots":1,"touches":[{"id":-1,"phase":"moved","x":-3.5,"y":2,"source":"pointer"}]}"#,
            #"{"type":"frame","time":5,"spots":0,"touches":[{"id":7,"phase":"cancelled","x":1,"y":2,"seat":"seat1"}]}"#,
            #"{"type":"gesture","name":"tap","count":4}"#,
            #"{"type":"gesture","name":"swipe","direction":"vertical","fingers":5}"#,
            #"{"type":"gesture","name":"pinch","direction":"inward"}"#,
            #"{"type":"gesture","name":"checkmark"}"#,
            #"{"type":"gesture","name":"longpress","fingers":2}"#,
            #"{"type":"gesture","name":"rotation","direction":"counterclockwise","degrees":90}"#,
            #"{"type":"gesture","name":"edgeswipe","edge":"left","fingers":1}"#,
            #"{"type":"label","text":"","slot":"tap"}"#,
            #"{"type":"placard","x":512,"y":320.25,"text":"Welcome","state":"returning"}"#,
            #"{"type":"warning","message":"touch 3 is not down","kind":"unknown-id"}"#,
            #"{"type":"frame","time":9,"spots":1,"touches":[{"id":-10,"phase":"began","x":1,"y":2,"source":"pen","pressure":0.5,"tilt":[30,-20],"distance":0,"buttons":[331]}]}"#,
            #"{"type":"frame","time":9,"spots":0,"touches":[{"id":-11,"phase":"out","x":1,"y":2,"source":"eraser"}]}"#,
            #"{"type":"frame","time":9,"spots":1,"touches":[{"id":4,"phase":"began","x":1,"y":2,"major":80,"minor":30,"orientation":45}]}"#,
            #"{"type":"readout","touches":1,"maxTouches":2,"framesPerSecond":120,"eventsPerFrame":1,"shapeSeen":false,"fingers":[{"id":1,"x":1,"y":2,"dx":0,"dy":0,"velocity":null,"reportRate":120}]}"#,
            #"{"type":"sync","count":2}"#,
            #"{"type":"presented","commit":3,"touchToCommitMs":0.42,"touchToPresentMs":17.5,"refreshMs":16.667}"#,
            #"{"type":"presented","commit":4,"touchToCommitMs":0.4,"touchToPresentMs":null,"refreshMs":null}"#,
            #"{"type":"presented","commit":5,"touchToCommitMs":1,"discarded":true}"#,
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"began","x":1,"y":2}],"later":"keys are allowed"}"#,
        ]
        let result = try check(lines)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("\(lines.count) lines checked, 0 invalid"), result.output)
    }

    /// Each of these must be rejected on its own.
    func testMalformedLinesAreRejected() throws {
        let malformed = [
            #"{"type":"explosion"}"#,  // unknown type
            #"{"name":"playground"}"#,  // no type
            #"{"type":"scene","name":"lobby"}"#,  // unknown scene
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"hovering","x":1,"y":2}]}"#,  // unknown phase
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"began","x":"1","y":2}]}"#,  // x a string
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1.5,"phase":"began","x":1,"y":2}]}"#,  // id not an integer
            #"{"type":"frame","time":1,"spots":0,"touches":[{"phase":"began","x":1,"y":2}]}"#,  // no id
            #"{"type":"frame","time":-1,"spots":0,"touches":[{"id":1,"phase":"began","x":1,"y":2}]}"#,  // negative time
            #"{"type":"frame","time":1,"touches":[{"id":1,"phase":"began","x":1,"y":2}]}"#,  // no spots
            #"{"type":"frame","time":1,"spots":0,"touches":[]}"#,  // an empty frame
            #"{"type":"gesture","name":"tap","count":5}"#,  // count out of range
            #"{"type":"gesture","name":"swipe","direction":"diagonal","fingers":1}"#,  // unknown direction
            #"{"type":"gesture","name":"pinch"}"#,  // no direction
            #"{"type":"gesture","name":"wave"}"#,  // unknown gesture
            #"{"type":"gesture","name":"longpress"}"#,  // no fingers
            #"{"type":"gesture","name":"rotation","direction":"sideways","degrees":10}"#,  // unknown direction
            #"{"type":"gesture","name":"edgeswipe","edge":"middle","fingers":1}"#,  // unknown edge
            #"{"type":"hit","id":1,"visited":[]}"#,  // no view
            #"{"type":"responder","id":1,"phase":"began","chain":"A","handledBy":"A"}"#,  // chain not a list
            #"{"type":"ready","width":0,"height":600,"scale":1}"#,  // zero width
            #"{"type":"seat","touch":"yes","pointer":true,"keyboard":true}"#,  // boolean as string
            #"{"type":"placard","x":1,"y":2,"text":"Hi","state":"flying"}"#,  // unknown state
            #"{"type":"warning"}"#,  // no message
            #"{"type":"warning","message":"odd"}"#,  // no kind
            #"{"type":"warning","message":"odd","kind":"weird"}"#,  // unknown kind
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"hover","x":1,"y":2}]}"#,  // a finger cannot hover
            #"{"type":"frame","time":1,"spots":1,"touches":[{"id":-10,"phase":"began","x":1,"y":2,"source":"pen","pressure":1.5}]}"#,  // pressure beyond 1
            #"{"type":"frame","time":1,"spots":1,"touches":[{"id":-10,"phase":"began","x":1,"y":2,"source":"pen","tilt":[1]}]}"#,  // tilt needs two
            #"{"type":"readout","touches":1,"maxTouches":1,"framesPerSecond":1,"eventsPerFrame":1,"shapeSeen":false}"#,  // no fingers
            #"{"type":"sync","count":0}"#,  // sync counts from 1
            #"{"type":"presented","commit":0,"touchToCommitMs":1,"touchToPresentMs":2,"refreshMs":16}"#,  // commits count from 1
            #"{"type":"presented","commit":1,"touchToCommitMs":-1,"touchToPresentMs":2,"refreshMs":16}"#,  // negative
            #"{"type":"presented","commit":1,"touchToCommitMs":1}"#,  // neither presented nor discarded
            #"{"type":"presented","commit":1,"touchToCommitMs":1,"discarded":false}"#,  // discarded is only ever true
            #"["type","scene"]"#,  // not an object
            #"{"type":"scene","name":"playground""#,  // not JSON
        ]
        for line in malformed {
            let result = try check([line])
            XCTAssertEqual(result.status, 1, "accepted: \(line)")
            XCTAssertTrue(result.output.contains("1 lines checked, 1 invalid"), "\(line): \(result.output)")
        }
    }
}

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
        XCTAssertEqual(events.first, .scene(name: "moveme"))
        XCTAssertEqual(try log.frames().first?.touch(-1)?.source, "pointer")
        XCTAssertEqual(try log.frames().first?.phases, ["-1 began"])
        XCTAssertEqual(try log.gestures().first?.fingers, 3)
        XCTAssertEqual(try log.placards().first?.x, 512, "an integer where a number is expected")
    }

    func testALineOutsideTheContractIsAnError() throws {
        for line in [#"{"type":"explosion"}"#, #"{"type":"frame","time":1,"spots":"one","touches":[]}"#,
                     #"{"type":"hit","id":1}"#] {
            XCTAssertThrowsError(try reader([line]).events(), line)
        }
    }
}
