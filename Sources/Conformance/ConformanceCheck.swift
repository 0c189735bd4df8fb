/// The checks a conformance run holds a compositor to (docs/conformance.md): each with a
/// stable id, the protocol element it is about and the sentence of the protocol's XML it
/// holds the compositor to, quoted word for word from `protocols/` (a test compares each
/// with the file). No compositor is the reference: the protocol is.
///
/// The ids are a contract (the JSON's `id`, the JUnit test names, `--compare`): a check
/// may be added, never renamed.
public enum ConformanceCheck: String, CaseIterable, Codable, Sendable {
    case seatHasTouch = "seat-has-touch"
    case frameAfterEachGroup = "frame-after-each-group"
    case frameAfterLastUp = "frame-after-last-up"
    case groupInOneFrame = "group-in-one-frame"
    case idsUniqueWhileActive = "ids-unique-while-active"
    case nothingAfterUp = "nothing-after-up"
    case downSurfaceLocal = "down-surface-local"
    case downSurfaceLocalScale2 = "down-surface-local-scale-2"
    case downSurfaceLocalWindowed = "down-surface-local-windowed"
    case downSurfaceLocalRotated = "down-surface-local-rotated"
    case downOnSubsurface = "down-on-subsurface"
    case implicitGrab = "implicit-grab"
    case surfaceDestroyedEndsTouch = "surface-destroyed-ends-touch"
    case surfaceUnmappedEndsTouch = "surface-unmapped-ends-touch"
    case cancelEndsEveryTouch = "cancel-ends-every-touch"
    case serialsIncrease = "serials-increase"
    case timesNeverGoBack = "times-never-go-back"
    case timestampsAgree = "timestamps-agree"
    case touchCapabilityRemoved = "touch-capability-removed"
    case shapeAndOrientationInFrame = "shape-and-orientation-in-frame"
    case tabletProximityDownFrame = "tablet-proximity-down-frame"

    /// The protocol element the check is about.
    public var element: String {
        switch self {
        case .seatHasTouch: "wl_seat.capabilities"
        case .frameAfterEachGroup, .frameAfterLastUp, .groupInOneFrame: "wl_touch.frame"
        case .idsUniqueWhileActive, .downSurfaceLocal, .downSurfaceLocalScale2, .downSurfaceLocalWindowed,
             .downSurfaceLocalRotated, .downOnSubsurface: "wl_touch.down"
        case .nothingAfterUp, .surfaceDestroyedEndsTouch, .surfaceUnmappedEndsTouch: "wl_touch.up"
        case .implicitGrab: "wl_touch"
        case .cancelEndsEveryTouch: "wl_touch.cancel"
        case .serialsIncrease: "wl_touch.down serial"
        case .timesNeverGoBack: "wl_touch time"
        case .timestampsAgree: "zwp_input_timestamps_v1.timestamp"
        case .touchCapabilityRemoved: "wl_seat.capabilities"
        case .shapeAndOrientationInFrame: "wl_touch.shape"
        case .tabletProximityDownFrame: "zwp_tablet_tool_v2.down"
        }
    }

    /// The protocol file the sentence is quoted from, under `protocols/`.
    public var source: String {
        switch self {
        case .timestampsAgree: "input-timestamps-unstable-v1.xml"
        case .tabletProximityDownFrame: "tablet-unstable-v2.xml"
        default: "quoted/wayland.xml"
        }
    }

    /// The words of the protocol the check holds the compositor to, as the XML has them
    /// (white space folded to single spaces).
    public var sentence: String {
        switch self {
        case .seatHasTouch:
            "This is emitted whenever a seat gains or loses the pointer, keyboard or touch capabilities."
        case .frameAfterEachGroup, .frameAfterLastUp:
            "Indicates the end of a set of events that logically belong together. A client is expected to accumulate the data in all events within the frame before proceeding."
        case .groupInOneFrame:
            "A wl_touch.frame terminates at least one event but otherwise no guarantee is provided about the set of events within a frame."
        case .idsUniqueWhileActive:
            "This touch point is assigned a unique ID."
        case .nothingAfterUp:
            "No further events will be sent for this touch point and the touch point's ID is released and may be reused in a future touch down event."
        case .downSurfaceLocal, .downSurfaceLocalScale2, .downSurfaceLocalWindowed, .downSurfaceLocalRotated:
            "surface-local x coordinate"
        case .downOnSubsurface:
            "The initial value for an input region is infinite. That means the whole surface will accept input."
        case .implicitGrab, .surfaceDestroyedEndsTouch, .surfaceUnmappedEndsTouch:
            "For each contact, a series of events is generated, starting with a down event, followed by zero or more motion events, and ending with an up event."
        case .cancelEndsEveryTouch:
            "No further events are sent to the clients from that particular gesture. Touch cancellation applies to all touch points currently active on this client's surface."
        case .serialsIncrease:
            "serial number of the touch down event"
        case .timesNeverGoBack:
            "timestamp with millisecond granularity"
        case .timestampsAgree:
            "The timestamp provided by this event is a high-resolution version of the timestamp argument of the associated input event."
        case .touchCapabilityRemoved:
            // Said of the pointer; the next sentences extend it to wl_keyboard and wl_touch.
            "No further pointer events will be received on these objects."
        case .shapeAndOrientationInFrame:
            "This event does not occur on its own. It is sent before a wl_touch.frame event and carries the new shape information for any previously reported, or new touch points of that frame."
        case .tabletProximityDownFrame:
            "If the tool is already in contact with the tablet when entering the input region, the client owning said region will receive a wp_tablet.proximity_in event, followed by a wp_tablet.down event and a wp_tablet.frame event."
        }
    }

    /// What the harness does and what it looks for, in a line.
    public var summary: String {
        switch self {
        case .seatHasTouch: "the seat the driver touches through announces the touch capability"
        case .frameAfterEachGroup: "two fingers land in one hardware frame, then move in one: each group ends with a wl_touch.frame"
        case .frameAfterLastUp: "the last fingers lift in one hardware frame: a wl_touch.frame follows the ups"
        case .groupInOneFrame: "events of one hardware frame arrive in one wl_touch.frame (the words allow a split; a client must cope)"
        case .idsUniqueWhileActive: "no down names an id that is still down"
        case .nothingAfterUp: "no event (motion, up, shape, orientation) names an id after its up"
        case .downSurfaceLocal: "every down touched arrives, and downs and motions land at the surface-local point touched, fullscreen at scale 1 (within 0.5 px)"
        case .downSurfaceLocalScale2: "the same at output scale 2: surface-local coordinates are logical, not buffer pixels"
        case .downSurfaceLocalWindowed: "the same in a decorated window the compositor placed: coordinates relative to the window's surface"
        case .downSurfaceLocalRotated: "the same on an output rotated by 90 degrees (a portrait panel): logical coordinates of the rotated output"
        case .downOnSubsurface: "a down on a subsurface that takes input (the surface probe's blue square) names that subsurface at its own surface-local point; one beside it names the window's surface"
        case .surfaceDestroyedEndsTouch: "the surface probe destroys the subsurface a finger landed on, then the finger moves and lifts: the touch still ends (up, or cancel) before the next touch lands"
        case .surfaceUnmappedEndsTouch: "the same with the subsurface unmapped (no buffer attached) instead of destroyed"
        case .implicitGrab: "a finger that goes down in the window and leaves it keeps moving and lifts on the same surface (motion may be withheld; the up may not)"
        case .cancelEndsEveryTouch: "the driver cancels two touches as a device does: each ends (cancel, or up) and nothing follows for them"
        case .serialsIncrease: "serials of downs and ups increase (the words do not ask it; a client comparing serials must cope)"
        case .timesNeverGoBack: "event times never go backwards (the words do not ask it; a client computing speeds must cope)"
        case .timestampsAgree: "each high-resolution timestamp, in milliseconds, is the wl_touch event's time (within 1 ms)"
        case .touchCapabilityRemoved: "two fingers down, then the seat loses touch: nothing more on the old wl_touch (ending the touches first is better; not ending them differs)"
        case .shapeAndOrientationInFrame: "each shape and orientation names a touch that is down and is followed by a wl_touch.frame (untestable where none is sent)"
        case .tabletProximityDownFrame: "a pen comes into proximity, touches, moves, lifts and leaves: proximity_in before down, a frame after each group"
        }
    }
}

/// What a check found: the protocol's words held (`pass`) or broken (`fail`); allowed by
/// the words but something a client must cope with (`differs`: a hardware frame split in
/// several, serials that do not increase); or not tried, with the reason (`untestable`:
/// what the driver cannot do).
public enum ConformanceVerdict: String, Codable, CaseIterable, Sendable, Comparable {
    case pass, differs, untestable, fail

    /// Worse is larger: `--compare` calls a change to a larger one a regression.
    /// `untestable` sits between: a check that could run before and cannot now got worse.
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    private var rank: Int {
        switch self {
        case .pass: 0
        case .differs: 1
        case .untestable: 2
        case .fail: 3
        }
    }
}
