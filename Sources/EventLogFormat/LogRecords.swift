import TouchCore

/// The payloads of the event log's richer lines (docs/event-log.md), as the reader gets
/// them back. Fields that a line may leave out are optional; none is ever written as
/// `null` except where the docs say so (`hit.view`, `responder.handledBy`, the latencies
/// and rates that are not known yet).

/// A `frame` line: what one `wl_touch.frame` (or a pen or pointer frame) delivered.
public struct LogFrame: Equatable, Sendable {
    /// The compositor's timestamp, ms.
    public var time: Int
    /// The same moment in nanoseconds (CLOCK_MONOTONIC), where the compositor offers
    /// zwp_input_timestamps_v1 (weston): a qualify run judges report rates on it, and an
    /// offline judge must see the times the live one saw.
    public var timeNs: Int?
    /// Spot views alive after the frame.
    public var spots: Int
    /// Touches first, then hovering pens.
    public var touches: [LogTouch]

    public init(time: Int, timeNs: Int? = nil, spots: Int, touches: [LogTouch]) {
        self.time = time; self.timeNs = timeNs; self.spots = spots; self.touches = touches
    }

    /// The entry of touch `id`, if the frame has one.
    public func touch(_ id: Int) -> LogTouch? { touches.first { $0.id == id } }
    /// "ID PHASE" for each entry, for comparing sequences.
    public var phases: [String] { touches.map { "\($0.id) \($0.phase.rawValue)" } }
}

/// One entry of a frame: a touch, or a pen hovering or leaving.
public struct LogTouch: Equatable, Sendable {
    /// The `phase` key: the core's own phases, a touch's (`TouchPhase`) or a hovering
    /// pen's (`PenHover.Phase`); the log writes their raw values, which never overlap.
    /// Readers match `.began`, `.hover` and the rest, never the strings.
    public enum Phase: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        case touch(TouchPhase)
        case pen(PenHover.Phase)

        public static let began = Phase.touch(.began)
        public static let moved = Phase.touch(.moved)
        public static let ended = Phase.touch(.ended)
        public static let cancelled = Phase.touch(.cancelled)
        public static let hover = Phase.pen(.hover)
        public static let out = Phase.pen(.out)

        public init?(rawValue: String) {
            if let phase = TouchPhase(rawValue: rawValue) { self = .touch(phase) }
            else if let phase = PenHover.Phase(rawValue: rawValue) { self = .pen(phase) }
            else { return nil }
        }

        public var rawValue: String {
            switch self {
            case .touch(let phase): phase.rawValue
            case .pen(let phase): phase.rawValue
            }
        }

        /// The log's word, so that an interpolated phase reads as the log does.
        public var description: String { rawValue }

        /// A finger's (or pen tip's) phase, nil for a hovering pen.
        public var touchPhase: TouchPhase? {
            if case .touch(let phase) = self { phase } else { nil }
        }
    }

    public var id: Int
    /// A touch's phase, or a hovering pen's.
    public var phase: Phase
    public var x: Double
    public var y: Double
    /// `.pointer` for the mouse's fingers, `.pen` or `.eraser` for a tablet tool; absent
    /// (nil, never `.touchscreen`) for the touchscreen.
    public var source: TouchSource?
    /// A pen's axes, when the compositor sent them: pressure and distance 0...1, tilt
    /// [x, y] in degrees, buttons as Linux BTN_* codes.
    public var pressure: Double?
    public var tilt: [Double]?
    public var distance: Double?
    public var buttons: [Int]?
    /// The contact ellipse (wl_touch.shape, surface px) and its orientation (degrees).
    public var major: Double?
    public var minor: Double?
    public var orientation: Double?
    /// Present when several seats can touch.
    public var seat: String?

    public init(id: Int, phase: Phase, x: Double, y: Double, source: TouchSource? = nil,
                pressure: Double? = nil, tilt: [Double]? = nil, distance: Double? = nil, buttons: [Int]? = nil,
                major: Double? = nil, minor: Double? = nil, orientation: Double? = nil, seat: String? = nil) {
        self.id = id; self.phase = phase; self.x = x; self.y = y; self.source = source
        self.pressure = pressure; self.tilt = tilt; self.distance = distance; self.buttons = buttons
        self.major = major; self.minor = minor; self.orientation = orientation; self.seat = seat
    }
}

/// A `presented` line: a commit that drew touches reached the screen, or was discarded.
public struct LogPresented: Equatable, Sendable {
    public var commit: Int
    public var touchToCommitMs: Double
    /// Absent when discarded; null when the compositor gave no usable time.
    public var touchToPresentMs: Double?
    public var refreshMs: Double?
    /// Written only when true.
    public var discarded: Bool?
    /// A frame callback was pending when the touch was read.
    public var waitedForFrame: Bool?
    /// From the oldest touch's own timestamp to touchspots reading it; absent where no
    /// clock fits the touch's time.
    public var inputToReadMs: Double?

    public init(commit: Int, touchToCommitMs: Double, touchToPresentMs: Double? = nil, refreshMs: Double? = nil,
                discarded: Bool? = nil, waitedForFrame: Bool? = nil, inputToReadMs: Double? = nil) {
        self.commit = commit; self.touchToCommitMs = touchToCommitMs; self.touchToPresentMs = touchToPresentMs
        self.refreshMs = refreshMs; self.discarded = discarded; self.waitedForFrame = waitedForFrame
        self.inputToReadMs = inputToReadMs
    }
}

/// An `output` line: an output described itself or changed (wl_output's geometry, current
/// mode, transform and scale): what turns pixels into millimetres (docs/qualify.md).
public struct LogOutput: Equatable, Sendable {
    public var name: String?
    /// Millimetres; 0 where the output does not know (headless compositors).
    public var physicalWidth: Int
    public var physicalHeight: Int
    /// The current mode, pixels.
    public var width: Int
    public var height: Int
    public var refreshMillihertz: Int
    public var transform: Transform
    public var scale: Int

    /// wl_output's transform, named as the line writes it. Codable (the standard
    /// library's): the qualify report's JSON writes it as the log does.
    public enum Transform: String, CaseIterable, Codable, Sendable {
        case normal
        case rotated90 = "90", rotated180 = "180", rotated270 = "270"
        case flipped
        case flipped90 = "flipped-90", flipped180 = "flipped-180", flipped270 = "flipped-270"

        /// wl_output.transform's value (0 normal ... 7 flipped-270, the cases' order);
        /// nil for a value the protocol does not have.
        public init?(wlOutput value: Int32) {
            guard Self.allCases.indices.contains(Int(value)) else { return nil }
            self = Self.allCases[Int(value)]
        }
    }

    public init(name: String?, physicalWidth: Int, physicalHeight: Int, width: Int, height: Int, refreshMillihertz: Int,
                transform: Transform, scale: Int) {
        self.name = name; self.physicalWidth = physicalWidth; self.physicalHeight = physicalHeight
        self.width = width; self.height = height; self.refreshMillihertz = refreshMillihertz
        self.transform = transform; self.scale = scale
    }
}
