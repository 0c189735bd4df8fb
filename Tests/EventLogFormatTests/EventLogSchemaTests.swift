import EventLogFormat
import Foundation
import TouchRobot
import XCTest

/// The schema itself: it rejects what touchspots must not write (`EventLogContractTests`
/// checks that it accepts every kind of line touchspots writes).
final class EventLogSchemaTests: XCTestCase {
    private func check(_ lines: [String]) throws -> (status: Int32, output: String) {
        try EventLogSchema.validate(["-"], input: lines.joined(separator: "\n") + "\n")
    }

    /// Later versions may add keys; this version's readers and the schema take them.
    func testKeysOfLaterVersionsAreAccepted() throws {
        let line = #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"began","x":1,"y":2}],"later":"keys are allowed"}"#
        let result = try check([line])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertNotNil(try LogLine(json: line).frame)
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
