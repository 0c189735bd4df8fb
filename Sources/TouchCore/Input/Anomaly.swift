/// Something odd in what the compositor sent, by kind: the event log's warning lines carry
/// the kind (`"kind"`), and the anomaly banner counts them on screen, so a person holding
/// the tablet sees a compositor's bug without reading a log.
public enum AnomalyKind: String, Sendable, CaseIterable {
    /// wl_touch.down for an id that is still down (the old touch is cancelled).
    case duplicateDown = "duplicate-down"
    /// motion, up, shape or orientation for an id that is not down (ignored).
    case unknownID = "unknown-id"
    /// No wl_touch.frame after an up: the group was handed on without it.
    case noFrameAfterLastUp = "no-frame-after-last-up"
    /// A wl_touch that has never sent a frame: its events are grouped per read.
    case noFrames = "no-frames"
    /// A frame per event: twenty frames in a row each held one event while two or more
    /// fingers were down, as if the compositor flushed after every event.
    case framePerEvent = "frame-per-event"
    /// A tablet tool's events out of order (down while down, up while up, down outside
    /// proximity, out with the tip down) or without frames.
    case tabletTool = "tablet-tool"
    /// An axis beyond the protocol's range (pressure or distance above 65535).
    case outOfRange = "out-of-range"

    /// What the banner says.
    public var title: String {
        switch self {
        case .duplicateDown: "down for an id already down"
        case .unknownID: "event for an id not down"
        case .noFrameAfterLastUp: "no frame after an up"
        case .noFrames: "no wl_touch.frame at all"
        case .framePerEvent: "a frame per event"
        case .tabletTool: "tablet tool out of order"
        case .outOfRange: "axis out of range"
        }
    }
}
