import TouchCore

/// The core's own gesture: the line's keys are what its case holds (a template's score
/// to two decimals, as written).
// @LogLine 8: case gesture(Gesture) keys: Gesture.LineKey accessor: gesture

// A `gesture` line: the core's own gesture, its keys what its case holds.

extension Gesture {
    /// A gesture's `name`, then the keys its case has (docs/event-log.md); the decoder
    /// requires those of the case it reads.
    public enum LineKey: String, LogKey {
        case name, count, edge, direction, fingers, degrees, template, score
        public var spec: LogKeySpec {
            switch self {
            // The keys after `name` are declared under the names that have them (`schemaRules`).
            case .name: .required(.closed).values(of: Gesture.Kind.self)
            case .count: .optional(.integer).range(1...4).conditional
            case .fingers: .optional(.integer).range(1...5).conditional
            case .degrees: .optional(.integer).minimum(0).conditional
            case .edge: .optional(.closed).values(of: Gesture.Edge.self).conditional
            case .direction: .optional(.closed).conditional  // its set is the gesture's (`schemaRules`)
            case .template:
                .optional(.string).pattern("^[a-z0-9][a-z0-9-]*$")
                    .described(#"The taught stroke that matched (docs/gestures.md, "Taught strokes")."#).conditional
            case .score: .optional(.number).range(0...1).conditional
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.name.write(closed: kind, into: &out)
        switch self {
        case .tap(let count): LineKey.count.write(count, into: &out)
        case .swipe(let axis, let fingers):
            LineKey.direction.write(closed: axis, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .pinch(let direction): LineKey.direction.write(closed: direction, into: &out)
        case .checkmark: break
        case .longPress(let fingers): LineKey.fingers.write(fingers, into: &out)
        case .rotation(let direction, let degrees):
            LineKey.direction.write(closed: direction, into: &out)
            LineKey.degrees.write(degrees, into: &out)
        case .edgeSwipe(let edge, let fingers):
            LineKey.edge.write(closed: edge, into: &out)
            LineKey.fingers.write(fingers, into: &out)
        case .template(let name, let score):
            LineKey.template.write(name, into: &out)
            LineKey.score.write(score, into: &out)  // rounded once, in `Gesture.logged`
        }
    }

    init(_ o: LogFields) throws(LogLineError) {
        /// A key its case must have.
        func needed<Value>(_ key: LineKey, _ value: Value?) throws(LogLineError) -> Value {
            guard let value else { throw LogLineError("no '\(key.rawValue)'") }
            return value
        }
        switch try o.closed(LineKey.name) as Kind {
        case .tap: self = .tap(count: try needed(.count, o.optionalInt(LineKey.count)))
        case .swipe:
            self = .swipe(try needed(.direction, o.optionalClosed(LineKey.direction)),
                          fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .pinch: self = .pinch(try needed(.direction, o.optionalClosed(LineKey.direction)))
        case .checkmark: self = .checkmark
        case .longPress: self = .longPress(fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .rotation:
            self = .rotation(try needed(.direction, o.optionalClosed(LineKey.direction)),
                             degrees: try needed(.degrees, o.optionalInt(LineKey.degrees)))
        case .edgeSwipe:
            self = .edgeSwipe(try needed(.edge, o.optionalClosed(LineKey.edge)),
                              fingers: try needed(.fingers, o.optionalInt(LineKey.fingers)))
        case .template:
            self = .template(name: try needed(.template, o.optionalString(LineKey.template)),
                             score: try needed(.score, o.optionalDouble(LineKey.score)))
        }
    }
}

extension Gesture {
    /// The gesture as its line holds it: a template's score to two decimals.
    var logged: Gesture {
        if case .template(let name, let score) = self { return .template(name: name, score: hundredths(score)) }
        return self
    }
}

extension Gesture.LineKey: LogLineKey {
    /// Each gesture name requires the keys its case has (a `direction` of its own set), in
    /// `Gesture.Kind`'s order.
    public static var schemaRules: [LogSchema.Pair] {
        let rules: [LogSchema] = Gesture.Kind.allCases.compactMap { kind in
            let keys: [Self], direction: LogSchema?
            switch kind {
            case .tap: (keys, direction) = ([.count], nil)
            case .swipe: (keys, direction) = ([.direction, .fingers], .values(Gesture.Axis.allCases))
            case .pinch: (keys, direction) = ([.direction], .values(Gesture.PinchDirection.allCases))
            case .checkmark: (keys, direction) = ([], nil)
            case .longPress: (keys, direction) = ([.fingers], nil)
            case .rotation: (keys, direction) = ([.direction, .degrees], .values(Gesture.RotationDirection.allCases))
            case .edgeSwipe: (keys, direction) = ([.edge, .fingers], nil)
            case .template: (keys, direction) = ([.template, .score], nil)
            }
            guard !keys.isEmpty else { return nil }
            return .when(Self.name.rawValue, is: kind.rawValue, then: requiring(keys, overriding: direction.map { [(.direction, $0)] } ?? []))
        }
        return [.init("allOf", .array(rules))]
    }
}
