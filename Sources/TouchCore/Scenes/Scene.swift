/// A screenful of views a person can play with. Scenes build their views into a window,
/// lay them out again whenever the window's size changes, and see every touch frame.
public protocol Scene: AnyObject {
    /// The name used on the command line and in the event log.
    var name: SceneName { get }
    /// Told of gestures and label changes, for the event log.
    var onEvent: (SceneEvent) -> Void { get set }
    /// Adds the scene's views to `window`.
    func install(in window: Window)
    /// Places the views for the window's current size.
    func layout(in window: Window)
    /// Every frame, after the window delivered it to the views. `tapCount` is the count
    /// the latest finger belongs to (the session's one tap counter).
    func didReceive(_ frame: TouchFrame, tapCount: Int)
    /// Gestures the session recognized, after the frame that completed them or when a tap
    /// count became final on its own.
    func didRecognize(_ gestures: [Gesture])
    /// The spot views the scene shows (the event log's "spots").
    var spotCount: Int { get }
    /// The view that shows a spot under every finger, if the scene has one: after each
    /// delivery it also follows the fingers bound to other views (the scene bar, a
    /// button), so every finger is seen (`TouchableView.follow`).
    var spots: TouchableView? { get }
    /// The client's latency line, for a scene that shows it ("" hides it).
    func showLatency(_ text: String)
    /// Removes gesture labels now, in a scene that has them (key c).
    func clearLabels()
    /// Whether the scene needs `rect` left clear (the stage then hides its bar there).
    func needsClear(_ rect: Rect) -> Bool
    /// Called once the scene's start was told: a scene that tells its first state (a
    /// lesson, a qualify run) tells it here.
    func start()
}

/// What a scene reports beyond drawing.
public enum SceneEvent: Equatable, Sendable {
    case gesture(Gesture)
    /// A label's text changed; "" when it cleared. `slot` names which label.
    case label(slot: LabelSlot, text: String)
    /// The MoveMe placard moved, changed text or state.
    case placard(PlacardState)
    /// A scene started.
    case scene(SceneName)
    /// A stroke lesson moved on a step (TeachStrokeScene). Boxed, as the session's
    /// event is (`TouchSessionEvent.lesson`): rare, and large beside the placard's moves.
    indirect case lesson(StrokeLesson)
    /// A qualify run moved on a step (QualifyScene). Boxed, as `lesson` is.
    indirect case qualify(QualifyProgress)
}

extension Scene {
    public func didReceive(_ frame: TouchFrame, tapCount: Int) {}
    public func didRecognize(_ gestures: [Gesture]) {}
    /// The spot views the scene shows (the event log's "spots").
    public var spotCount: Int { 0 }
    public var spots: TouchableView? { nil }
    public func showLatency(_ text: String) {}
    public func clearLabels() {}
    public func needsClear(_ rect: Rect) -> Bool { false }
    public func start() {}
}
