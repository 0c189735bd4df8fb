import EventLogFormat
import Foundation
import QualifyReport
import TouchCore
import XCTest

/// The qualify report's JSON as a contract between versions of `touchspots-report`: its
/// closed sets are the core's enums (docs/qualify-report.schema.json lists exactly their
/// raw values), a report written before they were enums still reads, and an unknown value
/// is refused naming its key.
final class ReportFormatTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Written by the touchspots-report of ac92176 (when `transform` and `comparison` were
    /// strings) from Tests/Fixtures/qualify-quick-weston-mirrored.jsonl.
    private static let writtenBeforeTheEnums = "Tests/Fixtures/qualify-report-v1-mirrored.json"

    private func data(_ path: String) throws -> Data {
        try Data(contentsOf: Self.repository.appendingPathComponent(path))
    }

    /// Each closed set the schema lists is its enum's raw values in the enum's order, as
    /// `scripts/generate-qualify-report-schema` writes them (`ReportSchemaSets`).
    func testTheSchemasClosedSetsAreTheEnums() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: try data("docs/qualify-report.schema.json")) as? [String: Any])
        func enums(_ node: Any?) -> Int {
            if let object = node as? [String: Any] { return (object["enum"] == nil ? 0 : 1) + object.values.map(enums).reduce(0, +) }
            return (node as? [Any])?.map(enums).reduce(0, +) ?? 0
        }
        XCTAssertEqual(ReportSchemaSets.all.count, enums(schema), "every closed set the schema lists is declared in ReportSchemaSets")
        for closed in ReportSchemaSets.all {
            var node: Any? = schema
            for key in closed.path { node = (node as? [String: Any])?[key] }
            let listed = (node as? [String: Any])?["enum"] as? [String]
            XCTAssertEqual(listed, closed.values,
                           "docs/qualify-report.schema.json, \(closed.path.joined(separator: "/")): run scripts/generate-qualify-report-schema")
        }
    }

    /// The report's `run` is the log's `run` line: the schema's keys are its key table's,
    /// required as the table requires them, and a report's `run` encodes with those keys.
    func testTheRunIsTheLogLinesKeys() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: try data("docs/qualify-report.schema.json")) as? [String: Any])
        let run = try XCTUnwrap((schema["properties"] as? [String: Any])?["run"] as? [String: Any])
        XCTAssertEqual(Set((run["properties"] as? [String: Any])?.keys.map { $0 } ?? []),
                       Set(LogRun.LineKey.allCases.map(\.rawValue)))
        let required: [String] = LogRun.LineKey.allCases.compactMap { key in
            key.spec.presence == .required ? key.rawValue : nil
        }
        let schemaRequired = run["required"] as? [String] ?? []
        XCTAssertEqual(Set(schemaRequired), Set(required))
        let facts = LogRun(touchspots: "0.1.0", commit: "88ea95d", date: "2026-12-06T05:40:00Z", host: "h", kernel: "k", compositor: "sway",
                           compositorExecutable: "/usr/bin/sway", desktop: "sway")
        let encoded = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(facts)) as? [String: String])
        XCTAssertEqual(Set(encoded.keys), Set(LogRun.LineKey.allCases.map(\.rawValue)))
        XCTAssertEqual(try LogLine(json: LogLine.run(facts).text).run, facts, "the line and the report's JSON say the same")
    }

    func testAReportWrittenBeforeTheEnumsIsReadAndCompared() throws {
        let old = try QualifyReport(json: try data(Self.writtenBeforeTheEnums), source: "old")
        XCTAssertEqual(old.output?.transform, .normal)
        XCTAssertEqual(old.scale.from, .output)
        let comparisons = old.steps.flatMap(\.verdicts).map(\.comparison)
        XCTAssertTrue(comparisons.contains(.atMost) && comparisons.contains(.atLeast), "\(comparisons)")
        let comparison = ReportComparison(old, old)
        XCTAssertFalse(comparison.rows.isEmpty)
        XCTAssertFalse(comparison.rows.contains(where: \.changed))
        // Written again by this version, the closed sets keep their spellings.
        let again = try old.json()
        XCTAssertTrue(again.contains(#""transform" : "normal""#) || again.contains(#""transform":"normal""#), again.prefix(400).description)
        XCTAssertTrue(again.contains(#"<="#))
    }

    func testAnUnknownValueIsRefusedNamingItsKey() throws {
        let text = String(decoding: try data(Self.writtenBeforeTheEnums), as: UTF8.self)
        let long = String(repeating: "x", count: 1_000_000)
        for (from, to, key) in [(#""transform":"normal""#, #""transform":"""#, "'output.transform'"),
                                (#""comparison":">=""#, #""comparison":"==""#, "comparison'"),
                                (#""validator":"linearity""#, #""validator":"straightness""#, "validator'"),
                                // A guide read as its step's kind: a line's without its end is none.
                                (#""seconds":3,"to":[195.3,67.8125]"#, #""seconds":3"#, "guide': a guide that does not describe a step of kind 'line'"),
                                (#""transform":"normal""#, #""transform":"# + "\"\(long)\"", "'output.transform'"),
                                (#""format":"#, #""format":"# + "\"\(long)\",\"was\":", "its format is 'xxx")] {
            XCTAssertTrue(text.contains(from), from)
            let edited = Data(text.replacingOccurrences(of: from, with: to).utf8)
            XCTAssertThrowsError(try QualifyReport(json: edited, source: "edited.json")) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("edited.json: "), String(message.prefix(300)))
                XCTAssertTrue(message.contains(key), String(message.prefix(300)))
                XCTAssertLessThan(message.count, 400, "a hostile value is cut to keep the line readable")
            }
        }
    }
}
