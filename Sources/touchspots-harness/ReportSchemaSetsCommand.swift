import ArgumentParser
import Foundation
import QualifyReport

/// Prints the closed sets the qualify report's schema lists, as this build has them
/// (`ReportSchemaSets`): what `scripts/generate-qualify-report-schema` writes into
/// docs/qualify-report.schema.json.
struct ReportSchemaSetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-schema-sets",
        abstract: "Print the closed sets of the qualify report's JSON Schema, as this build has them (one line of JSON).")

    func run() throws {
        try writeToStandardOutput(try ReportSchemaSets.json() + "\n", what: "the closed sets")
    }
}
