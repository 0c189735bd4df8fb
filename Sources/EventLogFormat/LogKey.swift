/// One key table per record of the event log: each line kind, and each object inside a
/// line (a frame's touches, a qualify line's verdicts), names its keys once, as an enum
/// conforming to `LogKey`, in the order the line writes them, with what each holds and
/// whether it may be left out.
///
/// The rest is held to that table: the encoder writes a key by its case (`LogKey.write`),
/// the decoder reads it by its case (`LogFields`), the frame and responder lines' fast
/// paths (keys as literals) are held to the tables by `EventLogKeyTableTests`, which also
/// checks the published schema's branch of every record against the table (its keys,
/// which are required, what each holds and a list's elements, where `null` is allowed)
/// and every sample line's keys against the table's order and required keys. In debug builds
/// a key written with another type than its table gives, or `null` for a key that is not
/// nullable, and a key read with another type or presence, stop at the line that does it.
/// So a key's name, type and presence are spelled in one place in Swift, and so is what the
/// schema says of it (its closed set from its enum's `allCases`, its range, its description:
/// LogSchema.swift), from which the published schema is rendered; a line kind is its file in
/// `Lines/` (its `// @LogLine` declaration, its table, its codec), the docs' row and a
/// sample. A list's table entry says what its elements hold too (`LogKeySpec.items`): the
/// schema's `items` is rendered from it, and the codec writes and reads them as it says.
public protocol LogKey: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    /// What the key holds, whether it may be left out, and what else the schema says of it.
    var spec: LogKeySpec { get }
    /// The record's `description` in the schema, if it has one.
    static var schemaDescription: String? { get }
    /// What the schema says of the record beyond its keys one by one (`allOf`, `oneOf`,
    /// `additionalProperties`): rules across keys, built from the table (`requiring(_:)`).
    static var schemaRules: [LogSchema.Pair] { get }
}

/// A line kind's key table (not an object's inside a line): its branch of the published
/// schema is rendered from it (`schemaObject`), and `LogLine.schema` puts the file together
/// from the branches.
public protocol LogLineKey: LogKey {
    /// The kind's branch of docs/event-log.schema.json, as JSON text.
    static var schemaBranch: String { get }
}

/// What a key of a record holds, as the schema's `type` says it.
public struct LogKeySpec: Equatable, Sendable {
    /// The JSON a key holds. `closed` is a string from a closed set (the core's enum's raw
    /// values, the schema's `enum`).
    public enum Holds: String, Sendable {
        case integer, number, string, boolean, closed, list, object
    }

    /// Whether a key may be left out: `optional` keys are absent (or `null`) when they hold
    /// nothing, `nullable` keys are always written and hold `null` for nothing.
    public enum Presence: Sendable {
        case required, optional, nullable
    }

    public var holds: Holds
    public var presence: Presence
    /// What a list's elements hold (`.list` for a list of lists: points, rectangles); nil
    /// for a key that holds no list.
    public var items: Holds?

    // What the schema says of the key beyond that (LogSchema.swift: `values(_:)`, `ref(_:)`,
    // `minimum(_:)`, ...; the key's schema is `schema`).
    /// A closed key's set, the raw values of its enum.
    var closedSet: [String]?
    /// A shared definition (`$defs`) the key's schema refers to, instead of a type.
    var definition: String?
    /// Further keywords (`minimum`, `pattern`, `description`, ...), in order.
    var keywords: [LogSchema.Pair] = []
    /// A list's elements, where their type alone does not say them.
    var itemSchema: LogSchema?
    /// An object's keys (or a list's objects'), from their table: rendered only when the
    /// schema is (a spec is looked up at every key a debug build writes or reads).
    var objectKeys: (@Sendable () -> [LogSchema.Pair])?
    var isConditional = false
    var isRequiredByAlternative = false

    public static func == (a: Self, b: Self) -> Bool {
        a.holds == b.holds && a.presence == b.presence && a.items == b.items && a.closedSet == b.closedSet
            && a.definition == b.definition && a.keywords == b.keywords && a.itemSchema == b.itemSchema
            && a.objectKeys?() == b.objectKeys?() && a.isConditional == b.isConditional
            && a.isRequiredByAlternative == b.isRequiredByAlternative
    }

    public static func required(_ holds: Holds) -> Self {
        precondition(holds != .list, "a list's table entry says what its elements hold: required(listOf:)")
        return Self(holds: holds, presence: .required)
    }
    public static func optional(_ holds: Holds) -> Self {
        precondition(holds != .list, "a list's table entry says what its elements hold: optional(listOf:)")
        return Self(holds: holds, presence: .optional)
    }
    public static func nullable(_ holds: Holds) -> Self {
        precondition(holds != .list, "no nullable list")
        return Self(holds: holds, presence: .nullable)
    }
    public static func required(listOf items: Holds) -> Self { Self(holds: .list, presence: .required, items: items) }
    public static func optional(listOf items: Holds) -> Self { Self(holds: .list, presence: .optional, items: items) }
}

extension LogKey {
    /// `,"name":` (no comma after an object's `{`), checked against the table in debug
    /// builds: a value of another type than the table's, or `null` for a key that is not
    /// nullable, stops here.
    func open(_ holds: LogKeySpec.Holds, null: Bool = false, into out: inout [UInt8]) {
        assert(spec.holds == holds || null, "\(Self.self).\(rawValue) holds \(spec.holds), not \(holds)")
        assert(!null || spec.presence == .nullable, "\(Self.self).\(rawValue) is not nullable")
        JSONBytes.openKey(named: rawValue, into: &out)
    }

    func write(_ value: String, into out: inout [UInt8]) {
        open(.string, into: &out)
        JSONBytes.encode(value, into: &out)
    }

    func write<Value: RawRepresentable<String>>(closed value: Value, into out: inout [UInt8]) {
        open(.closed, into: &out)
        JSONBytes.encode(value.rawValue, into: &out)
    }

    func write(_ value: Int, into out: inout [UInt8]) {
        open(.integer, into: &out)
        JSONBytes.encode(value, into: &out)
    }

    func write(_ value: Double, into out: inout [UInt8]) {
        open(.number, into: &out)
        JSONBytes.encode(value, into: &out)
    }

    func write(_ value: Bool, into out: inout [UInt8]) {
        open(.boolean, into: &out)
        JSONBytes.append(value ? "true" : "false", to: &out)
    }

    /// A nullable key: the value, or `null`.
    func write(orNull value: String?, into out: inout [UInt8]) {
        open(.string, null: value == nil, into: &out)
        if let value { JSONBytes.encode(value, into: &out) } else { JSONBytes.append("null", to: &out) }
    }

    func write(orNull value: Double?, into out: inout [UInt8]) {
        open(.number, null: value == nil, into: &out)
        if let value { JSONBytes.encode(value, into: &out) } else { JSONBytes.append("null", to: &out) }
    }

    /// `[a,b,...]`: a list whose elements hold `items` (checked against the table in debug builds),
    /// each written by `element`.
    func write<Elements: Sequence>(list elements: Elements, of items: LogKeySpec.Holds, into out: inout [UInt8],
                                   _ element: (Elements.Element, inout [UInt8]) -> Void) {
        assert(spec.items == items, "\(Self.self).\(rawValue) is a list of \(spec.items.map { "\($0)" } ?? "nothing"), not of \(items)")
        open(.list, into: &out)
        JSONBytes.array(elements, into: &out, element)
    }

    func write(numbers: [Double], into out: inout [UInt8]) {
        write(list: numbers, of: .number, into: &out) { JSONBytes.encode($0, into: &$1) }
    }

    func write(strings: [String], into out: inout [UInt8]) {
        write(list: strings, of: .string, into: &out) { JSONBytes.encode($0, into: &$1) }
    }

    /// `{...}`, its keys written by `body`.
    func write(object body: (inout [UInt8]) -> Void, into out: inout [UInt8]) {
        open(.object, into: &out)
        out.append(UInt8(ascii: "{"))
        body(&out)
        out.append(UInt8(ascii: "}"))
    }
}

extension LogKey {
    /// The table as names and specs, in its order.
    public static var table: [(name: String, spec: LogKeySpec)] { allCases.map { ($0.rawValue, $0.spec) } }
}
