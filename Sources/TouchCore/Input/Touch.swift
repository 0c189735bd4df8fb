/// The phase of one touch within a frame, as UIKit names them.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// Where a touch came from: the touchscreen, the mouse standing in for a finger, or a
/// tablet tool's tip (zwp_tablet_tool_v2): a pen, or a pen's eraser end.
public enum TouchSource: String, Sendable, CaseIterable {
    case touchscreen, pointer, pen, eraser

    /// A tablet tool rather than a finger: never one of a multi-finger gesture's fingers.
    public var isPen: Bool { self == .pen || self == .eraser }
}

/// One finger over its whole life, from began to ended or cancelled.
///
/// A compositor's touch id is unique only while the touch is down (ids are reused after
/// up, and two seats may use the same ids at once), so everything that follows a finger
/// (views' bindings, spots, gesture and tap state) keys on this instead. The session
/// hands them out in order, so a later finger has a larger one.
public struct FingerID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = value }
    public static func < (a: FingerID, b: FingerID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "finger \(rawValue)" }
}

/// One source of touches: a wl_touch (so one seat's touchscreen), or the mouse. Frames are
/// assembled per device, so touches of two seats never share an id space.
public struct DeviceID: Hashable, Sendable {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// One finger's state as delivered in a frame.
public struct Touch: Hashable, Sendable {
    /// The compositor's touch id (the mouse's fingers are -1 and -2), as logged.
    public var id: Int32
    /// Who this finger is over its whole life; what the core keys on.
    public var finger: FingerID
    public var phase: TouchPhase
    /// Logical surface coordinates; may be negative or beyond the surface.
    public var location: Point
    /// Where this touch was in the previous frame that carried it (its first location at began).
    public var previousLocation: Point
    /// Compositor timestamp in milliseconds.
    public var time: UInt32
    /// The same moment in nanoseconds, when the compositor offers zwp_input_timestamps_v1
    /// (weston does): the readouts' report rate and velocity prefer it.
    public var timeNanoseconds: UInt64?
    /// Contact ellipse from wl_touch.shape (seat v6+), when a compositor sends it.
    public var major: Double?
    public var minor: Double?
    /// From wl_touch.orientation, in degrees.
    public var orientation: Double?
    /// As UIKit's tapCount: 2 for the second of two quick taps in one place. The session
    /// sets it from its one tap counter before any view sees the touch.
    public var tapCount = 1
    public var source = TouchSource.touchscreen
    /// A pen's axes (pressure, tilt, distance, buttons); nil for fingers.
    public var pen: PenState?

    public init(id: Int32, finger: FingerID, phase: TouchPhase, location: Point,
                previousLocation: Point? = nil, time: UInt32,
                major: Double? = nil, minor: Double? = nil, orientation: Double? = nil) {
        self.id = id; self.finger = finger; self.phase = phase; self.location = location
        self.previousLocation = previousLocation ?? location; self.time = time
        self.major = major; self.minor = minor; self.orientation = orientation
    }
}

/// Everything one device reported between two wl_touch.frame events (or an equivalent
/// flush). An id may appear twice: began then ended when a finger went down and up inside
/// one frame, or cancelled then began when a compositor reused an id that was still active.
public struct TouchFrame: Equatable, Sendable {
    public var time: UInt32
    public var touches: [Touch]
    /// Every touch of this device still active after this frame, as UIKit's event.allTouches.
    public var activeTouches: [Touch]
    /// The device the frame came from.
    public var device: DeviceID
    /// Tablet tools in proximity with the tip up, or leaving proximity, in this frame: no
    /// view is given these (a hovering pen touches nothing), but they are logged and drawn.
    public var hovers: [PenHover]

    /// The frame's moment in nanoseconds where the compositor sent it (its first touch's:
    /// one frame is one report of the panel, so its touches share it).
    public var timeNanoseconds: UInt64? { touches.first?.timeNanoseconds }

    /// Whether a finger, pen or mouse button lifts (or is cancelled) in this frame.
    public var lifts: Bool { touches.contains { $0.phase == .ended || $0.phase == .cancelled } }

    public init(time: UInt32, touches: [Touch], activeTouches: [Touch],
                device: DeviceID = DeviceID(0), hovers: [PenHover] = []) {
        self.time = time; self.touches = touches; self.activeTouches = activeTouches
        self.device = device; self.hovers = hovers
    }
}

/// Hands out FingerIDs in order. One per `TouchSession`, shared by every device, so a FingerID
/// names one finger whatever device it came from.
public final class FingerIDSource {
    private var next = 0
    public init() {}
    public func make() -> FingerID {
        defer { next += 1 }
        return FingerID(next)
    }
}
