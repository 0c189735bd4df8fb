/// One event a client received, read from libwayland's `WAYLAND_DEBUG=client` trace:
/// what a conformance run judges. The trace is libwayland's own account of the wire,
/// written before any of touchspots' code sees the event, so what touchspots makes of
/// it cannot colour the verdict.
///
/// libwayland 1.21 writes an event as
/// `[ 849849.250] wl_touch@13.down(5, 185134, wl_surface@3, 1, 300.00000000, 300.00000000)`
/// and a request with `->` before the message.
public struct ReceivedEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case down(serial: UInt32, time: UInt32, surface: String, id: Int32, x: Double, y: Double)
        case up(serial: UInt32, time: UInt32, id: Int32)
        case motion(time: UInt32, id: Int32, x: Double, y: Double)
        case frame
        case cancel
        case shape(id: Int32)
        case orientation(id: Int32)
        /// zwp_input_timestamps_v1.timestamp, in nanoseconds.
        case timestamp(nanoseconds: UInt64)
        /// wl_seat.capabilities' bit mask.
        case capabilities(UInt32)
        /// A zwp_tablet_tool_v2 event by name: proximity_in, down, motion, frame, ...
        case tool(String)
    }

    public var kind: Kind
    /// The wl_touch (or timestamps, or seat) object that received it, e.g. `wl_touch@13`.
    public var object: String
    /// The trace's line, kept as evidence.
    public var line: String

    public init(kind: Kind, object: String, line: String) {
        self.kind = kind
        self.object = object
        self.line = line
    }

    /// The touch id the event names, if any.
    public var touchID: Int32? {
        switch kind {
        case .down(_, _, _, let id, _, _), .up(_, _, let id), .motion(_, let id, _, _), .shape(let id), .orientation(let id): id
        default: nil
        }
    }

    /// The millisecond time the event carries, if any.
    public var time: UInt32? {
        switch kind {
        case .down(_, let time, _, _, _, _), .up(_, let time, _), .motion(let time, _, _, _): time
        default: nil
        }
    }

    /// Reads one trace line; nil for every line that is not a touch, timestamp, seat
    /// capability or tablet tool event (requests, other interfaces, the client's output).
    public init?(traceLine line: Substring) {
        guard !line.contains("-> "), let close = line.firstIndex(of: "]") else { return nil }
        let message = line[line.index(after: close)...].drop { $0 == " " }
        guard let dot = message.firstIndex(of: "."), let open = message.firstIndex(of: "("),
              dot < open, message.last == ")" else { return nil }
        let object = String(message[..<dot])
        let name = message[message.index(after: dot)..<open]
        let arguments = message[message.index(after: open)..<message.index(before: message.endIndex)]
            .split(separator: ",").map { $0.trimmingSpaces }
        let kind: Kind
        if object.hasPrefix("wl_touch@") {
            switch (name, arguments.count) {
            case ("down", 6):
                guard let serial = UInt32(arguments[0]), let time = UInt32(arguments[1]), let id = Int32(arguments[3]),
                      let x = Double(arguments[4]), let y = Double(arguments[5]) else { return nil }
                kind = .down(serial: serial, time: time, surface: String(arguments[2]), id: id, x: x, y: y)
            case ("up", 3):
                guard let serial = UInt32(arguments[0]), let time = UInt32(arguments[1]), let id = Int32(arguments[2]) else { return nil }
                kind = .up(serial: serial, time: time, id: id)
            case ("motion", 4):
                guard let time = UInt32(arguments[0]), let id = Int32(arguments[1]),
                      let x = Double(arguments[2]), let y = Double(arguments[3]) else { return nil }
                kind = .motion(time: time, id: id, x: x, y: y)
            case ("frame", 0): kind = .frame
            case ("cancel", 0): kind = .cancel
            case ("shape", 3):
                guard let id = Int32(arguments[0]) else { return nil }
                kind = .shape(id: id)
            case ("orientation", 2):
                guard let id = Int32(arguments[0]) else { return nil }
                kind = .orientation(id: id)
            default: return nil
            }
        } else if object.hasPrefix("zwp_input_timestamps_v1@"), name == "timestamp", arguments.count == 3 {
            guard let high = UInt64(arguments[0]), let low = UInt64(arguments[1]), let nanoseconds = UInt64(arguments[2]),
                  high < 1 << 32, low < 1 << 32 else { return nil }
            let seconds = high << 32 | low
            // Seconds beyond some 584 years in nanoseconds would overflow: not a clock.
            guard seconds < UInt64.max / 1_000_000_000 - 1 else { return nil }
            kind = .timestamp(nanoseconds: seconds * 1_000_000_000 + nanoseconds)
        } else if object.hasPrefix("wl_seat@"), name == "capabilities", arguments.count == 1, let mask = UInt32(arguments[0]) {
            kind = .capabilities(mask)
        } else if object.hasPrefix("zwp_tablet_tool_v2@"), !name.isEmpty, name.count <= 32,
                  name.allSatisfy({ $0.isLetter || $0 == "_" }) {
            kind = .tool(String(name))
        } else {
            return nil
        }
        self.init(kind: kind, object: object, line: String(line))
    }

    /// Every event of a trace, in order: the wl_touch events of the first wl_touch object
    /// that received one (libdecor's frame may bind a wl_touch of its own, which gets the
    /// same events; after the seat loses and regains touch the client binds a new one,
    /// which is not followed), the timestamps subscribed for that object, the seat's
    /// capabilities and tablet tool events.
    public static func parse(trace: String) -> [ReceivedEvent] {
        var subscribedFor: [String: String] = [:]  // timestamps object -> its wl_touch
        var all: [ReceivedEvent] = []
        for line in trace.split(separator: "\n", omittingEmptySubsequences: true) {
            // `-> zwp_input_timestamps_manager_v1@11.get_touch_timestamps(new id zwp_input_timestamps_v1@14, wl_touch@13)`
            if line.contains("-> "), line.contains(".get_touch_timestamps(") {
                let words = line.split(separator: " ")
                if let new = words.first(where: { $0.hasPrefix("zwp_input_timestamps_v1@") }),
                   let touch = words.last, touch.hasPrefix("wl_touch@") {
                    subscribedFor[String(new.filter { $0 != "," })] = String(touch.dropLast())
                }
                continue
            }
            if let event = ReceivedEvent(traceLine: line) { all.append(event) }
        }
        let touchObject = all.first { $0.object.hasPrefix("wl_touch@") }?.object
        return all.filter { event in
            if event.object.hasPrefix("wl_touch@") { return event.object == touchObject }
            if case .timestamp = event.kind { return touchObject != nil && subscribedFor[event.object] == touchObject }
            return true
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var trimmed = drop { $0 == " " }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
