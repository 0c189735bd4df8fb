import Glibc
import TouchCore
import WaylandClient

/// The JSON Lines event log, a public contract: keys may be added, never renamed.
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
    /// blocking; with no reader, opening is retried for up to 5 s, then refused.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            ownsFD = false
        } else {
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
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

    /// Queues a line; `flush()` writes it. The client flushes after each pass of its loop,
    /// once the window is committed, so a touch's lines (some thirty when ten fingers
    /// land) are encoded and written after the commit that shows it, not before.
    func write(_ object: JSONObject) {
        guard failure == nil else { return }
        queued.append(.object(object))
    }

    /// Queues the line for one of the session's events; `seat` names a frame's seat when
    /// several seats can touch. Encoded at `flush()`, after the commit.
    func write(_ event: TouchSessionEvent, seat: String?) {
        guard failure == nil else { return }
        queued.append(.event(event, seat: seat))
    }

    private enum Line {
        case object(JSONObject)
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
            case .object(let object): object.encode(into: &encoded)
            case .event(let event, let seat): JSONObject.encode(event, seat: seat, into: &encoded)
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
            var line = JSONObject.warning("event log reader too slow: \(dropped) lines dropped in all", kind: "event-log").bytes
            append(&line)
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
    private func append(_ bytes: inout [UInt8]) {
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
        if backlog.count + bytes.count > Self.backlogLimit {
            dropped += 1
            if !warnedAboutDropping {
                // Ahead of the backlog, right after the line being written, so the reader
                // learns of the loss with the next lines it takes.
                warnedAboutDropping = true
                let warning = JSONObject.warning(
                    "event log reader too slow: lines are being dropped (the count comes at exit)", kind: "event-log").bytes + [10]
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

/// A small ordered JSON object: the log's key order is part of how people read it.
struct JSONObject {
    enum Value {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case null
        case array([Value])
        case object(JSONObject)
    }

    private var pairs: [(String, Value)]

    init(_ pairs: KeyValuePairs<String, Value>) {
        self.pairs = pairs.map { ($0.key, $0.value) }
    }

    mutating func append(_ key: String, _ value: Value) { pairs.append((key, value)) }

    var line: String { String(decoding: bytes, as: UTF8.self) }

    /// The line's UTF-8 bytes, without the newline.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    /// Appends the line's UTF-8 bytes (no newline) to `out`. Bytes rather than a String:
    /// appending to a String checks and copies per piece, and encoding the log's frame
    /// lines that way took most of a logging client's instructions (docs/benchmark.md,
    /// "The event log's encoding").
    func encode(into out: inout [UInt8]) { Self.encode(.object(self), into: &out) }

    private static func encode(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .string(let s): encodeString(s, into: &out)
        case .int(let i): encodeInt(i, into: &out)
        case .double(let d): encodeDouble(d, into: &out)
        case .bool(let b): append(b ? "true" : "false", to: &out)
        case .null: append("null", to: &out)
        case .array(let values): encodeArray(values, into: &out) { encode($0, into: &$1) }
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, (key, v)) in object.pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                encodeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                encode(v, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers without a fraction; others as Swift prints them (the shortest form
    /// that reads back exactly); not finite as null.
    private static func encodeDouble(_ d: Double, into out: inout [UInt8]) {
        if d.isFinite {
            if d == d.rounded() && abs(d) < 1e15 {
                encodeInt(Int(d), into: &out)
            } else {
                out.append(contentsOf: d.description.utf8)
            }
        } else {
            append("null", to: &out)
        }
    }

    private static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func encodeInt(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: buffer[start...])
        }
    }

    /// A JSON string: `"`, `\` and control characters escaped, everything else (UTF-8,
    /// which a Swift string always is) as it is.
    private static func encodeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Keys and nearly all values need no escape: copied whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &out)
                case UInt8(ascii: "\\"): append("\\\\", to: &out)
                case UInt8(ascii: "\n"): append("\\n", to: &out)
                case UInt8(ascii: "\r"): append("\\r", to: &out)
                case UInt8(ascii: "\t"): append("\\t", to: &out)
                case 0..<0x20:
                    let hex: StaticString = "0123456789abcdef"
                    append("\\u00", to: &out)
                    out.append(hex.utf8Start[Int(byte >> 4)])
                    out.append(hex.utf8Start[Int(byte & 0xf)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONObject {
    static func ready(width: Double, height: Double, scale: Double) -> JSONObject {
        JSONObject(["type": .string("ready"), "width": .double(width), "height": .double(height),
                    "scale": .double(scale)])
    }

    /// Which devices a seat offers, whenever that changes.
    static func seat(name: String?, touch: Bool, pointer: Bool, keyboard: Bool) -> JSONObject {
        var object = JSONObject(["type": .string("seat")])
        if let name { object.append("name", .string(name)) }
        object.append("touch", .bool(touch))
        object.append("pointer", .bool(pointer))
        object.append("keyboard", .bool(keyboard))
        return object
    }

    /// Appends the line for one of the session's events; `seat` names a frame's seat when
    /// several seats can touch. Frame lines (one per touch frame) and responder lines (one
    /// per moving finger and frame) are written straight from the event rather than built
    /// as an object first (docs/benchmark.md, "The event log's encoding"); the others, a
    /// few a second at most, go through `JSONObject`.
    static func encode(_ event: TouchSessionEvent, seat: String?, into out: inout [UInt8]) {
        switch event {
        case .frame(let frame, let spots): encodeFrame(frame, spots: spots, seat: seat, into: &out)
        case .responder(let touch, let phase, let chain, let handledBy):
            encodeResponder(id: touch.id, phase: phase, chain: chain, handledBy: handledBy, into: &out)
        default: JSONObject(event).encode(into: &out)
        }
    }

    private static func encodeFrame(_ frame: TouchFrame, spots: Int, seat: String?, into out: inout [UInt8]) {
        append(#"{"type":"frame","time":"#, to: &out)
        encodeInt(Int(frame.time), into: &out)
        append(#","spots":"#, to: &out)
        encodeInt(spots, into: &out)
        append(#","touches":["#, to: &out)
        var first = true
        for touch in frame.touches {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            encodeEntry(id: touch.id, phase: touch.phase.rawValue, at: touch.location, into: &out)
            if touch.source != .touchscreen { key("source", string: touch.source.rawValue, into: &out) }
            if let pen = touch.pen { encodePen(pen, into: &out) }
            if let major = touch.major { key("major", double: major, into: &out) }
            if let minor = touch.minor { key("minor", double: minor, into: &out) }
            if let orientation = touch.orientation { key("orientation", double: orientation, into: &out) }
            if let seat, !touch.source.isPen { key("seat", string: seat, into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        for hover in frame.hovers {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            encodeEntry(id: hover.id, phase: hover.phase.rawValue, at: hover.location, into: &out)
            key("source", string: hover.source.rawValue, into: &out)
            encodePen(hover.state, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        append("]}", to: &out)
    }

    private static func encodeResponder(id: Int32, phase: TouchPhase, chain: [String], handledBy: String?,
                                        into out: inout [UInt8]) {
        append(#"{"type":"responder","id":"#, to: &out)
        encodeInt(Int(id), into: &out)
        key("phase", string: phase.rawValue, into: &out)
        openKey("chain", into: &out)
        encodeArray(chain, into: &out) { encodeString($0, into: &$1) }
        openKey("handledBy", into: &out)
        if let handledBy { encodeString(handledBy, into: &out) } else { append("null", to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"id":N,"phase":"P","x":X,"y":Y`, left open for more keys.
    private static func encodeEntry(id: Int32, phase: String, at location: Point, into out: inout [UInt8]) {
        append(#"{"id":"#, to: &out)
        encodeInt(Int(id), into: &out)
        key("phase", string: phase, into: &out)
        key("x", double: location.x, into: &out)
        key("y", double: location.y, into: &out)
    }

    private static func key(_ name: StaticString, string: String, into out: inout [UInt8]) {
        openKey(name, into: &out)
        encodeString(string, into: &out)
    }

    private static func key(_ name: StaticString, double: Double, into out: inout [UInt8]) {
        openKey(name, into: &out)
        encodeDouble(double, into: &out)
    }

    /// `[a,b,...]`, each element written by `element`.
    private static func encodeArray<Elements: Sequence>(
        _ elements: Elements, into out: inout [UInt8], _ element: (Elements.Element, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: "["))
        var first = true
        for item in elements {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            element(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `,"name":`
    private static func openKey(_ name: StaticString, into out: inout [UInt8]) {
        append(",\"", to: &out)
        append(name, to: &out)
        append("\":", to: &out)
    }

    /// A pen's axes and buttons. Pressure and distance arrive in steps of 1/65535: five
    /// decimals keep them exact.
    private static func encodePen(_ pen: PenState, into out: inout [UInt8]) {
        func fine(_ v: Double) -> Double { (v * 100_000).rounded() / 100_000 }
        if let pressure = pen.pressure { key("pressure", double: fine(pressure), into: &out) }
        if let x = pen.tiltX, let y = pen.tiltY {
            openKey("tilt", into: &out)
            out.append(UInt8(ascii: "["))
            encodeDouble(fine(x), into: &out)
            out.append(UInt8(ascii: ","))
            encodeDouble(fine(y), into: &out)
            out.append(UInt8(ascii: "]"))
        }
        if let distance = pen.distance { key("distance", double: fine(distance), into: &out) }
        if !pen.buttons.isEmpty {
            openKey("buttons", into: &out)
            encodeArray(pen.buttons, into: &out) { encodeInt(Int($0), into: &$1) }
        }
    }

    /// The line for one of the session's events other than frame and responder lines,
    /// which `encode(_:seat:into:)` writes itself and never hands here.
    private init(_ event: TouchSessionEvent) {
        switch event {
        case .scene(let name):
            self.init(["type": .string("scene"), "name": .string(name)])
        case .frame:
            preconditionFailure("frame lines are written by JSONObject.encode(_:seat:into:)")
        case .hit(let touch, let view, let visited, let ignored):
            self.init(["type": .string("hit"), "id": .int(Int(touch.id)),
                       "view": view.map { .string($0) } ?? .null,
                       "visited": .array(visited.map { .string($0) })])
            if ignored { append("ignored", .bool(true)) }
        case .responder:
            preconditionFailure("responder lines are written by JSONObject.encode(_:seat:into:)")
        case .placard(let placard):
            // Hundredths of a pixel are plenty for a placard.
            func rounded(_ v: Double) -> Value { .double((v * 100).rounded() / 100) }
            self.init(["type": .string("placard"), "x": rounded(placard.center.x),
                       "y": rounded(placard.center.y), "text": .string(placard.text),
                       "state": .string(placard.phase.rawValue)])
        case .label(let slot, let text):
            self.init(["type": .string("label"), "text": .string(text), "slot": .string(slot)])
        case .gesture(let gesture):
            switch gesture {
            case .tap(let count):
                self.init(["type": .string("gesture"), "name": .string("tap"), "count": .int(count)])
            case .swipe(let axis, let fingers):
                self.init(["type": .string("gesture"), "name": .string("swipe"),
                           "direction": .string(axis.rawValue), "fingers": .int(fingers)])
            case .pinch(let direction):
                self.init(["type": .string("gesture"), "name": .string("pinch"),
                           "direction": .string(direction.rawValue)])
            case .checkmark:
                self.init(["type": .string("gesture"), "name": .string("checkmark")])
            case .longPress(let fingers):
                self.init(["type": .string("gesture"), "name": .string("longpress"), "fingers": .int(fingers)])
            case .rotation(let direction, let degrees):
                self.init(["type": .string("gesture"), "name": .string("rotation"),
                           "direction": .string(direction.rawValue), "degrees": .int(degrees)])
            case .edgeSwipe(let edge, let fingers):
                self.init(["type": .string("gesture"), "name": .string("edgeswipe"),
                           "edge": .string(edge.rawValue), "fingers": .int(fingers)])
            }
        case .warning(let message, let kind):
            self = .warning(message, kind: kind.rawValue)
        case .readout(let r):
            func tenths(_ v: Double) -> Value { .double((v * 10).rounded() / 10) }
            let fingers: [Value] = r.fingers.map { f in
                var entry = JSONObject(["id": .int(Int(f.id)), "x": .double(f.location.x), "y": .double(f.location.y),
                                        "dx": .double(f.dx), "dy": .double(f.dy),
                                        "velocity": f.velocity.map(tenths) ?? .null,
                                        "reportRate": f.reportRate.map { .double(($0 * 100).rounded() / 100) } ?? .null])
                if f.source != .touchscreen { entry.append("source", .string(f.source.rawValue)) }
                if let p = f.pressure { entry.append("pressure", .double((p * 100_000).rounded() / 100_000)) }
                if let m = f.major { entry.append("major", .double(m)) }
                if let m = f.minor { entry.append("minor", .double(m)) }
                if let o = f.orientation { entry.append("orientation", .double(o)) }
                return .object(entry)
            }
            self.init(["type": .string("readout"), "touches": .int(r.touches), "maxTouches": .int(r.maxTouches),
                       "framesPerSecond": .double(r.framesPerSecond), "eventsPerFrame": tenths(r.eventsPerFrame),
                       "shapeSeen": .bool(r.shapeSeen), "fingers": .array(fingers)])
        }
    }

    static func configure(_ configuration: Toplevel.Configuration, size: Size) -> JSONObject {
        JSONObject(["type": .string("configure"), "width": .double(size.width), "height": .double(size.height),
                    "fullscreen": .bool(configuration.isFullscreen), "maximized": .bool(configuration.isMaximized)])
    }

    /// A commit that drew touches reached the screen (or was discarded).
    static func presented(_ report: LatencyMeter.Report) -> JSONObject {
        // Microseconds are plenty.
        func ms(_ value: Double?) -> Value { value.map { .double(($0 * 1000).rounded() / 1000) } ?? .null }
        var object = JSONObject(["type": .string("presented"), "commit": .int(report.commit),
                                 "touchToCommitMs": ms(report.touchToCommit)])
        if report.discarded {
            object.append("discarded", .bool(true))
        } else {
            object.append("touchToPresentMs", ms(report.touchToPresent))
            object.append("refreshMs", ms(report.refresh))
        }
        object.append("waitedForFrame", .bool(report.waitedForFrame))
        return object
    }

    /// `kind` names what went wrong (docs/event-log.md lists them).
    static func warning(_ message: String, kind: String) -> JSONObject {
        JSONObject(["type": .string("warning"), "message": .string(message), "kind": .string(kind)])
    }
}
