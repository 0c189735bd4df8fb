/// Which of the playground's gesture labels a `label` event (and the event log's `label`
/// line) is about: one per kind of gesture, top to bottom, an edge swipe sharing the
/// swipe's. The raw values are the line's `slot`.
public enum LabelSlot: String, CaseIterable, Sendable {
    case tap, swipe, pinch, checkmark
    case longPress = "longpress"
    case rotation, template

    /// The slot a gesture's label is shown in.
    public init(_ gesture: Gesture) {
        switch gesture {
        case .tap: self = .tap
        case .swipe, .edgeSwipe: self = .swipe
        case .pinch: self = .pinch
        case .checkmark: self = .checkmark
        case .longPress: self = .longPress
        case .rotation: self = .rotation
        case .template: self = .template
        }
    }
}
