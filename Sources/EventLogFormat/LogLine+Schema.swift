import TouchCore

extension LogLine {
    /// The published schema (docs/event-log.schema.json) as JSON text, put together from
    /// each kind's branch (`LogLineKey.schemaBranch`, rendered from its key table in `Lines/`:
    /// each key's `LogKeySpec.schema`, the table's description and rules; LogSchema.swift):
    /// the line's `type` is one of the kinds, and each kind's keys are its table's. The scene
    /// names and touch phases the branches refer to (`$defs`) are the core's enums.
    /// `scripts/generate-event-log-schema` writes the file from this
    /// (`touchspots-harness event-log-schema`, pretty-printed), and `EventLogKeyTableTests`
    /// fails when the published file says something else, so the file is never edited by
    /// hand: a new kind of line is its file in `Lines/` (its declaration, table and codec),
    /// its row in docs/event-log.md and a sample.
    public static let schema: String = {
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        let kinds = Kind.allCases
        let branches = kinds.map { ##"{"if":{"properties":{"type":{"const":"\##($0.rawValue)"}}},"then":{"$ref":"#/$defs/\##($0.rawValue)"}}"## }
        let shared = [
            #""sceneName":{"enum":\#(list(SceneName.allCases.map(\.rawValue)))}"#,
            #""phase":{"enum":\#(list(TouchPhase.allCases.map(\.rawValue)))}"#,
            #""touchID":{"type":"integer","minimum":-2147483648,"maximum":2147483647}"#,
            #""viewNames":{"type":"array","items":{"type":"string"}}"#,
        ]
        let definitions = shared + kinds.map { "\"\($0.rawValue)\":\($0.keys.schemaBranch)" }
        return """
            {"$schema":"https://json-schema.org/draft/2020-12/schema",\
            "$id":"urn:touchspots:event-log:\(formatVersion)",\
            "title":"touchspots event log line, version \(formatVersion)",\
            "description":"One line of touchspots' JSON Lines event log (docs/event-log.md). \
            Each line is one object whose 'type' says which kind it is. Keys may be added in later versions, \
            never renamed or removed, so objects allow extra keys; unknown types, unknown phases, wrong value types \
            and missing required keys are rejected.",\
            "type":"object","required":["type"],\
            "properties":{"type":{"enum":\(list(kinds.map(\.rawValue)))}},\
            "allOf":[\(branches.joined(separator: ","))],\
            "$defs":{\(definitions.joined(separator: ","))}}
            """
    }()
}
