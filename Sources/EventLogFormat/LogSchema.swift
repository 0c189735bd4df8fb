import TouchCore

/// A piece of JSON Schema, written as Swift literals (`["type": "number", "minimum": 0]`):
/// what a key table entry says of its key beyond its type (`LogKeySpec.minimum(_:)`,
/// `values(_:)`, ...), and what a table says of its record as a whole (`LogKey.schemaRules`).
/// The published schema is rendered from these and the tables (`LogLine.schema`); objects
/// keep their keys' order.
public indirect enum LogSchema: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case array([LogSchema])
    case object([Pair])

    public struct Pair: Equatable, Sendable {
        public var key: String
        public var value: LogSchema
        public init(_ key: String, _ value: LogSchema) { self.key = key; self.value = value }
    }

    /// `{"$ref": "#/$defs/NAME"}`: one of the schema's shared definitions (`LogLine.schema`).
    public static func ref(_ name: String) -> LogSchema { ["$ref": .string("#/$defs/\(name)")] }

    /// `{"enum": [...]}`: a closed set, the raw values of `values` (an enum's `allCases`).
    public static func values<S: Sequence>(_ values: S) -> LogSchema where S.Element: RawRepresentable<String> {
        ["enum": .array(values.map { .string($0.rawValue) })]
    }

    // Made when asked, not kept in static lets: a kept `LogSchema` is a box pointer that the
    // enum's layout tags in its spare bits, which LeakSanitizer does not take for a pointer,
    // so scripts/sanitize reported each box as a direct leak of every process.

    /// A place or a size, `[x, y]`: two numbers.
    public static var pair: LogSchema { numbers(2) }
    /// A rectangle, `[x, y, width, height]`: four numbers.
    public static var rectangle: LogSchema { numbers(4) }

    private static func numbers(_ count: Int) -> LogSchema {
        ["type": "array", "items": ["type": "number"], "minItems": .integer(count), "maxItems": .integer(count)]
    }

    /// An object of `Key`'s keys, as its table says them (`LogKey.schemaObject`), without
    /// `"type": "object"`.
    public static func keys<Key: LogKey>(_: Key.Type) -> LogSchema { .object(Key.schemaObject) }

    /// `{"if": {"properties": {KEY: {"const": VALUE}}}, "then": THEN}`.
    public static func when(_ key: String, is value: String, then: LogSchema) -> LogSchema {
        ["if": ["properties": .object([Pair(key, ["const": .string(value)])])], "then": then]
    }

    /// The pairs of an object, nil for another value.
    var pairs: [Pair]? { if case .object(let pairs) = self { pairs } else { nil } }

    /// The JSON text, compact.
    public var text: String {
        var out: [UInt8] = []
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .string(let s): JSONBytes.encode(s, into: &out)
        case .integer(let i): JSONBytes.encode(i, into: &out)
        case .number(let d): JSONBytes.encode(d, into: &out)
        case .boolean(let b): JSONBytes.append(b ? "true" : "false", to: &out)
        case .array(let list): JSONBytes.array(list, into: &out) { $0.write(into: &$1) }
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.encode(pair.key, into: &out)
                out.append(UInt8(ascii: ":"))
                pair.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension LogSchema: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: LogSchema...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, LogSchema)...) { self = .object(elements.map { Pair($0.0, $0.1) }) }
}

/// What a key table entry says of its key in the schema, beyond its type and presence:
/// each returns the entry with one more JSON Schema keyword, in the order written.
extension LogKeySpec {
    /// A closed set: the raw values of `values`, usually an enum's `allCases`.
    public func values<S: Sequence>(_ values: S) -> Self where S.Element: RawRepresentable<String> {
        var spec = self
        spec.closedSet = values.map(\.rawValue)
        return spec
    }
    /// A closed set: every value of `type`.
    public func values<E: CaseIterable & RawRepresentable<String>>(of type: E.Type) -> Self { values(E.allCases) }

    /// One of the schema's shared definitions (`touchID`, `phase`, ...) instead of a type.
    public func ref(_ name: String) -> Self {
        var spec = self
        spec.definition = name
        return spec
    }

    /// The key's `description` in the schema.
    public func described(_ text: String) -> Self { with("description", .string(text)) }

    public func minimum(_ value: LogSchema) -> Self { with("minimum", value) }
    public func maximum(_ value: LogSchema) -> Self { with("maximum", value) }
    public func exclusiveMinimum(_ value: LogSchema) -> Self { with("exclusiveMinimum", value) }
    /// `minimum` and `maximum`.
    public func range(_ range: ClosedRange<Int>) -> Self { minimum(.integer(range.lowerBound)).maximum(.integer(range.upperBound)) }
    public func minLength(_ value: Int) -> Self { with("minLength", .integer(value)) }
    public func pattern(_ value: String) -> Self { with("pattern", .string(value)) }
    public func minItems(_ value: Int) -> Self { with("minItems", .integer(value)) }
    public func maxItems(_ value: Int) -> Self { with("maxItems", .integer(value)) }
    /// A list of exactly `count` elements (`[x, y]`, `[x, y, width, height]`).
    public func length(_ count: Int) -> Self { minItems(count).maxItems(count) }

    /// Any other keyword.
    public func with(_ keyword: String, _ value: LogSchema) -> Self {
        var spec = self
        spec.keywords.append(.init(keyword, value))
        return spec
    }

    /// What a list's elements are, where their type alone does not say it (`LogSchema.pair`,
    /// a table's object).
    public func items(_ schema: LogSchema) -> Self {
        var spec = self
        spec.itemSchema = schema
        return spec
    }

    /// An object (or a list of objects) whose keys are `Key`'s table.
    public func object<Key: LogKey>(_: Key.Type) -> Self {
        var spec = self
        spec.objectKeys = { Key.schemaObject }
        return spec
    }

    /// A key the schema declares only where its record's rules say so (a gesture's keys,
    /// under the gesture names that have them: `LogKey.schemaRules`), not among its
    /// record's properties.
    public var conditional: Self {
        var spec = self
        spec.isConditional = true
        return spec
    }

    /// A nullable key that the alternatives of its record's rules require (a presented
    /// commit's times, which a discarded one leaves out), not the record itself.
    public var requiredByAlternative: Self {
        var spec = self
        spec.isRequiredByAlternative = true
        return spec
    }

    /// The key's schema.
    public var schema: LogSchema {
        var pairs: [LogSchema.Pair] = []
        if let definition {
            pairs.append(.init("$ref", .string("#/$defs/\(definition)")))
        } else if keywords.contains(where: { $0.key == "const" }) {
            // The constant says the type (a discarded commit's `true`).
        } else {
            switch holds {
            case .closed:
                if let closedSet { pairs.append(.init("enum", .array(closedSet.map { .string($0) }))) }
            case .list:
                pairs.append(.init("type", "array"))
                let element: LogSchema = itemSchema ?? objectKeys.map { .object([.init("type", "object")] + $0()) }
                    ?? ["type": .string(items?.rawValue ?? "?")]
                pairs.append(.init("items", element))
            case .object:
                pairs.append(.init("type", "object"))
                pairs += objectKeys?() ?? []
            case .integer, .number, .string, .boolean:
                pairs.append(.init("type", presence == .nullable ? [.string(holds.rawValue), "null"] : .string(holds.rawValue)))
            }
        }
        // The description first, as the schema has always put it.
        let described = keywords.filter { $0.key == "description" }
        return .object(described + pairs + keywords.filter { $0.key != "description" })
    }
}

extension LogKey {
    /// The record's object in the schema (no `"type"`): its `description`, its `required`
    /// keys (required or nullable, those its rules require left to them), its `properties`
    /// (each key's `LogKeySpec.schema`, conditional ones left to the rules) and its rules.
    public static var schemaObject: [LogSchema.Pair] {
        var pairs: [LogSchema.Pair] = []
        if let schemaDescription { pairs.append(.init("description", .string(schemaDescription))) }
        let required = allCases.filter {
            $0.spec.presence != .optional && !$0.spec.isConditional && !$0.spec.isRequiredByAlternative
        }
        if !required.isEmpty { pairs.append(.init("required", .array(required.map { .string($0.rawValue) }))) }
        pairs.append(.init("properties", .object(allCases.filter { !$0.spec.isConditional }.map { .init($0.rawValue, $0.spec.schema) })))
        return pairs + schemaRules
    }

    public static var schemaDescription: String? { nil }
    public static var schemaRules: [LogSchema.Pair] { [] }

    /// `{"required": [...], "properties": {...}}` of `keys`, as the table says them: a
    /// rule's `then`.
    public static func requiring(_ keys: [Self], overriding: [(Self, LogSchema)] = []) -> LogSchema {
        func schema(_ key: Self) -> LogSchema { overriding.first { $0.0.rawValue == key.rawValue }?.1 ?? key.spec.schema }
        return ["required": .array(keys.map { .string($0.rawValue) }),
                "properties": .object(keys.map { .init($0.rawValue, schema($0)) })]
    }
}

extension LogLineKey {
    /// The kind's branch of docs/event-log.schema.json, rendered from its table.
    public static var schemaBranch: String { LogSchema.object(schemaObject).text }
}
