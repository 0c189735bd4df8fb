import TouchCore

/// The core's own gesture: the line's keys are what its case holds (a template's score
/// to two decimals, as written).
// @LogLine 8: case gesture(Gesture) keys: Gesture.LineKey accessor: gesture

// A `gesture` line: the core's own gesture, its keys what its case holds.

extension Gesture {
    /// A gesture's `name`, then the keys its case has (docs/event-log.md); the decoder
    /// requires those of the case it reads. Which keys each gesture has is declared with
    /// the gesture (`line:`, Sources/TouchCore/Gestures/Kinds/); its encoder, decoder and
    /// `keysAndDirection(of:)` are generated into GestureLine+Generated.swift. A gesture
    /// that needs a key no other has adds it here.
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
            let (keys, direction) = Self.keysAndDirection(of: kind)
            guard !keys.isEmpty else { return nil }
            return .when(Self.name.rawValue, is: kind.rawValue, then: requiring(keys, overriding: direction.map { [(.direction, $0)] } ?? []))
        }
        return [.init("allOf", .array(rules))]
    }
}
