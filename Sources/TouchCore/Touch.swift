/// The phase of one touch within a frame, as UIKit names them.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// Where a touch came from: the touchscreen, or the mouse standing in for a finger.
public enum TouchSource: String, Sendable {
    case touchscreen, pointer
}

/// Hands out `Touch.sequence` numbers. Every source of touches shares one, so that a
/// sequence names one finger whatever device it came from.
public final class TouchSequencer {
    private var next = 0
    public init() {}
    public func take() -> Int {
        defer { next += 1 }
        return next
    }
}

/// One finger's state as delivered in a frame. `id` is the compositor's touch id, which
/// is only unique while the touch is active (ids are reused after up), so the pair
/// (id, sequence) is what identifies a finger over its whole life.
public struct Touch: Hashable, Sendable {
    public var id: Int32
    /// Grows by one for every touch that begins; lets consumers tell a reused id apart.
    public var sequence: Int
    public var phase: TouchPhase
    /// Logical surface coordinates; may be negative or beyond the surface.
    public var location: Point
    /// Where this touch was in the previous frame that carried it (its first location at began).
    public var previousLocation: Point
    /// Compositor timestamp in milliseconds.
    public var time: UInt32
    /// Contact ellipse from wl_touch.shape (seat v6+), when a compositor sends it.
    public var major: Double?
    public var minor: Double?
    /// From wl_touch.orientation, in degrees.
    public var orientation: Double?
    /// As UIKit's tapCount: 2 for the second of two quick taps in one place. Set by the
    /// window when it delivers the touch.
    public var tapCount = 1
    public var source = TouchSource.touchscreen

    public init(id: Int32, sequence: Int, phase: TouchPhase, location: Point,
                previousLocation: Point? = nil, time: UInt32,
                major: Double? = nil, minor: Double? = nil, orientation: Double? = nil) {
        self.id = id; self.sequence = sequence; self.phase = phase; self.location = location
        self.previousLocation = previousLocation ?? location; self.time = time
        self.major = major; self.minor = minor; self.orientation = orientation
    }
}

/// Everything that happened between two wl_touch.frame events (or an equivalent flush).
/// An id may appear twice: began then ended when a finger went down and up inside one
/// frame, or cancelled then began when a compositor reused an id that was still active.
public struct TouchFrame: Sendable {
    public var time: UInt32
    public var touches: [Touch]
    /// Every touch still active after this frame, by id, as UIKit's event.allTouches.
    public var activeTouches: [Touch]

    public init(time: UInt32, touches: [Touch], activeTouches: [Touch]) {
        self.time = time; self.touches = touches; self.activeTouches = activeTouches
    }
}
