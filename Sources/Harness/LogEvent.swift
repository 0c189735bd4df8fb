import Foundation

/// One line of touchspots' event log, typed (docs/event-log.md). Reading the log through
/// this, rather than as dictionaries, means a test that misspells a key or expects the
/// wrong type does not compile, and a line the client should never write fails to parse.
public enum LogEvent: Equatable, Sendable {
    case scene(name: String)
    case ready(width: Double, height: Double, scale: Double)
    case configure(width: Double, height: Double, fullscreen: Bool, maximized: Bool)
    case seat(name: String?, touch: Bool, pointer: Bool, keyboard: Bool)
    case frame(LogFrame)
    case hit(LogHit)
    case responder(LogResponder)
    case gesture(LogGesture)
    case label(text: String, slot: String)
    case placard(LogPlacard)
    case warning(message: String, kind: String?)
    case sync(count: Int)
    case presented(LogPresented)
    case readout(LogReadout)

    /// The line's `type`.
    public var type: String {
        switch self {
        case .scene: "scene"
        case .ready: "ready"
        case .configure: "configure"
        case .seat: "seat"
        case .frame: "frame"
        case .hit: "hit"
        case .responder: "responder"
        case .gesture: "gesture"
        case .label: "label"
        case .placard: "placard"
        case .warning: "warning"
        case .sync: "sync"
        case .presented: "presented"
        case .readout: "readout"
        }
    }

    public var frame: LogFrame? { if case .frame(let f) = self { f } else { nil } }
    public var hit: LogHit? { if case .hit(let h) = self { h } else { nil } }
    public var responder: LogResponder? { if case .responder(let r) = self { r } else { nil } }
    public var gesture: LogGesture? { if case .gesture(let g) = self { g } else { nil } }
    public var placard: LogPlacard? { if case .placard(let p) = self { p } else { nil } }
    public var warning: String? { if case .warning(let m, _) = self { m } else { nil } }
    /// A warning's `kind` (docs/event-log.md).
    public var warningKind: String? { if case .warning(_, let k) = self { k } else { nil } }
    public var label: (text: String, slot: String)? {
        if case .label(let text, let slot) = self { (text, slot) } else { nil }
    }
    public var presented: LogPresented? { if case .presented(let p) = self { p } else { nil } }
    public var readout: LogReadout? { if case .readout(let r) = self { r } else { nil } }
    public var sceneName: String? { if case .scene(let name) = self { name } else { nil } }
    public var syncCount: Int? { if case .sync(let count) = self { count } else { nil } }
    public var configure: (width: Double, height: Double, fullscreen: Bool, maximized: Bool)? {
        if case .configure(let w, let h, let f, let m) = self { (w, h, f, m) } else { nil }
    }
    public var ready: (width: Double, height: Double, scale: Double)? {
        if case .ready(let w, let h, let s) = self { (w, h, s) } else { nil }
    }
    public var seat: (name: String?, touch: Bool, pointer: Bool, keyboard: Bool)? {
        if case .seat(let n, let t, let p, let k) = self { (n, t, p, k) } else { nil }
    }
}

/// A `frame` line.
public struct LogFrame: Equatable, Sendable, Decodable {
    public let time: Int
    public let spots: Int
    public let touches: [LogTouch]

    /// The entry of touch `id`, if the frame has one.
    public func touch(_ id: Int) -> LogTouch? { touches.first { $0.id == id } }
    /// "ID PHASE" for each entry, for comparing sequences.
    public var phases: [String] { touches.map { "\($0.id) \($0.phase)" } }
}

/// A `readout` line: the instrument panel's numbers.
public struct LogReadout: Equatable, Sendable, Decodable {
    public let touches: Int
    public let maxTouches: Int
    public let framesPerSecond: Double
    public let eventsPerFrame: Double
    public let shapeSeen: Bool
    public let fingers: [Finger]

    public struct Finger: Equatable, Sendable, Decodable {
        public let id: Int
        public let x: Double, y: Double, dx: Double, dy: Double
        public let velocity: Double?
        public let reportRate: Double?
        public let source: String?
        public let pressure: Double?
    }
}

/// One entry of a frame.
public struct LogTouch: Equatable, Sendable, Decodable {
    public let id: Int
    public let phase: String
    public let x: Double
    public let y: Double
    /// "pointer" for the mouse's fingers, "pen" or "eraser" for a tablet tool.
    public let source: String?
    /// Present when several seats can touch.
    public let seat: String?
    /// A pen's axes, when the compositor sent them: pressure and distance 0...1, tilt
    /// [x, y] in degrees, buttons as Linux BTN_* codes.
    public let pressure: Double?
    public let tilt: [Double]?
    public let distance: Double?
    public let buttons: [Int]?
    /// The contact ellipse (wl_touch.shape, surface px) and its orientation (degrees).
    public let major: Double?
    public let minor: Double?
    public let orientation: Double?
}

public struct LogHit: Equatable, Sendable, Decodable {
    public let id: Int
    public let view: String?
    public let visited: [String]
    public let ignored: Bool?
    public var isIgnored: Bool { ignored ?? false }
}

public struct LogResponder: Equatable, Sendable, Decodable {
    public let id: Int
    public let phase: String
    public let chain: [String]
    public let handledBy: String?
}

public struct LogGesture: Equatable, Sendable, Decodable {
    public let name: String
    public let count: Int?
    public let direction: String?
    public let fingers: Int?
    /// Edge swipes: where they started.
    public let edge: String?
    /// Rotations: the total turn.
    public let degrees: Int?
}

/// A `presented` line: a commit that drew touches reached the screen, or was discarded.
public struct LogPresented: Equatable, Sendable, Decodable {
    public let commit: Int
    public let touchToCommitMs: Double
    public let touchToPresentMs: Double?
    public let refreshMs: Double?
    public let discarded: Bool?
    /// A frame callback was pending when the touch was read.
    public let waitedForFrame: Bool?
}

public struct LogPlacard: Equatable, Sendable, Decodable {
    public let x: Double
    public let y: Double
    public let text: String
    public let state: String
}

extension LogEvent: Decodable {
    private enum Key: String, CodingKey {
        case type, name, width, height, scale, fullscreen, maximized, touch, pointer, keyboard
        case text, slot, message, count, kind
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "scene": self = .scene(name: try c.decode(String.self, forKey: .name))
        case "ready":
            self = .ready(width: try c.decode(Double.self, forKey: .width),
                          height: try c.decode(Double.self, forKey: .height),
                          scale: try c.decode(Double.self, forKey: .scale))
        case "configure":
            self = .configure(width: try c.decode(Double.self, forKey: .width),
                              height: try c.decode(Double.self, forKey: .height),
                              fullscreen: try c.decode(Bool.self, forKey: .fullscreen),
                              maximized: try c.decode(Bool.self, forKey: .maximized))
        case "seat":
            self = .seat(name: try c.decodeIfPresent(String.self, forKey: .name),
                         touch: try c.decode(Bool.self, forKey: .touch),
                         pointer: try c.decode(Bool.self, forKey: .pointer),
                         keyboard: try c.decode(Bool.self, forKey: .keyboard))
        case "frame": self = .frame(try LogFrame(from: decoder))
        case "hit": self = .hit(try LogHit(from: decoder))
        case "responder": self = .responder(try LogResponder(from: decoder))
        case "gesture": self = .gesture(try LogGesture(from: decoder))
        case "label":
            self = .label(text: try c.decode(String.self, forKey: .text), slot: try c.decode(String.self, forKey: .slot))
        case "placard": self = .placard(try LogPlacard(from: decoder))
        case "warning":
            self = .warning(message: try c.decode(String.self, forKey: .message),
                            kind: try c.decodeIfPresent(String.self, forKey: .kind))
        case "sync": self = .sync(count: try c.decode(Int.self, forKey: .count))
        case "presented": self = .presented(try LogPresented(from: decoder))
        case "readout": self = .readout(try LogReadout(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown type '\(type)'")
        }
    }
}
