import TouchCore

// @LogLine 1: case scene(name: SceneName) keys: LogLine.SceneKey accessor: sceneName

// A `scene` line: the scene shown (at start and on every switch).
extension LogLine {
    public enum SceneKey: String, LogKey {
        case name
        public var spec: LogKeySpec { .required(.closed).ref("sceneName") }
    }

    static func encodeSceneKeys(name: SceneName, into out: inout [UInt8]) {
        SceneKey.name.write(closed: name, into: &out)
    }

    static func makeScene(from o: LogFields) throws(LogLineError) -> LogLine {
        .scene(name: try o.closed(SceneKey.name))
    }
}

extension LogLine.SceneKey: LogLineKey {}
