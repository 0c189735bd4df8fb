import TouchCore

/// The core's own lesson progress, as its line holds it (`LessonProgress.logged`). Boxed,
/// as `output`, `qualify` and `run` are: rare lines, each larger than the per-commit
/// `presented` line, and a line is as large as its largest case (the client queues one per
/// commit; `LogLineLayoutTests`).
// @LogLine 15: indirect case teach(LessonProgress) keys: LessonProgress.LineKey accessor: teach

// A `teach` line: the core's own progress of a stroke lesson (docs/gestures.md).

extension LessonProgress {
    /// `agreement` at `confirm`, the Save button's centre `save` while it shows, the
    /// file's `path` once saved.
    public enum LineKey: String, LogKey {
        case name, step, examples, needed, agreement, save, path
        public var spec: LogKeySpec {
            switch self {
            case .name: .required(.string).pattern("^[a-z0-9][a-z0-9-]{0,39}$")
            case .step: .required(.closed).values(of: StrokeLesson.Step.self)
            case .examples: .required(.integer).minimum(0)
            case .needed: .required(.integer).minimum(1)
            case .agreement: .optional(.number).range(0...1)
            case .save: .optional(listOf: .number).length(2)
            case .path: .optional(.string)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.name.write(name, into: &out)
        LineKey.step.write(closed: step, into: &out)
        LineKey.examples.write(examples, into: &out)
        LineKey.needed.write(needed, into: &out)
        if let agreement { LineKey.agreement.write(agreement, into: &out) }
        if let saveAt { LineKey.save.write(numbers: [saveAt.x, saveAt.y], into: &out) }
        if let savedTo { LineKey.path.write(savedTo, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(name: try o.string(LineKey.name), step: try o.closed(LineKey.step), examples: try o.int(LineKey.examples),
                  needed: try o.int(LineKey.needed), agreement: try o.optionalDouble(LineKey.agreement),
                  saveAt: try o.optionalDoubles(LineKey.save, count: 2).map { Point(x: $0[0], y: $0[1]) },
                  savedTo: try o.optionalString(LineKey.path))
    }
}

extension LessonProgress {
    /// The lesson as its line holds it: the agreement to three decimals, the Save button's
    /// place to hundredths of a pixel.
    public var logged: LessonProgress {
        var copy = self
        copy.agreement = agreement.map(thousandths)
        copy.saveAt = saveAt.map(hundredths)
        return copy
    }
}

extension LessonProgress.LineKey: LogLineKey {
    public static var schemaDescription: String? {
        "A stroke lesson (--record-gesture NAME) moved on a step: draw (examples so far of needed), confirm (every "
            + "drawing in; agreement and the Save button's centre), taught (saved to path), unsaved (Save failed: the "
            + "lesson stays and shows why, a template warning says it too; nothing was taught)."
    }
}
