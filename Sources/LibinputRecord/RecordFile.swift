import Foundation

/// A recording's bytes, line by line, read in chunks of 1 MiB so that memory does not grow
/// with the file: only regular files (a FIFO would never end), at most `limit` bytes, no
/// line over 1 MiB (`libinput record` writes none over a few KiB; a 9 MB line is hostile).
/// Errors name the file and the line, never the line's text.
struct RecordFile {
    enum Format { case yaml, evemu }

    static let lineLimit = 1 << 20
    static let chunk = 1 << 20

    let source: String
    private var handle: FileHandle?
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var total = 0
    private let limit: Int
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0

    /// `path` "-" is standard input, as the report tool's other inputs take it (a pipe from
    /// `libinput record`); its size is bounded as it is read.
    init(path: String, limit: Int) throws {
        source = path
        self.limit = limit
        if path == "-" {
            handle = FileHandle.standardInput
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw LibinputRecordError("cannot read \(path): no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw LibinputRecordError("\(path) is not a regular file (a recording is read from a file, not a FIFO, device or folder)")
        }
        guard Int(info.st_size) <= limit else { throw LibinputRecordError("\(path) is larger than \(limit >> 20) MiB") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw LibinputRecordError("cannot read \(path)") }
        self.handle = handle
    }

    init(bytes: [UInt8], source: String) {
        self.source = source
        buffer = bytes
        atEnd = true
        limit = Int.max
    }

    /// An error at the line last returned.
    func error(_ what: String) -> LibinputRecordError {
        LibinputRecordError("\(source):\(lineNumber): \(what)")
    }

    /// Which format the file is, from its first line that is not blank: evemu's files
    /// begin with `# EVEMU` (or, older, a bare `N:` line); anything else is read as
    /// `libinput record`'s YAML and refused at its first line that does not fit.
    mutating func sniff() throws -> Format {
        try fill(until: 64 << 10)
        // A UTF-8 byte-order mark (an editor's save) is no part of the text: skipped.
        if buffer.count - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF { start += 3 }
        var i = start
        while i < buffer.count, buffer[i] == 0x20 || buffer[i] == 0x0A || buffer[i] == 0x0D || buffer[i] == 0x09 { i += 1 }
        let head = buffer[i..<min(buffer.count, i + 7)]
        // evemu's lines begin with a letter and ": " (N: name, I: ids, P: properties, B:
        // bits, A: absinfo, L: LEDs, S: switches, E: events): a stream without its
        // "# EVEMU" header is evemu's too.
        if head.starts(with: Array("# EVEMU".utf8)) { return .evemu }
        if head.count >= 3, Array("NIPBALSE".utf8).contains(head[head.startIndex]), head[head.startIndex + 1] == UInt8(ascii: ":"),
           head[head.startIndex + 2] == UInt8(ascii: " ") { return .evemu }
        return .yaml
    }

    /// Reads until `count` bytes are buffered past `start`, or the file ends.
    private mutating func fill(until count: Int) throws {
        while !atEnd && buffer.count - start < count {
            guard let handle else { atEnd = true; return }
            let data: Data
            do { data = try handle.read(upToCount: Self.chunk) ?? Data() } catch {
                throw LibinputRecordError("cannot read \(source): \(error.localizedDescription)")
            }
            if data.isEmpty {
                atEnd = true
                try? handle.close()
                return
            }
            total += data.count
            guard total <= limit else { throw LibinputRecordError("\(source) is larger than \(limit >> 20) MiB") }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            buffer.append(contentsOf: data)
        }
    }

    /// Calls `body` with each line's bytes (without its newline or a carriage return) and
    /// stops at the end of the file.
    mutating func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, At) throws -> Void) throws {
        while true {
            var scanFrom = start
            var newline: Int?
            while true {
                newline = buffer.withUnsafeBufferPointer { all -> Int? in
                    guard scanFrom < all.count, let base = all.baseAddress,
                          let found = memchr(base + scanFrom, 0x0A, all.count - scanFrom) else { return nil }
                    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                if newline != nil || atEnd { break }
                if buffer.count - start > Self.lineLimit {
                    lineNumber += 1
                    throw error("a line longer than 1 MiB: not a recording")
                }
                let unscanned = buffer.count - start
                try fill(until: unscanned + Self.chunk)
                scanFrom = start + unscanned
            }
            let end = newline ?? buffer.count
            if newline == nil && end == start { return }
            lineNumber += 1
            if end - start > Self.lineLimit { throw error("a line longer than 1 MiB: not a recording") }
            var last = end
            if last > start && buffer[last - 1] == 0x0D { last -= 1 }
            let first = start
            let at = At(source: source, line: lineNumber)
            try buffer.withUnsafeBufferPointer { all in
                try body(UnsafeBufferPointer(rebasing: all[first..<last]), at)
            }
            start = newline.map { $0 + 1 } ?? buffer.count
            if newline == nil { return }
        }
    }
}

/// A line of a recording, for errors that name it.
struct At {
    let source: String
    let line: Int

    func error(_ what: String) -> LibinputRecordError { LibinputRecordError("\(source):\(line): \(what)") }
}

/// Decimal integers as evdev's fields are written, checked: no overflow, no more than 19
/// digits.
enum Numbers {
    /// The integer at `bytes[i...]` after spaces, advancing `i` past it.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
        var negative = false
        if i < bytes.count && (bytes[i] == 0x2D || bytes[i] == 0x2B) {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var value = 0
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(bytes[i] - 0x30))
            guard !o1 && !o2 else { return nil }
            value = sum
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    static func integer(_ text: Substring) -> Int? {
        var copy = String(text)
        return copy.withUTF8 { bytes in
            var i = 0
            guard let value = integer(bytes, &i) else { return nil }
            while i < bytes.count && bytes[i] == 0x20 { i += 1 }
            return i == bytes.count ? value : nil
        }
    }

    /// An event's time in microseconds, checked: seconds and microseconds at or above 0,
    /// microseconds below a million, the sum within Int64.
    static func microseconds(seconds: Int, micro: Int) -> Int64? {
        guard seconds >= 0, micro >= 0, micro < 1_000_000 else { return nil }
        let (scaled, o1) = Int64(seconds).multipliedReportingOverflow(by: 1_000_000)
        let (sum, o2) = scaled.addingReportingOverflow(Int64(micro))
        return o1 || o2 ? nil : sum
    }

    /// Why `microseconds(seconds:micro:)` refused a time, in the words of the fault (a time
    /// of 9223372036854 s was once told it must be "at or above 0").
    static func timeProblem(seconds: Int, micro: Int, of subject: String = "an event") -> String {
        let start = "\(subject)'s time is out of range:"
        if seconds < 0 { return "\(start) \(seconds) s is before 0" }
        if micro < 0 || micro >= 1_000_000 { return "\(start) \(micro) microseconds is not 0 to 999999" }
        return "\(start) \(seconds) s is past the \(Int64.max / 1_000_000) s that microseconds in 64 bits hold"
    }
}
