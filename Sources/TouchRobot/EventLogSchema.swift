import Foundation

/// The event log's JSON Schema (docs/event-log.schema.json), checked by the validator
/// (Debian's python3-jsonschema), the same command compositor developers use on their
/// own runs.
public enum EventLogSchema {
    /// The validator: $TOUCHSPOTS_VALIDATOR, else `validate-event-log` beside the running
    /// program (the installed packages put it beside the harness), else
    /// scripts/validate-event-log of the source tree this was built from.
    public static var validator: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHSPOTS_VALIDATOR"] { return path }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let beside = "\((exe as NSString).deletingLastPathComponent)/validate-event-log"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        return "\(repository)/scripts/validate-event-log"
    }

    /// Runs the validator on `paths` ("-" reads `input`): its exit status and what it printed.
    public static func validate(_ paths: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Every event log (*.jsonl) under `directory`.
    public static func logs(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") }
            .map { "\(directory)/\($0)" }.sorted()
    }
}
