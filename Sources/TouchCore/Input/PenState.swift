/// What a tablet tool reports beyond its position (zwp_tablet_tool_v2's axes and
/// buttons). An axis stays nil until the compositor sends it once, so a log line carries
/// only what the device really has.
public struct PenState: Hashable, Sendable {
    /// 0...1, from the protocol's 0...65535 (out-of-range values are clamped, with a warning).
    public var pressure: Double?
    /// Degrees from the tablet's z axis; positive when the top of the pen leans toward +x
    /// (right) or +y (down), as the protocol defines them.
    public var tiltX: Double?
    public var tiltY: Double?
    /// 0...1, from 0...65535: how far the tip hovers above the tablet.
    public var distance: Double?
    /// The tool's buttons held down (Linux BTN_* codes), in the order they were pressed.
    public var buttons = PenButtons()

    public init(pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil,
                distance: Double? = nil, buttons: PenButtons = []) {
        self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY
        self.distance = distance; self.buttons = buttons
    }
}

/// A tablet tool that is near the tablet but not touching it, in one frame.
public struct PenHover: Sendable, Equatable {
    public enum Phase: String, Sendable, CaseIterable {
        /// In proximity with the tip up.
        case hover
        /// Left proximity: nothing of it is shown any more.
        case out
    }

    /// The tool's id, as its touches carry (negative, below the mouse's -1 and -2).
    public var id: Int32
    /// `.pen` or `.eraser`.
    public var source: TouchSource
    public var phase: Phase
    /// Logical surface coordinates.
    public var location: Point
    public var state: PenState

    public init(id: Int32, source: TouchSource, phase: Phase, location: Point, state: PenState) {
        self.id = id; self.source = source; self.phase = phase; self.location = location
        self.state = state
    }
}
