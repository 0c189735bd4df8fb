import EventLogFormat
import Foundation
import TouchCore
import XCTest

/// The published schema (docs/event-log.schema.json) checked against the Swift side, so
/// the two cannot drift: every closed set it lists is exactly the raw values of the enum
/// the log's type holds (docs/design/event-log.md, "One vocabulary"), and every key the encoder
/// writes on a sample line is one the schema's branch for that kind declares (the schema
/// allows extra keys, so validation alone would not see a key it forgot).
final class EventLogSchemaSetsTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func definitions() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.repository.appendingPathComponent("docs/event-log.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(schema["$defs"] as? [String: Any])
    }

    /// The node at `path` ("frame/properties/touches/items"), each step a key or an index.
    private func node(_ path: String, in root: Any) throws -> Any {
        var node = root
        for step in path.split(separator: "/") {
            if let index = Int(step), let list = node as? [Any] {
                node = list[index]
            } else {
                node = try XCTUnwrap((node as? [String: Any])?[String(step)], "no \(step) in \(path)")
            }
        }
        return node
    }

    private func enumeration(_ path: String, in root: Any) throws -> Set<String> {
        let values = try XCTUnwrap((try node(path, in: root) as? [String: Any])?["enum"] as? [String], path)
        return Set(values)
    }

    func testTheSchemasClosedSetsAreTheCoresEnums() throws {
        let defs = try definitions()
        func raw<E: CaseIterable & RawRepresentable<String>>(_: E.Type) -> Set<String> { Set(E.allCases.map(\.rawValue)) }
        let sets: [(String, Set<String>)] = [
            ("phase", raw(TouchPhase.self)),
            ("frame/properties/touches/items/properties/phase/anyOf/1", raw(PenHover.Phase.self)),
            ("frame/properties/touches/items/properties/source", raw(TouchSource.self).subtracting(["touchscreen"])),
            ("readout/properties/fingers/items/properties/source", raw(TouchSource.self).subtracting(["touchscreen"])),
            ("gesture/properties/name", raw(Gesture.Kind.self)),
            ("gesture/allOf/1/then/properties/direction", raw(Gesture.Axis.self)),
            ("gesture/allOf/2/then/properties/direction", raw(Gesture.PinchDirection.self)),
            ("gesture/allOf/4/then/properties/direction", raw(Gesture.RotationDirection.self)),
            ("gesture/allOf/5/then/properties/edge", raw(Gesture.Edge.self)),
            ("placard/properties/state", raw(PlacardState.Phase.self)),
            ("teach/properties/step", raw(StrokeLesson.Step.self)),
            ("qualify/properties/kind", raw(QualifyKind.self)),
            ("qualify/properties/state", raw(QualifyProgress.State.self)),
            ("warning/properties/kind", Set(LogWarningKind.allCases.map(\.rawValue))),
            ("qualify/properties/verdicts/items/properties/comparison", raw(Verdict.Comparison.self)),
            ("qualify/properties/verdicts/items/properties/validator", raw(QualifyValidator.self)),
            ("output/properties/transform", raw(LogOutput.Transform.self)),
            ("label/properties/slot", raw(LabelSlot.self)),
            ("sceneName", raw(SceneName.self)),
        ]
        for (path, expected) in sets {
            XCTAssertEqual(try enumeration(path, in: defs), expected, path)
        }
        // Closed sets the log still holds as strings, checked against the core's lists.
        XCTAssertEqual(try enumeration("frame/properties/touches/items/allOf/0/if/properties/phase", in: defs),
                       raw(PenHover.Phase.self), "a hovering pen's phases")
        XCTAssertEqual(try enumeration("frame/properties/touches/items/allOf/0/then/properties/source", in: defs),
                       [TouchSource.pen.rawValue, TouchSource.eraser.rawValue], "a hovering tool's sources")
        let settings = try enumeration("nearmiss/properties/misses/items/properties/setting", in: defs)
        XCTAssertTrue(settings.isSubset(of: GestureSettings.Key.allCases.map(\.rawValue)),
                      "near-miss settings that are no --gesture key: \(settings.subtracting(GestureSettings.Key.allCases.map(\.rawValue)))")
        // A near miss's recognizer: the fixed ones by name, or a template by its name.
        let recognizer = try XCTUnwrap(try node("nearmiss/properties/misses/items/properties/recognizer", in: defs) as? [String: Any])
        XCTAssertEqual(recognizer["pattern"] as? String,
                       "^(" + NearMiss.Recognizer.fixed.map(\.rawValue).joined(separator: "|") + "|template [a-z0-9][a-z0-9-]*)$")
        // The gesture branches are in Gesture.Kind's order, so the paths above name them.
        let branches = try XCTUnwrap(try node("gesture/allOf", in: defs) as? [[String: Any]])
        let named = try branches.map { try node("if/properties/name/const", in: $0) as? String }
        XCTAssertEqual(named, ["tap", "swipe", "pinch", "longpress", "rotation", "edgeswipe", "template"])
    }

    /// The keys a branch declares: its own properties and those of its conditional parts.
    private func declaredKeys(_ branch: [String: Any]) -> Set<String> {
        var keys = Set((branch["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        for part in (branch["allOf"] as? [[String: Any]] ?? []) + (branch["oneOf"] as? [[String: Any]] ?? [])
            + (branch["anyOf"] as? [[String: Any]] ?? []) {
            for key in ["then", "else"] {
                if let sub = part[key] as? [String: Any] { keys.formUnion(declaredKeys(sub)) }
            }
            keys.formUnion(declaredKeys(part))
        }
        return keys
    }

    /// The properties a branch declares for `key`, its `$ref` followed.
    private func property(_ key: String, of branch: [String: Any], defs: [String: Any]) -> [String: Any]? {
        var parts = [branch]
        for list in ["allOf", "oneOf", "anyOf"] {
            for part in branch[list] as? [[String: Any]] ?? [] { parts += [part, part["then"], part["else"]].compactMap { $0 as? [String: Any] } }
        }
        for part in parts {
            guard var found = (part["properties"] as? [String: Any])?[key] as? [String: Any] else { continue }
            if let ref = found["$ref"] as? String, let name = ref.split(separator: "/").last,
               let target = defs[String(name)] as? [String: Any] { found = target }
            return found
        }
        return nil
    }

    /// Checks `object`'s keys against `branch`, and the objects inside it (a frame's
    /// touches, a qualify line's verdicts and guide) against their items; returns how many
    /// objects were checked.
    private func undeclared(in object: [String: Any], by branch: [String: Any], defs: [String: Any], at path: String,
                            line: String) -> Int {
        let extra = Set(object.keys).subtracting(declaredKeys(branch)).subtracting(path.contains("/") ? [] : ["type"])
        XCTAssertEqual(extra, [], "\(path) has keys its schema does not declare: \(line)")
        var checked = 1
        for (key, value) in object {
            guard let schema = property(key, of: branch, defs: defs) else { continue }
            if let inner = value as? [String: Any], schema["properties"] != nil {
                checked += undeclared(in: inner, by: schema, defs: defs, at: "\(path)/\(key)", line: line)
            } else if let list = value as? [Any], let items = schema["items"] as? [String: Any], items["properties"] != nil {
                for case let inner as [String: Any] in list {
                    checked += undeclared(in: inner, by: items, defs: defs, at: "\(path)/\(key)[]", line: line)
                }
            }
        }
        return checked
    }

    func testEveryKeyTheEncoderWritesIsInTheSchema() throws {
        let defs = try definitions()
        var checked = 0
        for line in LogLineSamples.lines + LogLineSamples.sessionEvents.map({ LogLine($0, seat: "seat0") }) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any])
            let branch = try XCTUnwrap(defs[line.kind.rawValue] as? [String: Any], line.kind.rawValue)
            checked += undeclared(in: object, by: branch, defs: defs, at: line.kind.rawValue, line: line.text)
        }
        XCTAssertGreaterThan(checked, 60, "the lines and the objects inside them")
        // And the check sees a key the schema does not have.
        XCTAssertFalse(declaredKeys(try XCTUnwrap(defs["scene"] as? [String: Any])).contains("colour"))
    }
}
