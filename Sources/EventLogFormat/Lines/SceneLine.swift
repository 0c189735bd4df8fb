import TouchCore

// A `scene` line: the scene shown (at start and on every switch).
extension LogLine {
    public enum SceneKey: String, LogKey {
        case name
        public var spec: LogKeySpec { .required(.closed) }
    }

    static func encodeScene(_ name: SceneName, into out: inout [UInt8]) {
        SceneKey.name.write(closed: name, into: &out)
    }

    static func makeScene(from o: LogFields) throws(LogLineError) -> LogLine {
        .scene(name: try o.closed(SceneKey.name))
    }
}

extension LogLine.SceneKey: LogLineKey {
    /// The schema's branch for a `scene` line (docs/event-log.schema.json is put together
    /// from these, `LogLine.schema`; `EventLogKeyTableTests` holds it to the key table).
    public static let schemaBranch = #"""
    {"required": ["name"], "properties": {"name": {"$ref": "#/$defs/sceneName"}}}
    """#
}
