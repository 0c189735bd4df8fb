/// A frame's entries in the order its `frame` line lists them: its touches (fingers, the
/// mouse's fingers and pens' tips), then the pens hovering or leaving.
///
/// Readers of a log (the harness, the offline judge, the tests) see a frame as the core
/// does: the line decodes into a `TouchFrame` (docs/event-log.md), and these name one
/// entry of either kind without a second record of a touch.
extension TouchFrame {
    /// One entry: a touch, or a pen near the tablet with its tip up.
    public enum Entry: Equatable, Sendable {
        case touch(Touch)
        case hover(PenHover)

        /// The compositor's id (a pen's is negative, below the mouse's -1 and -2).
        public var id: Int32 {
            switch self {
            case .touch(let touch): touch.id
            case .hover(let hover): hover.id
            }
        }

        public var phase: Phase {
            switch self {
            case .touch(let touch): .touch(touch.phase)
            case .hover(let hover): .pen(hover.phase)
            }
        }

        /// Logical surface coordinates.
        public var location: Point {
            switch self {
            case .touch(let touch): touch.location
            case .hover(let hover): hover.location
            }
        }

        public var source: TouchSource {
            switch self {
            case .touch(let touch): touch.source
            case .hover(let hover): hover.source
            }
        }

        /// A pen's axes; nil for a finger.
        public var pen: PenState? {
            switch self {
            case .touch(let touch): touch.pen
            case .hover(let hover): hover.state
            }
        }

        /// The touch, when the entry is one.
        public var touch: Touch? { if case .touch(let touch) = self { touch } else { nil } }

        /// An entry's phase: a touch's (`TouchPhase`) or a hovering pen's (`PenHover.Phase`).
        /// The log writes their raw values, which never overlap.
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
    }

    /// The touches, then the hovering pens.
    public var entries: [Entry] { touches.map(Entry.touch) + hovers.map(Entry.hover) }

    /// The first touch of compositor id `id`, if the frame has one.
    public func touch(id: Int32) -> Touch? { touches.first { $0.id == id } }

    /// The first entry of compositor id `id`, if the frame has one.
    public func entry(id: Int32) -> Entry? { entries.first { $0.id == id } }

    /// "ID PHASE" for each entry, for comparing sequences.
    public var phases: [String] { entries.map { "\($0.id) \($0.phase)" } }
}
