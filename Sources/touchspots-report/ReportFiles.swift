import EventLogFormat
import Foundation
import Glibc
import QualifyReport

/// The report tool's input files: a log streamed line by line (at most 64 MiB: the quick
/// plan's run is 0.65 MB, the longest run a person would make some MiB; the judge keeps
/// every contact for the report, so the file's size bounds its memory), a report or a
/// plan read whole. Every failure is a
/// `ReportError` that names the file, and the line where it is a log's.
///
/// Only regular files are read (and standard input as `-`): a FIFO would block the tool
/// forever, `/dev/zero` would never end. A log is never held whole: its lines are judged as
/// they are read, so memory follows what the report keeps (the steps' contacts), not the
/// file's size: blank or `sync` lines cost what an empty log does (docs/qualify.md, "The
/// report's limits").
enum ReportFiles {
    static let largestLog = 64 << 20
    static let largestReport = 64 << 20
    /// No line of touchspots' log comes near this: a frame of 10 contacts is about 1 KiB.
    static let longestLogLine = 1 << 20
    static let chunk = 1 << 20

    /// Calls `body` with each line of the log at `path`, in order, and its number.
    static func readLog(_ path: String, _ body: (LogLine, Int) throws -> Void) throws {
        let fd = try open(path, what: "log")
        defer { if fd != 0 { close(fd) } }
        var pending: [UInt8] = []
        var total = 0
        var number = 0
        var buffer = [UInt8](repeating: 0, count: chunk)

        func take(_ line: ArraySlice<UInt8>) throws {
            // A line ended in the chunk after the one it began in is whole only here.
            guard line.count <= longestLogLine else {
                throw ReportError("\(path):\(number + 1): a line longer than \(size(longestLogLine)), not a line of touchspots' event log")
            }
            number += 1
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { return }
            let parsed: LogLine
            do { parsed = try LogLine(json: line) } catch {
                throw ReportError("\(path):\(number): not a line of touchspots' event log: \(error)")
            }
            try body(parsed, number)
        }

        while true {
            let count = try readSome(fd, into: &buffer, path: path)
            if count == 0 { break }
            total += count
            guard total <= largestLog else {
                throw ReportError("\(path): larger than \(size(largestLog)), the most the report reads (a qualify run's log is some MiB)")
            }
            // Lines found with memchr, blank ones counted without a call: 64 MiB of blank
            // lines is 67 million of them.
            let ends: [Int] = buffer.withUnsafeBufferPointer { bytes in
                var ends: [Int] = []
                var start = 0
                let base = bytes.baseAddress!
                while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    ends.append(newline)
                    start = newline + 1
                }
                return ends
            }
            var start = 0
            for newline in ends {
                if pending.isEmpty {
                    if newline == start { number += 1 } else { try take(buffer[start..<newline]) }
                } else {
                    pending += buffer[start..<newline]
                    try take(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            pending += buffer[start..<count]
            guard pending.count <= longestLogLine else {
                throw ReportError("\(path):\(number + 1): a line longer than \(size(longestLogLine)), not a line of touchspots' event log")
            }
        }
        if !pending.isEmpty { try take(pending[...]) }
    }

    /// A report, its contacts dropped unless `keepingContacts`: `compare` reads verdicts
    /// only, and two reports' contacts were held side by side for nothing.
    /// Without them, the contacts never reach memory: the file streams through a
    /// `ContactsDropper`, a chunk at a time.
    static func readReport(_ path: String, keepingContacts: Bool = false) throws -> QualifyReport {
        if keepingContacts { return try QualifyReport(json: try read(path, limit: largestReport, what: "report"), source: path) }
        let fd = try open(path, what: "report")
        defer { if fd != 0 { close(fd) } }
        var dropper = ContactsDropper()
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        var total = 0
        while true {
            let count = try readSome(fd, into: &buffer, path: path)
            if count == 0 { break }
            total += count
            guard total <= largestReport else { throw ReportError("\(path): larger than \(size(largestReport)), not a report of touchspots'") }
            dropper.feed(buffer[..<count], into: &kept)
        }
        return try QualifyReport(json: Data(kept), source: path)
    }

    /// The whole of a small file.
    static func read(_ path: String, limit: Int, what: String) throws -> Data {
        let fd = try open(path, what: what)
        defer { if fd != 0 { close(fd) } }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: min(chunk, limit + 1))
        while true {
            let count = try readSome(fd, into: &buffer, path: path)
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { throw ReportError("\(path): larger than \(size(limit)), not a \(what) of touchspots'") }
        }
        return data
    }

    /// "64 KiB", "64 MiB".
    static func size(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB" }

    /// An open descriptor of `path` ('-': standard input, descriptor 0) that is a regular
    /// file. Opened without blocking, so that a FIFO with no writer is refused, not waited on.
    static func open(_ path: String, what: String) throws -> Int32 {
        if path == "-" { return 0 }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw ReportError("\(path): no such file") }
            throw ReportError("\(path): cannot be read: \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ReportError("\(path): cannot be read: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return fd
        case S_IFDIR:
            close(fd)
            throw ReportError("\(path): a directory, not a \(what)")
        default:
            close(fd)
            throw ReportError("\(path): not a regular file (a FIFO, a device or a socket), not a \(what)")
        }
    }

    /// Reads what is there, up to the buffer's size; 0 at the end. Standard input may be a
    /// pipe that is not ready: a regular file never is.
    private static func readSome(_ fd: Int32, into buffer: inout [UInt8], path: String) throws -> Int {
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n >= 0 { return n }
            if errno == EINTR { continue }
            if errno == EAGAIN {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            throw ReportError("\(path): cannot be read: \(String(cString: strerror(errno)))")
        }
    }

    /// The file's device and inode, where it exists: what tells that two paths are one file.
    /// `-` is standard input's file when it is one (a regular file: `< run.jsonl`).
    static func identity(ofInput path: String) -> FileIdentity? {
        guard path == "-" else { return identity(of: path) }
        var info = stat()
        guard fstat(0, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return identity(descriptor: 0)
    }

    /// The file at `path`, where it exists (standard output's, for `/dev/stdout`).
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The file open as descriptor `fd` (0, 1, 2), where one is.
    static func identity(descriptor fd: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A path not yet taken, as the file it will be: its folder's real path and its name,
    /// so that `a.json` and `./a.json` are one output before either exists.
    static func futurePath(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return nil }
        defer { free(real) }
        return String(cString: real) + "/" + name
    }
}

struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
