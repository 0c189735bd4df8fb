import EventLogFormat
import Foundation
import QualifyReport

/// The report tool's files: a log read whole (at most 256 MiB, the longest run a person
/// would make is some MiB), a report read back, reports written. Every failure is a
/// `ReportError` that names the file, and the line where it is a log's.
enum ReportFiles {
    static let largestLog = 256 << 20
    static let largestReport = 64 << 20

    static func readLog(_ path: String) throws -> [LogLine] {
        let data = try read(path, limit: largestLog, what: "log")
        var lines: [LogLine] = []
        var number = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            do {
                lines.append(try LogLine(json: line))
            } catch {
                throw ReportError("\(path):\(number): not a line of touchspots' event log: \(error)")
            }
        }
        return lines
    }

    static func readReport(_ path: String) throws -> QualifyReport {
        try QualifyReport(json: try read(path, limit: largestReport, what: "report"), source: path)
    }

    /// Writes `text` to `path` ('-': standard output) through a temporary file beside it,
    /// so that a report is never left half written.
    static func write(_ text: String, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func read(_ path: String, limit: Int, what: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard path == "-" || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReportError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ReportError("\(path): a directory, not a \(what)") }
        let handle: FileHandle
        if path == "-" {
            handle = .standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else { throw ReportError("\(path): cannot be read") }
            handle = opened
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw ReportError("\(path): cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw ReportError("\(path): larger than \(limit >> 20) MiB, not a \(what) of touchspots'") }
        return data
    }
}
