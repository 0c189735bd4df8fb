/// A scene's name: the `scene` event's and the event log's `scene` line's, and what
/// `--scene` and the scene bar take (the bar's three, `Stage.sceneNames`; a stroke lesson
/// and a qualify run are started otherwise).
public enum SceneName: String, CaseIterable, Sendable {
    case playground, hittest, moveme, teach, qualify
}
