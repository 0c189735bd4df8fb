import EventLogFormat
import Foundation
import TouchCore

/// Every closed set docs/qualify-report.schema.json lists, each where it sits in the schema
/// (the object keys down to its `enum`) and the enum whose raw values it holds, in the
/// enum's order. The schema's other parts are written by hand, as the report's JSON is
/// Codable; these lists would otherwise be a second spelling of the enums, edited with
/// every new validator. `scripts/generate-qualify-report-schema` writes them into the file
/// (`touchspots-harness report-schema-sets` prints them), and a contract test fails while
/// the file lists anything else.
public enum ReportSchemaSets {
    public struct ClosedSet: Codable, Sendable {
        /// The object keys from the schema's root to the object that holds `enum`.
        public let path: [String]
        public let values: [String]
    }

    public static let all: [ClosedSet] = [
        ClosedSet(path: ["properties", "output", "properties", "transform"],
                  values: LogOutput.Transform.allCases.map(\.rawValue)),
        ClosedSet(path: ["properties", "scale", "properties", "from"],
                  values: QualifyReport.Scale.Source.allCases.map(\.rawValue)),
        // A step not reached has the kind "" (`QualifyReport.Step.kind` nil).
        ClosedSet(path: ["properties", "steps", "items", "properties", "kind"],
                  values: QualifyKind.steps.map(\.rawValue) + [""]),
        ClosedSet(path: ["properties", "steps", "items", "properties", "state"],
                  values: QualifyReport.Step.State.allCases.map(\.rawValue)),
        ClosedSet(path: ["$defs", "verdict", "properties", "comparison"],
                  values: Verdict.Comparison.allCases.map(\.rawValue)),
        ClosedSet(path: ["$defs", "verdict", "properties", "validator"],
                  values: QualifyValidator.allCases.map(\.rawValue)),
    ]

    /// The sets as one line of JSON: `[{"path":[...],"values":[...]},...]`.
    public static func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(all), as: UTF8.self)
    }
}
