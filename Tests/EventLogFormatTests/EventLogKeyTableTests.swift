@testable import EventLogFormat
import Foundation
import TouchCore
import XCTest

/// Each record's key table (`LogKey`) is the one place a key's name, type and presence are
/// spelled in Swift; these tests hold the published schema's branches and the written
/// lines to it, so neither can drift from the table: the branch declares exactly the
/// table's keys, requires what the table requires (and nothing it leaves out), and gives
/// each the JSON type the table says; every line writes its keys in the table's order.
final class EventLogKeyTableTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private typealias Table = [(name: String, spec: LogKeySpec)]

    /// The objects inside lines, each with its own table: where the schema describes them
    /// (a path from the line's branch) and which key holds them.
    private static let innerTables: [(path: String, table: Table)] = [
        ("frame/properties/touches/items", TouchFrame.EntryKey.table),
        ("readout/properties/fingers/items", FingerReadout.LineKey.table),
        ("nearmiss/properties/misses/items", NearMiss.LineKey.table),
        ("qualify/properties/verdicts/items", Verdict.LineKey.table),
        ("qualify/properties/guide", QualifyStep.GuideKey.table),
    ]

    private func definitions() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.repository.appendingPathComponent("docs/event-log.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(schema["$defs"] as? [String: Any])
    }

    private func node(_ path: String, in root: [String: Any]) throws -> [String: Any] {
        var node: Any = root
        for step in path.split(separator: "/") {
            node = try XCTUnwrap((node as? [String: Any])?[String(step)], "no \(step) in \(path)")
        }
        return try XCTUnwrap(node as? [String: Any], path)
    }

    /// A branch's properties, `$ref`s followed: its own, then those only its conditional
    /// parts declare; the keys it requires outright; and those one of its alternatives
    /// (`oneOf`, `anyOf`) requires.
    private func declared(_ branch: [String: Any], defs: [String: Any])
        -> (properties: [String: [String: Any]], required: Set<String>, requiredByAlternative: Set<String>) {
        var properties: [String: [String: Any]] = [:]
        var alternatives = Set<String>()
        func collect(_ part: [String: Any], conditional: Bool) {
            for (key, value) in part["properties"] as? [String: Any] ?? [:] {
                guard let schema = value as? [String: Any] else { continue }
                if !conditional || properties[key] == nil { properties[key] = resolved(schema, defs: defs) }
            }
            for list in ["allOf", "oneOf", "anyOf"] {
                for sub in part[list] as? [[String: Any]] ?? [] {
                    if list != "allOf" { alternatives.formUnion(sub["required"] as? [String] ?? []) }
                    collect(sub, conditional: true)
                    for key in ["then", "else"] { if let inner = sub[key] as? [String: Any] { collect(inner, conditional: true) } }
                }
            }
        }
        collect(branch, conditional: false)
        return (properties, Set(branch["required"] as? [String] ?? []), alternatives)
    }

    private func resolved(_ schema: [String: Any], defs: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, let name = ref.split(separator: "/").last,
              let target = defs[String(name)] as? [String: Any] else { return schema }
        return target
    }

    /// The JSON types a property's schema allows, as the table names them.
    private func holds(_ schema: [String: Any], defs: [String: Any]) -> (Set<LogKeySpec.Holds>, nullable: Bool) {
        if let values = schema["enum"] as? [Any] { return ([.closed], values.contains { $0 is NSNull }) }
        if let anyOf = schema["anyOf"] as? [[String: Any]],
           anyOf.allSatisfy({ resolved($0, defs: defs)["enum"] is [String] }) {
            return ([.closed], false)
        }
        if let constant = schema["const"] {
            return (constant is Bool ? [.boolean] : [.closed], false)
        }
        let types = (schema["type"] as? [String]) ?? [(schema["type"] as? String) ?? "?"]
        let named: [String: LogKeySpec.Holds] = ["integer": .integer, "number": .number, "string": .string,
                                                  "boolean": .boolean, "array": .list, "object": .object]
        return (Set(types.compactMap { named[$0] }), types.contains("null"))
    }

    /// Lists whose elements were held to the schema's `items`.
    private var itemsChecked = 0

    private func check(_ table: Table, against branch: [String: Any], defs: [String: Any], at path: String) -> Int {
        let (properties, required, requiredByAlternative) = declared(branch, defs: defs)
        let names = Set(table.map(\.name))
        XCTAssertEqual(Set(properties.keys).subtracting(["type"]), names, "\(path): the schema's keys and the table's")
        for (name, spec) in table {
            switch spec.presence {
            case .required: XCTAssertTrue(required.contains(name), "\(path).\(name) is required in the table, not in the schema")
            case .optional: XCTAssertFalse(required.contains(name), "\(path).\(name) is optional in the table, required in the schema")
            case .nullable:
                // Always written: required, or by every alternative that may hold it (a
                // presented commit's times, which a discarded one leaves out).
                XCTAssertTrue(required.contains(name) || requiredByAlternative.contains(name),
                              "\(path).\(name) is nullable (always written) in the table, optional in the schema")
            }
            guard let schema = properties[name] else { continue }
            let (types, nullable) = holds(schema, defs: defs)
            XCTAssertEqual(types, [spec.holds], "\(path).\(name): the schema's type and the table's")
            XCTAssertEqual(nullable, spec.presence == .nullable, "\(path).\(name): null allowed in the schema, nullable in the table")
            // A list's elements: the schema's `items` holds what the table says.
            if spec.holds == .list {
                let items = resolved(schema["items"] as? [String: Any] ?? [:], defs: defs)
                let (itemTypes, _) = holds(items, defs: defs)
                // An object described by its keys alone (a near miss's misses) is an object.
                let described = itemTypes.isEmpty && items["properties"] != nil ? [.object] : itemTypes
                XCTAssertEqual(described, spec.items.map { [$0] }, "\(path).\(name): the schema's items and the table's")
                itemsChecked += 1
            } else {
                XCTAssertNil(spec.items, "\(path).\(name) holds no list")
            }
        }
        return table.count
    }

    /// The published file is what the Swift side puts together (`LogLine.schema`, each
    /// kind's branch written beside its table): `scripts/generate-event-log-schema`
    /// writes it, and a hand edit of the file alone fails here.
    func testThePublishedSchemaIsTheLinesBranches() throws {
        let published = try Data(contentsOf: Self.repository.appendingPathComponent("docs/event-log.schema.json"))
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: published) as? NSDictionary)
        let built = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LogLine.schema.utf8)) as? NSDictionary)
        // Branch by branch, so that a failure names the kind.
        let fileDefs = try XCTUnwrap(file["$defs"] as? NSDictionary), builtDefs = try XCTUnwrap(built["$defs"] as? NSDictionary)
        for name in Set((fileDefs.allKeys + builtDefs.allKeys).compactMap { $0 as? String }).sorted() {
            XCTAssertEqual(fileDefs[name] as? NSDictionary, builtDefs[name] as? NSDictionary,
                           "the published branch '\(name)' is not the Swift side's: run scripts/generate-event-log-schema")
        }
        XCTAssertEqual(file, built, "docs/event-log.schema.json is not LogLine.schema: run scripts/generate-event-log-schema")
        // And the comparison sees a change inside a branch.
        let changed = LogLine.schema.replacingOccurrences(of: #""minimum":1,"maximum":4"#, with: #""minimum":1,"maximum":5"#)
        XCTAssertNotEqual(changed, LogLine.schema, "the tap count's range is in the gesture branch")
        XCTAssertNotEqual(file, try JSONSerialization.jsonObject(with: Data(changed.utf8)) as? NSDictionary)
    }

    func testEachBranchOfTheSchemaIsItsKindsTable() throws {
        let defs = try definitions()
        var checked = 0
        for kind in LogLine.Kind.allCases {
            let branch = try XCTUnwrap(defs[kind.rawValue] as? [String: Any], kind.rawValue)
            checked += check(kind.keyTable, against: branch, defs: defs, at: kind.rawValue)
        }
        for (path, table) in Self.innerTables {
            checked += check(table, against: try node(path, in: defs), defs: defs, at: path)
        }
        XCTAssertGreaterThan(checked, 120, "the keys of every table")
        XCTAssertEqual(itemsChecked, 17, "every list of every table")
    }

    /// Every key a sample line writes, at every depth, is its table's, in the table's
    /// order, with every required key written: the encoder cannot drift from the table
    /// (and in this debug build, a write of another type than the table's would stop).
    func testEveryLineWritesItsTablesKeysInOrder() throws {
        var checked = 0
        func holdsOrder(_ pairs: [(String, JSONValue)], _ table: Table, _ what: String) {
            let names = table.map(\.name)
            let positions = pairs.map { pair in names.firstIndex(of: pair.0) ?? -1 }
            XCTAssertFalse(positions.contains(-1), "\(what) writes a key its table does not have: \(pairs.map(\.0))")
            XCTAssertEqual(positions, positions.sorted(), "\(what) writes its keys out of the table's order: \(pairs.map(\.0))")
            // A discarded commit leaves out the times of its presentation.
            let discarded = pairs.contains { $0.0 == LogPresented.LineKey.discarded.rawValue }
            let leftOut = discarded ? [LogPresented.LineKey.touchToPresentMs, .refreshMs].map(\.rawValue) : []
            for (name, spec) in table where spec.presence != .optional && !leftOut.contains(name) {
                XCTAssertTrue(pairs.contains { $0.0 == name }, "\(what) lacks the table's \(name)")
            }
            checked += 1
        }
        func objects(_ value: JSONValue?) -> [[(String, JSONValue)]] {
            switch value {
            case .object(let pairs): [pairs]
            case .array(let list): list.compactMap { if case .object(let pairs) = $0 { pairs } else { nil } }
            default: []
            }
        }
        for line in LogLineSamples.lines + LogLineSamples.sessionEvents.map({ LogLine($0, seat: "seat0") }) {
            guard case .object(let pairs) = try JSONValue(parsing: line.bytes) else { return XCTFail(line.text) }
            XCTAssertEqual(pairs.first?.0, "type", line.text)
            holdsOrder(Array(pairs.dropFirst()), line.kind.keyTable, "\(line.type): \(line.text)")
            for (path, table) in Self.innerTables where path.hasPrefix("\(line.type)/") {
                let key = String(path.split(separator: "/")[2])
                for inner in objects(pairs.last { $0.0 == key }?.1) { holdsOrder(inner, table, "\(path): \(line.text)") }
            }
        }
        XCTAssertGreaterThan(checked, 80, "the lines and the objects inside them")
    }
}
