import TouchCore

/// An object of a line (the line itself, a frame's touch, a verdict), its keys read by
/// their table's cases (`LogKey`) with the type each must have. "optional" getters take a
/// missing key or `null` as nil; "nullable" ones require the key and take `null` as nil.
/// In debug builds a read of a key with another type or presence than its table gives
/// stops at the line that does it, so the decoder cannot drift from the table.
struct LogFields {
    let pairs: [(String, JSONValue)]

    private func value(_ key: String) -> JSONValue? { pairs.last { $0.0 == key }?.1 }

    private func required(_ key: String) throws(LogLineError) -> JSONValue {
        guard let value = value(key) else { throw LogLineError("no '\(key)'") }
        return value
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = value(key), value != .null else { return nil }
        return value
    }

    /// The key's name, after checking that its table says it holds `holds` with `presence`.
    private func name<Key: LogKey>(_ key: Key, _ holds: LogKeySpec.Holds, _ presence: LogKeySpec.Presence,
                                   items: LogKeySpec.Holds? = nil) -> String {
        assert(key.spec.holds == holds, "\(Key.self).\(key.rawValue) holds \(key.spec.holds), read as \(holds)")
        assert(key.spec.presence == presence, "\(Key.self).\(key.rawValue) is \(key.spec.presence), read as \(presence)")
        assert(key.spec.items == items, "\(Key.self).\(key.rawValue)'s elements are read as \(items.map { "\($0)" } ?? "nothing")")
        return key.rawValue
    }

    private static func string(_ value: JSONValue, _ key: String) throws(LogLineError) -> String {
        guard case .string(let s) = value else { throw LogLineError("'\(key)' is not a string") }
        return s
    }

    private static func double(_ value: JSONValue, _ key: String) throws(LogLineError) -> Double {
        switch value {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: throw LogLineError("'\(key)' is not a number")
        }
    }

    private static func int(_ value: JSONValue, _ key: String) throws(LogLineError) -> Int {
        // Exact as written; a whole number written with a fraction or an exponent (another
        // writer's 3.0) is taken where a Double holds it exactly.
        if case .integer(let i) = value { return i }
        guard case .number(let d) = value, d == d.rounded() else { throw LogLineError("'\(key)' is not an integer") }
        // A whole number past Int (2^63) as digits, or past what a Double holds exactly.
        guard abs(d) < 9e15 else { throw LogLineError("'\(key)' is out of range") }
        return Int(d)
    }

    private static func bool(_ value: JSONValue, _ key: String) throws(LogLineError) -> Bool {
        guard case .bool(let b) = value else { throw LogLineError("'\(key)' is not true or false") }
        return b
    }

    private static func array(_ value: JSONValue, _ key: String) throws(LogLineError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw LogLineError("'\(key)' is not a list") }
        return elements
    }

    private static func closed<Value: RawRepresentable<String>>(_ value: JSONValue, _ key: String) throws(LogLineError) -> Value {
        let name = try string(value, key)
        guard let value = Value(rawValue: name) else { throw LogLineError("'\(key)' has an unknown value '\(LogLineError.quoted(name))'") }
        return value
    }

    private static func doubles(_ value: JSONValue, _ key: String) throws(LogLineError) -> [Double] {
        var result: [Double] = []
        for element in try array(value, key) { result.append(try double(element, key)) }
        return result
    }

    // Required keys.

    func string(_ key: some LogKey) throws(LogLineError) -> String {
        let key = name(key, .string, .required)
        return try Self.string(try required(key), key)
    }

    func double(_ key: some LogKey) throws(LogLineError) -> Double {
        let key = name(key, .number, .required)
        return try Self.double(try required(key), key)
    }

    func int(_ key: some LogKey) throws(LogLineError) -> Int {
        let key = name(key, .integer, .required)
        return try Self.int(try required(key), key)
    }

    /// A compositor's touch id: an integer that fits wl_touch's int.
    func int32(_ key: some LogKey) throws(LogLineError) -> Int32 {
        guard let value = Int32(exactly: try int(key)) else { throw LogLineError("'\(key.rawValue)' is out of range") }
        return value
    }

    func bool(_ key: some LogKey) throws(LogLineError) -> Bool {
        let key = name(key, .boolean, .required)
        return try Self.bool(try required(key), key)
    }

    /// A value of a closed set (a phase, a state, a kind): one of the enum's raw values,
    /// or an error that names the key and the value.
    func closed<Value: RawRepresentable<String>>(_ key: some LogKey) throws(LogLineError) -> Value {
        let key = name(key, .closed, .required)
        return try Self.closed(try required(key), key)
    }

    func strings(_ key: some LogKey) throws(LogLineError) -> [String] {
        let key = name(key, .list, .required, items: .string)
        var result: [String] = []
        for element in try Self.array(try required(key), key) { result.append(try Self.string(element, key)) }
        return result
    }

    /// The objects of a list, each read by `read`.
    func objects<Element>(_ key: some LogKey, _ read: (LogFields) throws(LogLineError) -> Element) throws(LogLineError) -> [Element] {
        let key = name(key, .list, .required, items: .object)
        var result: [Element] = []
        for element in try Self.array(try required(key), key) {
            guard case .object(let pairs) = element else { throw LogLineError("an entry of '\(key)' is not an object") }
            result.append(try read(LogFields(pairs: pairs)))
        }
        return result
    }

    // Nullable keys: always written, `null` for nothing.

    func nullableString(_ key: some LogKey) throws(LogLineError) -> String? {
        let key = name(key, .string, .nullable)
        let value = try required(key)
        return value == .null ? nil : try Self.string(value, key)
    }

    /// `required: false` for a line whose other keys leave this one out (a discarded
    /// commit's presentation): read only when there, and nil when not.
    func nullableDouble(_ key: some LogKey, required isRequired: Bool = true) throws(LogLineError) -> Double? {
        let key = name(key, .number, .nullable)
        guard let value = isRequired ? try required(key) : self.value(key) else { return nil }
        return value == .null ? nil : try Self.double(value, key)
    }

    // Optional keys: absent (or `null`) for nothing.

    func optionalString(_ key: some LogKey) throws(LogLineError) -> String? {
        let key = name(key, .string, .optional)
        return try present(key).map { v throws(LogLineError) in try Self.string(v, key) }
    }

    func optionalDouble(_ key: some LogKey) throws(LogLineError) -> Double? {
        let key = name(key, .number, .optional)
        return try present(key).map { v throws(LogLineError) in try Self.double(v, key) }
    }

    func optionalInt(_ key: some LogKey) throws(LogLineError) -> Int? {
        let key = name(key, .integer, .optional)
        return try present(key).map { v throws(LogLineError) in try Self.int(v, key) }
    }

    func optionalBool(_ key: some LogKey) throws(LogLineError) -> Bool? {
        let key = name(key, .boolean, .optional)
        return try present(key).map { v throws(LogLineError) in try Self.bool(v, key) }
    }

    func optionalClosed<Value: RawRepresentable<String>>(_ key: some LogKey) throws(LogLineError) -> Value? {
        let key = name(key, .closed, .optional)
        return try present(key).map { v throws(LogLineError) in try Self.closed(v, key) }
    }

    func optionalDoubles(_ key: some LogKey) throws(LogLineError) -> [Double]? {
        let key = name(key, .list, .optional, items: .number)
        return try present(key).map { v throws(LogLineError) in try Self.doubles(v, key) }
    }

    /// `count` numbers (a point's two, a rectangle's four), or nil when the key is absent.
    func optionalDoubles(_ key: some LogKey, count: Int) throws(LogLineError) -> [Double]? {
        guard let numbers = try optionalDoubles(key) else { return nil }
        guard numbers.count == count else { throw LogLineError("'\(key.rawValue)' is not \(count) numbers") }
        return numbers
    }

    func optionalInts(_ key: some LogKey) throws(LogLineError) -> [Int]? {
        let key = name(key, .list, .optional, items: .integer)
        guard let value = present(key) else { return nil }
        var result: [Int] = []
        for element in try Self.array(value, key) { result.append(try Self.int(element, key)) }
        return result
    }

    /// Lists of numbers (a corners guide's places, a qualify line's buttons).
    func optionalLists(_ key: some LogKey) throws(LogLineError) -> [[Double]]? {
        let key = name(key, .list, .optional, items: .list)
        guard let value = present(key) else { return nil }
        var result: [[Double]] = []
        for element in try Self.array(value, key) { result.append(try Self.doubles(element, key)) }
        return result
    }

    /// Rectangles as [x, y, width, height] each.
    func optionalRects(_ key: some LogKey) throws(LogLineError) -> [Rect]? {
        guard let lists = try optionalLists(key) else { return nil }
        var rects: [Rect] = []
        for r in lists {
            guard r.count == 4 else { throw LogLineError("an entry of '\(key.rawValue)' is not 4 numbers") }
            rects.append(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        return rects
    }

    func optionalObject(_ key: some LogKey) throws(LogLineError) -> LogFields? {
        let key = name(key, .object, .optional)
        guard let value = present(key) else { return nil }
        guard case .object(let pairs) = value else { throw LogLineError("'\(key)' is not an object") }
        return LogFields(pairs: pairs)
    }

    /// An object whose values are all numbers, in its order (its keys are names of the
    /// line's own, not a table's: a qualify line's thresholds).
    func optionalNumbers(_ key: some LogKey) throws(LogLineError) -> [(name: String, value: Double)]? {
        guard let object = try optionalObject(key) else { return nil }
        var result: [(name: String, value: Double)] = []
        for (name, value) in object.pairs { result.append((name, try Self.double(value, "\(key.rawValue).\(name)"))) }
        return result
    }
}
