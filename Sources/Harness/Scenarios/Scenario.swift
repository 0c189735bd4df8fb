import Foundation
import Glibc
import ToolSupport

/// A touch scenario: plain text, one step per line, `#` starts a comment.
///
///     down ID X Y | motion ID X Y | up ID | frame | cancel
///                                 sent to the compositor's driver as they are (mutter
///                                 makes its own frames and cannot cancel)
///     pointer X Y | button left|right|middle press|release | key NAME press|release
///     sync                        wait until touchspots has handled everything sent
///     screenshot NAME.png         sync, then save the screen into the output folder
///     wait DURATION               let time pass (e.g. 500ms, 2s): for timeouts in the client
///     pace RATE                   from here on, frames at most RATE a second, 1 to 10000 (e.g. 120, as a
///                                 touchscreen reports); `pace 0` sends them as fast as it can
///
/// Coordinates are screen logical pixels (= window ones: the harness runs touchspots fullscreen).
public struct Scenario: Sendable {
    public enum Step: Equatable, Sendable {
        case command(String)
        case sync
        case screenshot(String)
        case wait(Double)
        /// Frames sent at most this many a second from here on (0: unpaced).
        case pace(Double)

        var isCommand: Bool {
            if case .command = self { return true }
            return false
        }
    }

    public let steps: [Step]

    /// The largest scenario file read: the demo is 2 KB, a long recorded one some 100 KB.
    public static let fileLimit = 16 << 20

    /// The scenario in the file at `path` (`-`: standard input). Read with a bound, so that
    /// `run - < /dev/zero` is refused at 16 MiB instead of reading until memory runs out (a
    /// hostile-input hunt found it did, then trapped), and only from a regular file, a pipe
    /// or a FIFO: `/dev/zero` was refused as "permission denied".
    public static func read(_ path: String) throws(HarnessError) -> Scenario {
        let name = path == "-" ? "standard input" : path
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HarnessError("cannot read \(name): \(String(cString: strerror(errno)))") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HarnessError("cannot read \(name): \(String(cString: strerror(errno)))") }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO || type == S_IFSOCK || (path == "-" && type == S_IFCHR) else {
            throw HarnessError("cannot read \(name): \(type == S_IFDIR ? "a directory" : "not a file of text")")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw HarnessError("cannot read \(name): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= fileLimit else { throw HarnessError("\(name) is over 16 MiB: not a scenario") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HarnessError("\(name) is not UTF-8 text: not a scenario")
        }
        return try Scenario(text: text)
    }

    public init(text: String) throws(HarnessError) {
        var steps: [Step] = []
        // Lines end in "\n" or "\r\n" (Swift reads "\r\n" as one Character, so a split on
        // "\n" alone left a Windows file one line), and only there: a lone "\r" or U+2028
        // ends no line, so line numbers are an editor's; a byte-order mark is no step.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for (number, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            func fail(_ why: String) -> HarnessError {
                let text = "scenario line \(number + 1): \(why): \(line)"  // one line of a screen, not a 5 MB line
                return HarnessError(text.count > 240 ? text.prefix(240) + "..." : text)
            }
            func numbers(_ count: Int) throws(HarnessError) {
                guard words.count == count + 1 else { throw fail("expected \(count) arguments") }
                for word in words.dropFirst() where Double(word) == nil {
                    throw fail("'\(word)' is not a number")
                }
            }
            switch words[0] {
            case "down", "motion": try numbers(3); steps.append(.command(line))
            case "up": try numbers(1); steps.append(.command(line))
            case "frame", "cancel": try numbers(0); steps.append(.command(line))
            case "pointer": try numbers(2); steps.append(.command(line))
            case "button", "key":
                guard words.count == 3, ["press", "release"].contains(words[2]) else {
                    throw fail("expected '\(words[0]) NAME press|release'")
                }
                steps.append(.command(line))
            case "sync": try numbers(0); steps.append(.sync)
            case "screenshot":
                // A name of printable characters: one with escape sequences made a file
                // named so and printed them raw.
                guard words.count == 2, !words[1].contains("/"), words[1] != ".", words[1] != "..",
                      words[1].unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }) else {
                    throw fail("expected one file name of printable characters")
                }
                steps.append(.screenshot(words[1]))
            case "pace":
                guard words.count == 2, let rate = Double(words[1]), rate.isFinite,
                      rate == 0 || (1...10_000).contains(rate) else {
                    throw fail("expected a report rate in Hz, 0 (unpaced) or 1 to 10000")
                }
                steps.append(.pace(rate))
            case "wait":
                guard words.count == 2, let seconds = Scenario.duration(words[1]) else {
                    throw fail("expected a duration such as 300ms or 2s, at most 3600s")
                }
                steps.append(.wait(seconds))
            default:
                throw fail("unknown step '\(words[0])'")
            }
        }
        self.steps = steps
    }

    /// At most an hour: a scenario's wait is for timeouts in the client, and a longer
    /// one (or `inf`) trapped converting it to usleep's microseconds.
    static func duration(_ text: String) -> Double? {
        var seconds: Double?
        if text.hasSuffix("ms"), let v = Double(text.dropLast(2)) { seconds = v / 1000 }
        else if text.hasSuffix("s"), let v = Double(text.dropLast()) { seconds = v }
        guard let seconds, seconds >= 0, seconds <= 3600 else { return nil }
        return seconds
    }

    /// Plays the scenario; returns the screenshots written.
    @discardableResult
    public func play(in run: HeadlessRun) throws -> [String] {
        var shots: [String] = []
        var group: [String] = []
        // Paced frames follow a schedule on CLOCK_MONOTONIC, one report interval apart; a
        // frame sent late moves the rest of the schedule with it (as the qualify robot's
        // does), so no two frames come closer together than a panel at that rate sends them.
        var interval = 0.0
        var lastFrame: Double?
        for (index, step) in steps.enumerated() {
            if case .command(let command) = step {
                // Touch commands up to a frame (or cancel) travel together, as one frame.
                group.append(command)
                let last = index == steps.count - 1
                let next = last ? nil : steps[index + 1]
                if command == "frame" || command == "cancel" || last || !(next?.isCommand ?? false) {
                    if interval > 0, command == "frame" {
                        if let previous = lastFrame, MonotonicClock.now() < previous + interval {
                            MonotonicClock.sleep(until: previous + interval)
                            lastFrame = previous + interval
                        } else {
                            lastFrame = MonotonicClock.now()
                        }
                    }
                    try run.send(batch: group)
                    group.removeAll()
                }
                continue
            }
            switch step {
            case .command: break
            case .sync: try run.sync()
            case .screenshot(let name):
                try run.screenshot(name)
                shots.append("\(run.outputDirectory)/\(name)")
            case .pace(let rate):
                interval = rate > 0 ? 1 / rate : 0
                lastFrame = nil
            case .wait(let seconds):
                // Real time passing is the point of this step (label timeouts).
                usleep(useconds_t(seconds * 1_000_000))
            }
        }
        return shots
    }
}
