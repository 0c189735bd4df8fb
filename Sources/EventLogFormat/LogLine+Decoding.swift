import TouchCore

extension LogLine {
    /// Reads one line (without its newline). Keys the contract does not know are ignored
    /// (later versions may add keys); an unknown `type`, a missing required key or a value
    /// of the wrong type is an error that names the key.
    public init(json line: some Collection<UInt8>) throws(LogLineError) {
        guard case .object(let pairs) = try JSONValue(parsing: line) else { throw LogLineError("a line is not an object") }
        let o = Fields(pairs: pairs)
        let type = try o.string("type")
        guard let kind = Kind(rawValue: type) else { throw LogLineError("unknown type '\(type)'") }
        switch kind {
        case .scene: self = .scene(name: try o.closed("name"))
        case .ready:
            self = .ready(width: try o.double("width"), height: try o.double("height"), scale: try o.double("scale"))
        case .configure:
            self = .configure(width: try o.double("width"), height: try o.double("height"),
                              fullscreen: try o.bool("fullscreen"), maximized: try o.bool("maximized"))
        case .seat:
            self = .seat(name: try o.optionalString("name"), touch: try o.bool("touch"),
                         pointer: try o.bool("pointer"), keyboard: try o.bool("keyboard"))
        case .frame:
            self = .frame(LogFrame(time: try o.int("time"), timeNs: try o.optionalInt("timeNs"), spots: try o.int("spots"),
                                   touches: try o.objects("touches").map(LogTouch.init)))
        case .hit:
            self = .hit(TouchHit(id: try o.int32("id"), view: try o.nullableString("view"),
                                 visited: try o.strings("visited"), ignored: try o.optionalBool("ignored") ?? false))
        case .responder:
            self = .responder(ResponderDelivery(id: try o.int32("id"), phase: try o.closed("phase"),
                                                chain: try o.strings("chain"), handledBy: try o.nullableString("handledBy")))
        case .gesture:
            self = .gesture(try Gesture(o))
        case .label: self = .label(text: try o.string("text"), slot: try o.closed("slot"))
        case .placard:
            self = .placard(PlacardState(center: Point(x: try o.double("x"), y: try o.double("y")), text: try o.string("text"),
                                         phase: try o.closed("state")))
        case .warning:
            let name = try o.string("kind")
            guard let warningKind = LogWarningKind(rawValue: name) else { throw LogLineError("unknown warning kind '\(name)'") }
            self = .warning(message: try o.string("message"), kind: warningKind)
        case .sync: self = .sync(count: try o.int("count"))
        case .nearmiss:
            // `text` is the misses in words, for people: required, and read from the misses.
            _ = try o.string("text")
            self = .nearmiss(try o.objects("misses").map(NearMiss.init))
        case .presented:
            self = .presented(LogPresented(commit: try o.int("commit"), touchToCommitMs: try o.double("touchToCommitMs"),
                                           touchToPresentMs: try o.optionalDouble("touchToPresentMs"),
                                           refreshMs: try o.optionalDouble("refreshMs"),
                                           discarded: try o.optionalBool("discarded"),
                                           waitedForFrame: try o.optionalBool("waitedForFrame"),
                                           inputToReadMs: try o.optionalDouble("inputToReadMs")))
        case .qualify:
            let stepKind: QualifyKind = try o.closed("kind")
            self = .qualify(QualifyProgress(plan: try o.string("plan"), step: try o.int("step"), of: try o.int("of"),
                                            kind: stepKind, state: try o.closed("state"),
                                            verdicts: try o.objects("verdicts").map(Verdict.init),
                                            millimetresPerPixel: try o.double("millimetresPerPixel"),
                                            panel: try o.optionalDoubles("panel", count: 2).map { Size(width: $0[0], height: $0[1]) }
                                                ?? Size(width: 0, height: 0),
                                            guide: try o.optionalObject("guide").map { g throws(LogLineError) in try QualifyStep(g, kind: stepKind) },
                                            next: try o.optionalDoubles("next", count: 2).map { Point(x: $0[0], y: $0[1]) },
                                            buttons: try o.optionalRects("buttons") ?? [],
                                            card: try o.optionalDoubles("card", count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
                                            thresholds: try o.optionalNumbers("thresholds").map(QualifyThresholds.init(named:))))
        case .output:
            self = .output(LogOutput(name: try o.optionalString("name"), physicalWidth: try o.int("physicalWidth"),
                                     physicalHeight: try o.int("physicalHeight"), width: try o.int("width"),
                                     height: try o.int("height"), refreshMillihertz: try o.int("refreshMillihertz"),
                                     transform: try o.closed("transform"), scale: try o.int("scale")))
        case .teach:
            self = .teach(LessonProgress(name: try o.string("name"), step: try o.closed("step"), examples: try o.int("examples"),
                                         needed: try o.int("needed"), agreement: try o.optionalDouble("agreement"),
                                         saveAt: try o.optionalDoubles("save", count: 2).map { Point(x: $0[0], y: $0[1]) },
                                         savedTo: try o.optionalString("path")))
        case .readout:
            self = .readout(ReadoutSnapshot(touches: try o.int("touches"), maxTouches: try o.int("maxTouches"),
                                            framesPerSecond: try o.double("framesPerSecond"),
                                            eventsPerFrame: try o.double("eventsPerFrame"),
                                            shapeSeen: try o.bool("shapeSeen"),
                                            fingers: try o.objects("fingers").map(FingerReadout.init)))
        }
    }

    /// Reads one line of text.
    public init(json line: String) throws(LogLineError) {
        try self.init(json: Array(line.utf8))
    }
}

extension LogTouch {
    fileprivate init(_ o: Fields) throws(LogLineError) {
        // The compositor's Int32, as hits and deliveries hold it: an id out of its range is
        // refused here, as theirs is.
        self.init(id: Int(try o.int32("id")), phase: try o.closed("phase"), x: try o.double("x"), y: try o.double("y"),
                  source: try o.optionalClosed("source"), pressure: try o.optionalDouble("pressure"),
                  tilt: try o.optionalDoubles("tilt"), distance: try o.optionalDouble("distance"),
                  buttons: try o.optionalInts("buttons"), major: try o.optionalDouble("major"),
                  minor: try o.optionalDouble("minor"), orientation: try o.optionalDouble("orientation"),
                  seat: try o.optionalString("seat"))
    }
}

extension Gesture {
    /// A `gesture` line: its `name`, and the keys that gesture has (docs/event-log.md).
    fileprivate init(_ o: Fields) throws(LogLineError) {
        switch try o.closed("name") as Kind {
        case .tap: self = .tap(count: try o.int("count"))
        case .swipe: self = .swipe(try o.closed("direction"), fingers: try o.int("fingers"))
        case .pinch: self = .pinch(try o.closed("direction"))
        case .checkmark: self = .checkmark
        case .longPress: self = .longPress(fingers: try o.int("fingers"))
        case .rotation: self = .rotation(try o.closed("direction"), degrees: try o.int("degrees"))
        case .edgeSwipe: self = .edgeSwipe(try o.closed("edge"), fingers: try o.int("fingers"))
        case .template: self = .template(name: try o.string("template"), score: try o.double("score"))
        }
    }
}

extension FingerReadout {
    /// A finger without `source` is a touchscreen's.
    fileprivate init(_ o: Fields) throws(LogLineError) {
        self.init(id: try o.int32("id"), source: try o.optionalClosed("source") ?? .touchscreen,
                  location: Point(x: try o.double("x"), y: try o.double("y")), dx: try o.double("dx"),
                  dy: try o.double("dy"), velocity: try o.optionalDouble("velocity"),
                  reportRate: try o.optionalDouble("reportRate"),
                  pressure: try o.optionalDouble("pressure"), major: try o.optionalDouble("major"),
                  minor: try o.optionalDouble("minor"), orientation: try o.optionalDouble("orientation"))
    }
}

/// An object's keys, read with the type each must have. "optional" getters take a missing
/// key or `null` as nil; "nullable" ones require the key and take `null` as nil.
private struct Fields {
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

    private static func string(_ value: JSONValue, _ key: String) throws(LogLineError) -> String {
        guard case .string(let s) = value else { throw LogLineError("'\(key)' is not a string") }
        return s
    }

    private static func double(_ value: JSONValue, _ key: String) throws(LogLineError) -> Double {
        guard case .number(let d) = value else { throw LogLineError("'\(key)' is not a number") }
        return d
    }

    private static func int(_ value: JSONValue, _ key: String) throws(LogLineError) -> Int {
        guard case .number(let d) = value, d == d.rounded(), abs(d) < 9e15 else {
            throw LogLineError("'\(key)' is not an integer")
        }
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

    func string(_ key: String) throws(LogLineError) -> String { try Self.string(try required(key), key) }
    func double(_ key: String) throws(LogLineError) -> Double { try Self.double(try required(key), key) }
    func int(_ key: String) throws(LogLineError) -> Int { try Self.int(try required(key), key) }
    /// A compositor's touch id: an integer that fits wl_touch's int.
    func int32(_ key: String) throws(LogLineError) -> Int32 {
        guard let value = Int32(exactly: try int(key)) else { throw LogLineError("'\(key)' is out of range") }
        return value
    }
    func bool(_ key: String) throws(LogLineError) -> Bool { try Self.bool(try required(key), key) }

    func nullableString(_ key: String) throws(LogLineError) -> String? {
        let value = try required(key)
        return value == .null ? nil : try Self.string(value, key)
    }

    func nullableDouble(_ key: String) throws(LogLineError) -> Double? {
        let value = try required(key)
        return value == .null ? nil : try Self.double(value, key)
    }

    /// A value of a closed set (a phase, a state, a kind): one of the enum's raw values,
    /// or an error that names the key and the value.
    func closed<Value: RawRepresentable<String>>(_ key: String) throws(LogLineError) -> Value {
        let name = try string(key)
        guard let value = Value(rawValue: name) else { throw LogLineError("'\(key)' has an unknown value '\(LogLineError.quoted(name))'") }
        return value
    }

    func optionalClosed<Value: RawRepresentable<String>>(_ key: String) throws(LogLineError) -> Value? {
        guard present(key) != nil else { return nil }
        return try closed(key) as Value
    }

    func optionalString(_ key: String) throws(LogLineError) -> String? {
        guard let value = present(key) else { return nil }
        return try Self.string(value, key)
    }

    func optionalDouble(_ key: String) throws(LogLineError) -> Double? {
        guard let value = present(key) else { return nil }
        return try Self.double(value, key)
    }

    func optionalInt(_ key: String) throws(LogLineError) -> Int? {
        guard let value = present(key) else { return nil }
        return try Self.int(value, key)
    }

    func optionalBool(_ key: String) throws(LogLineError) -> Bool? {
        guard let value = present(key) else { return nil }
        return try Self.bool(value, key)
    }

    func strings(_ key: String) throws(LogLineError) -> [String] {
        var result: [String] = []
        for element in try Self.array(try required(key), key) { result.append(try Self.string(element, key)) }
        return result
    }

    func optionalDoubles(_ key: String) throws(LogLineError) -> [Double]? {
        guard let value = present(key) else { return nil }
        var result: [Double] = []
        for element in try Self.array(value, key) { result.append(try Self.double(element, key)) }
        return result
    }

    /// `count` numbers (a point's two, a rectangle's four), or nil when the key is absent.
    func optionalDoubles(_ key: String, count: Int) throws(LogLineError) -> [Double]? {
        guard let numbers = try optionalDoubles(key) else { return nil }
        guard numbers.count == count else { throw LogLineError("'\(key)' is not \(count) numbers") }
        return numbers
    }

    /// Rectangles as [x, y, width, height] each.
    func optionalRects(_ key: String) throws(LogLineError) -> [Rect]? {
        guard let lists = try optionalPoints(key) else { return nil }
        var rects: [Rect] = []
        for r in lists {
            guard r.count == 4 else { throw LogLineError("an entry of '\(key)' is not 4 numbers") }
            rects.append(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        return rects
    }

    func optionalInts(_ key: String) throws(LogLineError) -> [Int]? {
        guard let value = present(key) else { return nil }
        var result: [Int] = []
        for element in try Self.array(value, key) { result.append(try Self.int(element, key)) }
        return result
    }

    func optionalObject(_ key: String) throws(LogLineError) -> Fields? {
        guard let value = present(key) else { return nil }
        guard case .object(let pairs) = value else { throw LogLineError("'\(key)' is not an object") }
        return Fields(pairs: pairs)
    }

    /// An object whose values are all numbers, in its order.
    func optionalNumbers(_ key: String) throws(LogLineError) -> [(name: String, value: Double)]? {
        guard let object = try optionalObject(key) else { return nil }
        var result: [(name: String, value: Double)] = []
        for (name, value) in object.pairs { result.append((name, try Self.double(value, "\(key).\(name)"))) }
        return result
    }

    func optionalPoints(_ key: String) throws(LogLineError) -> [[Double]]? {
        guard let value = present(key) else { return nil }
        var result: [[Double]] = []
        for element in try Self.array(value, key) {
            var point: [Double] = []
            for number in try Self.array(element, key) { point.append(try Self.double(number, key)) }
            result.append(point)
        }
        return result
    }

    func objects(_ key: String) throws(LogLineError) -> [Fields] {
        var result: [Fields] = []
        for element in try Self.array(try required(key), key) {
            guard case .object(let pairs) = element else { throw LogLineError("an entry of '\(key)' is not an object") }
            result.append(Fields(pairs: pairs))
        }
        return result
    }
}

extension Verdict {
    fileprivate init(_ o: Fields) throws(LogLineError) {
        self.init(validator: try o.string("validator"), figure: try o.nullableDouble("figure") ?? .infinity,
                  comparison: try o.closed("comparison"), threshold: try o.double("threshold"), unit: try o.string("unit"),
                  passed: try o.bool("passed"), detail: try o.string("detail"))
    }
}

extension NearMiss {
    fileprivate init(_ o: Fields) throws(LogLineError) {
        self.init(recognizer: try o.string("recognizer"), reason: try o.string("reason"),
                  setting: try o.optionalString("setting"), value: try o.double("value"), limit: try o.double("limit"))
    }
}

extension QualifyStep {
    /// A `started` line's guide, read as its kind's (`init?(kind:from:...)`, the rule the
    /// report's reader also goes through): a guide without what its kind needs, or with a
    /// value no step holds, is an error; keys its kind does not use are ignored (a later
    /// version may add some), as the report's reader ignores them.
    fileprivate init(_ o: Fields, kind: QualifyKind) throws(LogLineError) {
        guard let step = QualifyStep(kind: kind, from: try o.optionalDoubles("from"), to: try o.optionalDoubles("to"),
                                     at: try o.optionalDoubles("at"), points: try o.optionalPoints("points"),
                                     seconds: try o.optionalDouble("seconds"), count: try o.optionalInt("count")) else {
            throw LogLineError("a 'guide' that does not describe a step of kind '\(kind.rawValue)'")
        }
        self = step
    }
}
