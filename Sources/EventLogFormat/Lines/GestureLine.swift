import TouchCore

/// The core's own gesture: the line's keys are what its case holds (a template's score
/// to two decimals, as written).
// @LogLine 8: case gesture(Gesture) keys: Gesture.LineKey accessor: gesture

// A `gesture` line: the core's own gesture, its keys what its case holds.

// A gesture's `name`, then the keys its case has (docs/event-log.md); the decoder requires
// those of the case it reads. Each key is declared once, one line, in the file of a gesture
// that has it (`// @GestureLineKey N: key = spec`, in Sources/TouchCore/Gestures/Kinds/; the
// number orders `Gesture.LineKey`'s cases), and which keys each gesture has on its `// @Gesture`
// line (`line:`); `Gesture.LineKey`, its encoder, decoder and `keysAndDirection(of:)` are
// generated into GestureLine+Generated.swift by scripts/generate-gesture-code. The name is
// every gesture's:
// @GestureLineKey 1: name = .required(.closed).values(of: Gesture.Kind.self)

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
