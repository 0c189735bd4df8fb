import ArgumentParser
import EventLogFormat
import Foundation
import Glibc

/// Prints the event log's schema as this build writes and reads the log (`LogLine.schema`,
/// one line of JSON): what `scripts/generate-event-log-schema` publishes as
/// docs/event-log.schema.json. A failed write (a full disk, a closed pipe) is one line on
/// standard error and exit 1, so the script never publishes half a schema.
struct EventLogSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event-log-schema",
        abstract: "Print the event log's JSON Schema, as this build writes the log (one line of JSON).")

    func run() throws {
        try writeToStandardOutput(LogLine.schema + "\n", what: "the schema")
    }
}

/// Writes `text` whole to standard output; a failed write (a full disk, a closed pipe) is
/// one line on standard error naming `what`, and exit 1, so a generator script never
/// publishes half of it.
func writeToStandardOutput(_ text: String, what: String) throws {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
            FileHandle.standardError.write(Data("touchspots-harness: cannot write \(what): \(String(cString: strerror(errno)))\n".utf8))
            throw ExitCode(1)
        }
        written += count
    }
}
