import TouchCore

/// What the event loop needs to know of the touch groups still open after a read.
public struct PendingTouchGroups: Sendable {
    /// Some group would be handed on at the end of this read: a device that has sent no
    /// wl_touch.frame yet, or an up whose frame has not come.
    public var handedOnAtEndOfRead: Bool
    /// A device that sends frames holds an up whose frame has not come.
    public var holdUpAwaitingFrame: Bool
    /// Touch events (down, motion, up, frame) since the core last flushed.
    public var eventsSinceFlush: Int

    public init(handedOnAtEndOfRead: Bool, holdUpAwaitingFrame: Bool, eventsSinceFlush: Int) {
        self.handedOnAtEndOfRead = handedOnAtEndOfRead
        self.holdUpAwaitingFrame = holdUpAwaitingFrame
        self.eventsSinceFlush = eventsSinceFlush
    }

    /// Before anything is known: read ahead, wait for nothing.
    public static let unknown = PendingTouchGroups(handedOnAtEndOfRead: true, holdUpAwaitingFrame: false,
                                                   eventsSinceFlush: 0)
}

/// The rules of reading the socket, so that the touch groups the core hands on at the end
/// of a read are never cut between two reads.
///
/// libwayland-client reads at most 4 KiB from the socket at a time, and a compositor
/// writes a burst bigger than its own buffer in pieces, one right after the other. A
/// wl_touch event takes 20 to 36 bytes, so a frame of some 128 fingers already spans two
/// reads.
enum SocketReadRules {
    /// Touch events since the last flush that only reads which filled libwayland's buffer
    /// can have brought (4096 / 36 > 100): the writer is mid-burst.
    static let burstEvents = 100

    /// Whether to read what else already waits on the socket before the loop goes idle.
    /// When no group would be handed on at the end of this read, groups wait for their
    /// frame, and that extra poll (one of the two system calls of every wake-up on a
    /// 120 Hz stream) is skipped.
    static func readsAhead(_ groups: PendingTouchGroups) -> Bool { groups.handedOnAtEndOfRead }

    /// Milliseconds of quiet on the socket to wait for the rest of a burst before going
    /// idle (0: none). A group holding an up whose frame has not come was either cut
    /// between two reads or will never get that frame (mutter 43): 2 ms covers the pieces
    /// of an ordinary frame and is all such an up waits; mid-burst, 20 ms.
    static func graceMilliseconds(_ groups: PendingTouchGroups) -> Int32 {
        guard groups.holdUpAwaitingFrame else { return 0 }
        if groups.eventsSinceFlush >= burstEvents { return 20 }
        return CompositorQuirk.noFrameAfterLastUp.workAround { 2 }
    }
}
