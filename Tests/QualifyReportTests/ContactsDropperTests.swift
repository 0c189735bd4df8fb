import Foundation
import QualifyReport
import XCTest

/// What `compare` reads of a report: the same JSON with every `contacts` value `[]`,
/// whatever the strings around it hold and wherever the chunks are cut.
final class ContactsDropperTests: XCTestCase {
    private func dropped(_ text: String, chunk: Int = .max) -> String {
        var dropper = ContactsDropper()
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, min(chunk, bytes.count)))
            dropper.feed(bytes[start..<end], into: &out)
            start = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    func testContactsAreDroppedAndNothingElse() {
        let text = #"{"steps":[{"number":1,"contacts":[[[0,1.5,2],[0.01,3,4]],[[1,2,3]]],"detail":"contacts: [not this]"},"#
            + #"{"contacts" : [ ], "kind":"line"}, {"name":"contacts","x":"\"contacts\":[1]"}],"contacts":7}"#
        let expected = #"{"steps":[{"number":1,"contacts":[],"detail":"contacts: [not this]"},"#
            + #"{"contacts" : [], "kind":"line"}, {"name":"contacts","x":"\"contacts\":[1]"}],"contacts":7}"#
        XCTAssertEqual(dropped(text), expected)
        for chunk in [1, 2, 3, 7, 64] { XCTAssertEqual(dropped(text, chunk: chunk), expected, "cut every \(chunk) bytes") }
        // A string in the skipped array holding a bracket does not end it.
        XCTAssertEqual(dropped(#"{"contacts":[["]\"]"],[1]],"a":1}"#), #"{"contacts":[],"a":1}"#)
        // Not JSON passes through for the decoder to refuse.
        XCTAssertEqual(dropped("not json ["), "not json [")
    }

    func testAReportReadWithoutContactsIsTheReportLessItsContacts() throws {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        let json = try report.json()
        XCTAssertTrue(report.steps.contains { !$0.contacts.isEmpty })
        var dropper = ContactsDropper()
        var out: [UInt8] = []
        dropper.feed(Array(json.utf8), into: &out)
        let read = try QualifyReport(json: Data(out), source: "dropped")
        for index in report.steps.indices { report.steps[index].contacts = [] }
        XCTAssertEqual(read, report)
    }
}
