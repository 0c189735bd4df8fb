import ArgumentParser
import EventLogFormat

/// Prints the event log's schema as this build writes and reads the log (`LogLine.schema`,
/// one line of JSON): what `scripts/generate-event-log-schema` publishes as
/// docs/event-log.schema.json.
struct EventLogSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event-log-schema",
        abstract: "Print the event log's JSON Schema, as this build writes the log (one line of JSON).")

    func run() {
        print(LogLine.schema)
    }
}
