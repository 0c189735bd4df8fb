import EventLogFormat
import Foundation
import Glibc
@testable import TouchspotsClient
import XCTest

/// The event log's writer: lines whole and in order, a slow pipe reader never blocking the
/// client (a backlog up to 8 MiB, then lines dropped and said so), a reader gone ending it.
final class EventLogTests: XCTestCase {
    override func setUp() {
        signal(SIGPIPE, SIG_IGN)  // as the client does: a closed pipe is EPIPE, not death
    }

    private func numbered(_ n: Int, padding: Int = 0) -> LogLine {
        .warning(message: "line \(n)" + String(repeating: "x", count: padding), kind: .eventLog)
    }

    func testLinesReachAFileWholeAndInOrder() throws {
        let path = NSTemporaryDirectory() + "touchspots-eventlog-\(getpid()).jsonl"
        defer { unlink(path) }
        let log = try EventLog(path: path)
        for n in 0..<100 { log.write(numbered(n)) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "", "queued lines wait for flush")
        log.flush()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(try lines.map { try LogLine(json: String($0)) }, (0..<100).map { numbered($0) })
    }

    func testASlowPipeReaderGetsWholeLinesAndIsToldOfTheDropped() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        var log: EventLog? = try EventLog(path: "/proc/self/fd/\(fds[1])")
        close(fds[1])
        // 12 MB for a pipe that holds 64 KiB: 8 MiB are kept, the rest dropped. None of
        // these writes may block (the test would hang).
        let sent = 40_000
        for n in 0..<sent {
            log!.write(numbered(n, padding: 280))
            log!.flush()
        }
        let reader = PipeDrain(fd: fds[0])
        log!.finish(within: 10)
        log = nil  // closes the write end: the reader sees the end
        let lines = try reader.wait().split(separator: UInt8(ascii: "\n")).map { try LogLine(json: $0) }
        var numbers: [Int] = [], warnings: [String] = []
        for line in lines {
            guard case .warning(let message, _) = line else { return XCTFail("\(line)") }
            if message.hasPrefix("line ") {
                numbers.append(Int(message.dropFirst(5).prefix { $0.isNumber })!)
            } else {
                warnings.append(message)
            }
        }
        XCTAssertEqual(numbers, numbers.sorted(), "in order")
        XCTAssertEqual(numbers.first, 0)
        let longest = numbered(sent, padding: 280).bytes.count + 1
        XCTAssertGreaterThan(numbers.count, (8 << 20) / longest, "the backlog's 8 MiB reached the reader")
        XCTAssertLessThan(numbers.count, sent, "some were dropped")
        XCTAssertTrue(warnings.contains("event log reader too slow: lines are being dropped (the count comes at exit)"), "\(warnings)")
        XCTAssertEqual(warnings.last, "event log reader too slow: \(sent - numbers.count) lines dropped in all")
    }

    func testAReaderGoneIsTheLogsEnd() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let log = try EventLog(path: "/proc/self/fd/\(fds[1])")
        close(fds[1])
        close(fds[0])
        var told: [EventLog.Failure] = []
        log.onFailure = { told.append($0) }
        log.write(numbered(1))
        log.flush()
        log.write(numbered(2))
        log.flush()
        XCTAssertEqual(log.failure, .readerGone)
        XCTAssertEqual(told, [.readerGone], "told once")
    }

    /// A hostile-input hunt found `--event-log` emptied any file it was given, read-only
    /// ones too when run as root: now only an event log, an empty file or a new one is
    /// written, and what is refused keeps its bytes.
    func testOnlyAnEventLogOrAnEmptyFileIsReplaced() throws {
        let folder = NSTemporaryDirectory() + "touchspots-eventlog-replace-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = folder + "/notes.txt", readOnly = folder + "/old.jsonl", earlier = folder + "/run.jsonl"
        let empty = folder + "/empty.jsonl", link = folder + "/link.jsonl"
        try "my notes\n".write(toFile: notes, atomically: false, encoding: .utf8)
        try #"{"type":"scene","name":"playground"}"# .appending("\n").write(toFile: readOnly, atomically: false, encoding: .utf8)
        chmod(readOnly, 0o444)
        try #"{"type":"scene","name":"playground"}"# .appending("\n").write(toFile: earlier, atomically: false, encoding: .utf8)
        FileManager.default.createFile(atPath: empty, contents: nil)
        symlink(notes, link)
        for (path, expected) in [(notes, "would replace a file that is not an event log"), (link, "would replace a file that is not an event log"),
                                 (readOnly, "the file is read-only")] {
            XCTAssertThrowsError(try EventLog(path: path), path) { error in
                XCTAssertTrue(error is UsageError, "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "my notes\n")
        XCTAssertEqual(try String(contentsOfFile: readOnly, encoding: .utf8), #"{"type":"scene","name":"playground"}"# + "\n")
        for path in [earlier, empty, folder + "/new.jsonl"] {
            let log = try EventLog(path: path)
            log.write(numbered(1))
            log.flush()
            XCTAssertEqual(try LogLine(json: String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .newlines)), numbered(1), path)
        }
    }

    func testAFolderThatIsNotThereIsAUsageError() {
        XCTAssertThrowsError(try EventLog(path: "/nonexistent-folder/events.jsonl")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot open the event log /nonexistent-folder/events.jsonl: "), "\(error)")
        }
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes.append(contentsOf: buffer[..<count])
            }
            close(fd)
            done.signal()
        }.start()
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
