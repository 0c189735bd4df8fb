import EventLogFormat
import Glibc
import TouchCore
import WaylandClient

/// The JSON Lines event log's writer. What a line holds and how it is encoded is
/// `LogLine`'s (the EventLogFormat module, shared with the harness that reads the log);
/// this is only how lines reach the file descriptor.
///
/// One object per line, each written with a single write(2) at the end of the loop pass
/// that made it, after the window's commit (`flush()`). A log
/// that is a pipe or socket is switched to non-blocking and whatever it cannot take yet is
/// kept and retried on the next line or idle pass, so a slow reader never stalls touch
/// handling. Past 8 MiB of backlog, lines are dropped: a warning saying so goes ahead of
/// the backlog at once (the reader sees it with the next lines it takes), and the count is
/// told at exit. A log that cannot be written at all (no space, an I/O error) ends
/// touchspots with status 1; a reader that goes away (EPIPE) ends it with status 0, as a
/// command whose output pipe closed. At exit, what is left is written for at most a
/// second, and what still cannot be is counted on stderr.
final class EventLog {
    enum Failure: Equatable {
        /// The reading end of the pipe or socket closed.
        case readerGone
        /// A write failed for good.
        case unwritable(String)
    }

    private let fd: Int32
    private let ownsFD: Bool
    private let path: String
    private var backlog: [UInt8] = []
    /// Bytes at the front of the backlog that finish a line already partly written.
    private var partialLineBytes = 0
    private var dropped = 0
    private var warnedAboutDropping = false
    private(set) var failure: Failure?
    /// Told once, when the log fails.
    var onFailure: (Failure) -> Void = { _ in }
    private static let backlogLimit = 8 << 20

    /// Opens `path` ("-" for standard output), truncating it. A FIFO is opened without
    /// blocking; with no reader, opening is retried for up to 5 s, then refused. An
    /// existing file is replaced only if it is an event log (`isEventLog`) or empty, and
    /// never when it is read-only, root or not: a mistyped `--event-log notes.txt` must not
    /// empty someone's file, as the report tool replaces no read-only file either.
    init(path: String) throws {
        self.path = path
        if path == "-" || Self.isStandardOutput(path) {
            fd = STDOUT_FILENO
            ownsFD = false
        } else {
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                guard info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0 else {
                    throw UsageError("cannot write the event log \(path): the file is read-only")
                }
                guard info.st_size == 0 || Self.isEventLog(path) else {
                    throw UsageError("the event log \(path) would replace a file that is not an event log; remove it or name another")
                }
            }
            var opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0), 0o644)
            if isFIFO {
                var waited = 0
                while opened < 0 && errno == ENXIO && waited < 100 {
                    usleep(50_000)
                    waited += 1
                    opened = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
                }
                if opened < 0 && errno == ENXIO {
                    throw UsageError("the event log \(path) is a FIFO nobody reads (waited 5 s)")
                }
            }
            guard opened >= 0 else {
                throw UsageError("cannot open the event log \(path): \(String(cString: strerror(errno)))")
            }
            fd = opened
            ownsFD = true
        }
        var info = stat()
        if fstat(fd, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFSOCK {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
    }

    deinit {
        if ownsFD { close(fd) }
    }

    /// Whether `path` names the file standard output is open on (`/dev/stdout` with
    /// `>> app.log`): written through the descriptor as it is, not opened again and emptied.
    static func isStandardOutput(_ path: String) -> Bool {
        var named = stat(), output = stat()
        return stat(path, &named) == 0 && fstat(STDOUT_FILENO, &output) == 0
            && named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    /// Every line of an event log begins so (`LogLine`'s encoder writes `type` first).
    static let lineStart = Array(#"{"type":""#.utf8)

    /// Whether the file at `path` begins as an event log does: the one kind of file the
    /// log replaces (a run's log written again). Reads its first bytes only.
    static func isEventLog(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: lineStart.count)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == lineStart.count && bytes == lineStart
    }

    /// Queues a line; `flush()` writes it. The client flushes after each pass of its loop,
    /// once the window is committed, so a touch's lines (some thirty when ten fingers
    /// land) are encoded and written after the commit that shows it, not before.
    func write(_ line: LogLine) {
        guard failure == nil else { return }
        queued.append(.line(line))
    }

    /// Queues the line for one of the session's events; `seat` names a frame's seat when
    /// several seats can touch. Encoded at `flush()`, after the commit, by
    /// `LogLine.encode(_:seat:into:)`, which writes frame lines without building a `LogLine`.
    func write(_ event: TouchSessionEvent, seat: String?) {
        guard failure == nil else { return }
        queued.append(.event(event, seat: seat))
    }

    /// Queues the line for one of the session's events; `seat` names a frame's seat, or
    /// nil. One switch, not `if case`s, each of which copied the event to test it.
    func record(_ event: TouchSessionEvent, seat: (DeviceID) -> String?) {
        switch event {
        case .frame(let frame, _): write(event, seat: seat(frame.device))
        default: write(event, seat: nil)
        }
    }

    private enum Line {
        case line(LogLine)
        case event(TouchSessionEvent, seat: String?)
    }
    private var queued: [Line] = []
    /// The line being written, reused.
    private var encoded: [UInt8] = []

    /// Writes the queued lines, in order, and retries what a non-blocking reader did not take.
    func flush() {
        writeBacklog()
        for line in queued where failure == nil {
            encoded.removeAll(keepingCapacity: true)
            switch line {
            case .line(let line): line.encode(into: &encoded)
            case .event(let event, let seat): LogLine.encode(event, seat: seat, into: &encoded)
            }
            append(&encoded)
        }
        queued.removeAll(keepingCapacity: true)
    }

    /// At exit: writes what is left for at most `seconds`, then says on stderr what could
    /// not be written and how many lines were dropped.
    func finish(within seconds: Double = 1) {
        flush()
        if dropped > 0 && failure == nil {
            var line = LogLine.warning(message: "event log reader too slow: \(dropped) lines dropped in all",
                                       kind: .eventLog).bytes
            // Past the backlog's limit if need be: it is the line that says what is missing,
            // and with a full backlog (the only time lines were dropped) it was itself
            // dropped until EventLogTests caught it.
            append(&line, pastTheLimit: true)
        }
        let deadline = EventLoop.monotonicNow() + seconds
        writeBacklog()
        while !backlog.isEmpty && failure == nil {
            let remaining = deadline - EventLoop.monotonicNow()
            guard remaining > 0 else { break }
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, Int32(remaining * 1000) + 1)
            writeBacklog()
        }
        var notes: [String] = []
        if !backlog.isEmpty {
            let lines = backlog.lazy.filter { $0 == UInt8(ascii: "\n") }.count
            notes.append("\(lines) lines (\(backlog.count) bytes) of the event log could not be written")
        }
        if dropped > 0 { notes.append("\(dropped) event log lines were dropped (the reader was too slow)") }
        for note in notes {
            let line = Array("touchspots: \(note)\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        backlog.removeAll()
    }

    /// Writes `bytes` (a line without its newline, which is added) or keeps what the
    /// reader does not take yet.
    private func append(_ bytes: inout [UInt8], pastTheLimit: Bool = false) {
        bytes.append(UInt8(ascii: "\n"))
        if backlog.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written == bytes.count { return }
            if written < 0 {
                guard errno == EAGAIN || errno == EINTR else { return fail(errno) }
            } else if written > 0 {
                partialLineBytes = bytes.count - written
            }
            bytes.removeFirst(max(0, written))
        }
        if backlog.count + bytes.count > Self.backlogLimit && !pastTheLimit {
            dropped += 1
            if !warnedAboutDropping {
                // Ahead of the backlog, right after the line being written, so the reader
                // learns of the loss with the next lines it takes.
                warnedAboutDropping = true
                let warning = LogLine.warning(
                    message: "event log reader too slow: lines are being dropped (the count comes at exit)",
                    kind: .eventLog).bytes + [10]
                backlog.insert(contentsOf: warning, at: partialLineBytes)
            }
        } else {
            backlog.append(contentsOf: bytes)
        }
    }

    private func writeBacklog() {
        while !backlog.isEmpty && failure == nil {
            let written = backlog.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                return fail(errno)
            }
            if written == 0 { return }
            let endedLine = backlog[written - 1] == UInt8(ascii: "\n")
            backlog.removeFirst(written)
            // The front of the backlog is now a whole line, or the rest of one.
            partialLineBytes = endedLine ? 0 : (backlog.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? backlog.count)
        }
        if backlog.isEmpty {
            partialLineBytes = 0
            warnedAboutDropping = false
        }
    }

    private func fail(_ error: Int32) {
        guard failure == nil else { return }
        let failure: Failure = error == EPIPE ? .readerGone
            : .unwritable("cannot write the event log \(path == "-" ? "(standard output)" : path): \(String(cString: strerror(error)))")
        self.failure = failure
        backlog.removeAll()
        onFailure(failure)
    }
}

extension Optional where Wrapped == EventLog {
    /// A problem the person running touchspots should see: on stderr, and as a `warning`
    /// line when there is a log.
    func tell(_ message: String, kind: LogWarningKind) {
        self?.write(.warning(message: message, kind: kind))
        let line = Array("touchspots: \(message)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

extension LogOutput {
    /// The `output` line for what an output said of itself.
    init(_ geometry: OutputGeometry) {
        // A value wl_output does not have is logged as normal, as a compositor would show it.
        let transform = Transform(wlOutput: geometry.transform) ?? .normal
        self.init(name: geometry.name, make: geometry.make, model: geometry.model, description: geometry.description,
                  physicalWidth: Int(geometry.physicalWidth), physicalHeight: Int(geometry.physicalHeight),
                  width: Int(geometry.width), height: Int(geometry.height), refreshMillihertz: Int(geometry.refreshMillihertz),
                  transform: transform, scale: Int(geometry.scale))
    }
}
