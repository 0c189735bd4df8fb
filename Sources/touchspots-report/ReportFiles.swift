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
        let data = try read(path, limit: largestReport, what: "report")
        let report: QualifyReport
        do {
            report = try JSONDecoder().decode(QualifyReport.self, from: data)
        } catch {
            throw ReportError("\(path): not a touchspots qualify report (touchspots-report --json): \(describe(error))")
        }
        guard report.format == QualifyReport.format else {
            throw ReportError("\(path): its format is '\(report.format)', not '\(QualifyReport.format)'")
        }
        guard report.version <= QualifyReport.formatVersion else {
            throw ReportError("\(path): a report of version \(report.version); this touchspots-report reads up to \(QualifyReport.formatVersion)")
        }
        return report
    }

    static func encode(_ report: QualifyReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
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
            throw ReportError("cannot write \(path): \(describe(error))")
        }
    }

    private static func read(_ path: String, limit: Int, what: String) throws -> Data {
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
            throw ReportError("\(path): cannot be read: \(describe(error))")
        }
        guard data.count <= limit else { throw ReportError("\(path): larger than \(limit >> 20) MiB, not a \(what) of touchspots'") }
        return data
    }

    private static func describe(_ error: Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let c): return c.debugDescription
            case .keyNotFound(let key, _): return "no key '\(key.stringValue)'"
            case .typeMismatch(_, let c), .valueNotFound(_, let c):
                return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))': \(c.debugDescription)"
            @unknown default: return "\(error)"
            }
        }
        return error.localizedDescription
    }
}
