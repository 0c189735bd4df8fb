import Foundation
import EventLogFormat
import ToolSupport
import TouchCore
import Glibc

/// Reads a touchspots event log (JSON Lines) as it grows, as typed `LogLine`s. One reader
/// per run of touchspots: a new run truncates the log and should get a new reader.
public final class EventLogReader {
    public let path: String
    public init(path: String) { self.path = path }

    /// Lines parsed so far, and how many bytes of the file they took: each call reads only
    /// what was appended since the last (interop logs with WAYLAND_DEBUG grow long).
    private var parsed: [LogLine] = []
    private var consumed: UInt64 = 0
    /// Lines of the file read so far, to name a bad line by its number.
    private var parsedLines = 0

    /// Every complete line parsed so far.
    public func events() throws -> [LogLine] {
        guard let file = FileHandle(forReadingAtPath: path) else { return parsed }
        defer { try? file.close() }
        let size = try file.seekToEnd()
        if size < consumed {
            // A new file at the same path: start over.
            parsed = []
            consumed = 0
            parsedLines = 0
        }
        try file.seek(toOffset: consumed)
        guard let data = try file.readToEnd(),
              // The client may be writing a line right now: only complete lines count.
              let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return parsed }
        let complete = data[data.startIndex...lastNewline]
        var new: [LogLine] = []
        for (number, line) in complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            do {
                new.append(try LogLine(json: line))
            } catch {
                // The line's start only, its control characters shown as `\u{1B}` (as every
                // tool's error line shows them): a hunt's 5 MB line was printed whole, escape
                // sequences and all.
                let start = printableText(String(decoding: line.prefix(120), as: UTF8.self))
                let reason = "\(error)".prefix(200)
                throw HarnessError("\(path): line \(parsedLines + number + 1) is not an event log line as docs/event-log.md has it (\(reason)): \(start)\(line.count > 120 ? "..." : "")")
            }
        }
        parsedLines += complete.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        parsed += new
        consumed += UInt64(complete.count)
        return parsed
    }

    /// Waits until an event satisfying `predicate` has been logged, and returns it.
    /// Sleeps on inotify for the file's changes, so it wakes the moment a line lands.
    @discardableResult
    public func waitFor(timeout: Double = 10, _ what: String, abandon: (() -> Bool)? = nil,
                        where predicate: (LogLine) -> Bool) throws -> LogLine {
        var found: LogLine?
        try waitUntil(timeout: timeout, what, abandon: abandon) { events in
            guard let match = events.first(where: predicate) else { return false }
            found = match
            return true
        }
        return found!
    }

    /// Waits until `condition` holds for the whole log so far.
    /// `abandon` is asked every 200 ms; when it returns true (the client died), waiting ends.
    public func waitUntil(timeout: Double = 10, _ what: String, abandon: (() -> Bool)? = nil,
                          _ condition: ([LogLine]) -> Bool) throws {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw HarnessError("inotify_init1 failed") }
        defer { close(fd) }
        // Watching the folder also covers a log the client has not created yet.
        let folder = (path as NSString).deletingLastPathComponent
        guard inotify_add_watch(fd, folder, UInt32(IN_MODIFY | IN_CREATE)) >= 0 else {
            throw HarnessError("cannot watch \(folder)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Checked after the watch is set, so a line written meanwhile is not missed.
            if condition(try events()) { return }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw HarnessError("no event log line \(what) within \(timeout) s")
            }
            if let abandon, abandon() {
                throw HarnessError("gave up waiting for \(what): the client is gone")
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = abandon == nil ? remaining : min(remaining, 0.2)
            if poll(&pfd, 1, Int32(wait * 1000) + 1) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(fd, &buffer, buffer.count)
            }
        }
    }

    /// Waits until the client has drawn its first frame and been configured to
    /// `width` x `height` (its fullscreen size on compositors that pick the surface under
    /// a touch at the time of the touch, so that the window then takes touches).
    public func waitForWindow(width: Int, height: Int, client: ChildProcess) throws {
        try waitUntil(timeout: 20, "a \(width)x\(height) configure after ready",
                      abandon: { client.hasExited }) { events in
            events.contains { $0.ready != nil }
                && events.contains {
                    $0.configure.map { $0.width == Double(width) && $0.height == Double(height) } ?? false
                }
        }
    }

    /// The lines of one kind.
    public func events(of kind: LogLine.Kind) throws -> [LogLine] {
        try events().filter { $0.kind == kind }
    }

    public func frames() throws -> [TouchFrame] { try events().compactMap(\.frame) }
    /// The spot views alive after each frame, one per frame line.
    public func spots() throws -> [Int] { try events().compactMap(\.spots) }
    public func hits() throws -> [TouchHit] { try events().compactMap(\.hit) }
    public func responders() throws -> [ResponderDelivery] { try events().compactMap(\.responder) }
    public func gestures() throws -> [Gesture] { try events().compactMap(\.gesture) }
    public func placards() throws -> [PlacardState] { try events().compactMap(\.placard) }
    public func warnings() throws -> [String] { try events().compactMap(\.warning) }
    public func presentations() throws -> [LogPresented] { try events().compactMap(\.presented) }
}
