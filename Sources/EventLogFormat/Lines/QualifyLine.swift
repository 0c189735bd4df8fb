import TouchCore

/// The core's own progress of a qualify run, as its line holds it
/// (`QualifyProgress.logged`): what the offline judge and the harness's robot read.
// @LogLine 17: indirect case qualify(QualifyProgress) keys: QualifyProgress.LineKey accessor: qualify

// A `qualify` line: the core's own progress of a qualify run (docs/qualify.md).

extension QualifyProgress {
    /// `panel` is written only with a width, `buttons` only when there are some; `guide`
    /// at `started`, `thresholds` at `started` and `finished`.
    public enum LineKey: String, LogKey {
        case plan, step, of, kind, state, millimetresPerPixel, panel, guide, next, buttons, card, thresholds, verdicts
        public var spec: LogKeySpec {
            switch self {
            case .plan: .required(.string)
            case .step, .of: .required(.integer).minimum(0)
            case .kind: .required(.closed).values(of: QualifyKind.self)
            case .state: .required(.closed).values(of: QualifyProgress.State.self)
            case .millimetresPerPixel: .required(.number).exclusiveMinimum(0)
            case .panel: .optional(listOf: .number).length(2).described("The panel (the window) [width, height] in mm.")
            case .guide:
                .optional(.object).described("At 'started': the step's places in mm and its figures, the keys its kind "
                    + "needs (line: from, to, seconds; hold: at, seconds; taps: at, count; corners: points; drumroll: "
                    + "seconds).").object(QualifyStep.GuideKey.self)
            case .next:
                .optional(listOf: .number).length(2)
                    .described("The Next (Skip, Finish) button's centre in window px, while it is shown.")
            case .buttons:
                .optional(listOf: .list).described("At 'started': the buttons shown while the step is under way, each "
                    + "[x, y, width, height] in window px; a touch that begins on one is no part of the step. Absent in "
                    + "logs written before it was added.").items(.rectangle)
            case .card:
                .optional(listOf: .number).described("The card calibration's outline [x, y, width, height] in window px "
                    + "(states calibrating and calibrated; kind card, step 0).").length(4)
            case .thresholds:
                .optional(.object).described("At 'started': the limits the step is judged by, named as plan files name "
                    + "them, report-rate in Hz.").with("additionalProperties", ["type": "number"])
            case .verdicts: .required(listOf: .object).object(Verdict.LineKey.self)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.plan.write(plan, into: &out)
        LineKey.step.write(step, into: &out)
        LineKey.of.write(of, into: &out)
        LineKey.kind.write(closed: kind, into: &out)
        LineKey.state.write(closed: state, into: &out)
        LineKey.millimetresPerPixel.write(millimetresPerPixel, into: &out)
        if panel.width > 0 { LineKey.panel.write(numbers: [panel.width, panel.height], into: &out) }
        if let guide { LineKey.guide.write(object: guide.encodeGuide, into: &out) }
        if let next { LineKey.next.write(numbers: [next.x, next.y], into: &out) }
        if !buttons.isEmpty {
            LineKey.buttons.write(list: buttons, of: .list, into: &out) { rect, out in
                JSONBytes.array([rect.minX, rect.minY, rect.width, rect.height], into: &out) { JSONBytes.encode($0, into: &$1) }
            }
        }
        if let card { LineKey.card.write(numbers: [card.minX, card.minY, card.width, card.height], into: &out) }
        if let thresholds {
            // The limits' names are the plan files' (`QualifyThresholds.named`), not a table's.
            LineKey.thresholds.write(object: { out in
                for (index, limit) in thresholds.named.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONBytes.encode(limit.name, into: &out)
                    out.append(UInt8(ascii: ":"))
                    JSONBytes.encode(limit.value, into: &out)
                }
            }, into: &out)
        }
        LineKey.verdicts.write(list: verdicts, of: .object, into: &out) { $0.encode(into: &$1) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        let kind: QualifyKind = try o.closed(LineKey.kind)
        self.init(plan: try o.string(LineKey.plan), step: try o.int(LineKey.step), of: try o.int(LineKey.of),
                  kind: kind, state: try o.closed(LineKey.state),
                  verdicts: try o.objects(LineKey.verdicts, Verdict.init),
                  millimetresPerPixel: try o.double(LineKey.millimetresPerPixel),
                  panel: try o.optionalDoubles(LineKey.panel, count: 2).map { Size(width: $0[0], height: $0[1]) }
                      ?? Size(width: 0, height: 0),
                  guide: try o.optionalObject(LineKey.guide).map { g throws(LogLineError) in try QualifyStep(g, kind: kind) },
                  next: try o.optionalDoubles(LineKey.next, count: 2).map { Point(x: $0[0], y: $0[1]) },
                  buttons: try o.optionalRects(LineKey.buttons) ?? [],
                  card: try o.optionalDoubles(LineKey.card, count: 4).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
                  thresholds: try o.optionalNumbers(LineKey.thresholds).map(QualifyThresholds.init(named:)))
    }
}

extension Verdict {
    /// An entry of a qualify line's `verdicts`; an unmeasured figure is `null`.
    public enum LineKey: String, LogKey {
        case validator, figure, comparison, threshold, unit, passed, detail
        public var spec: LogKeySpec {
            switch self {
            case .unit, .detail: .required(.string)
            case .figure: .nullable(.number)
            case .validator: .required(.closed).values(of: QualifyValidator.self)
            case .comparison: .required(.closed).values(of: Verdict.Comparison.self)
            case .threshold: .required(.number)
            case .passed: .required(.boolean)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        LineKey.validator.write(closed: validator, into: &out)
        LineKey.figure.write(orNull: measured, into: &out)
        LineKey.comparison.write(closed: comparison, into: &out)
        LineKey.threshold.write(threshold, into: &out)
        LineKey.unit.write(unit, into: &out)
        LineKey.passed.write(passed, into: &out)
        LineKey.detail.write(detail, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(validator: try o.closed(LineKey.validator), figure: try o.nullableDouble(LineKey.figure) ?? .infinity,
                  comparison: try o.closed(LineKey.comparison), threshold: try o.double(LineKey.threshold),
                  unit: try o.string(LineKey.unit), passed: try o.bool(LineKey.passed), detail: try o.string(LineKey.detail))
    }
}

extension QualifyStep.GuideKey: LogKey {
    /// A `started` line's guide: places as [x, y] (corners a list of them), seconds and
    /// counts as numbers; which keys a step has is its kind's (`QualifyStep.guideEntries`).
    public var spec: LogKeySpec {
        switch self {
        case .from, .to, .at: .optional(listOf: .number).length(2)
        case .points: .optional(listOf: .list).items(.pair).minItems(1).maxItems(100)
        case .seconds: .optional(.number).exclusiveMinimum(0)
        case .count: .optional(.integer).minimum(1)
        }
    }

    /// A guide has its kind's keys and no others.
    public static var schemaRules: [LogSchema.Pair] { [.init("additionalProperties", false)] }
}

extension QualifyStep {
    /// The step's guide's keys, in `GuideKey`'s order (docs/event-log.md).
    func encodeGuide(into out: inout [UInt8]) {
        func point(_ p: Point, _ out: inout [UInt8]) { JSONBytes.array([p.x, p.y], into: &out) { JSONBytes.encode($0, into: &$1) } }
        for entry in guideEntries {
            switch entry.value {
            case .point(let p): entry.key.write(numbers: [p.x, p.y], into: &out)
            case .points(let points): entry.key.write(list: points, of: .list, into: &out, point)
            case .seconds(let seconds): entry.key.write(seconds, into: &out)
            case .count(let count): entry.key.write(count, into: &out)
            }
        }
    }

    /// A `started` line's guide, read as its kind's (`init?(kind:from:...)`, the rule the
    /// report's reader also goes through): a guide without what its kind needs, or with a
    /// value no step holds, is an error; keys its kind does not use are ignored (a later
    /// version may add some), as the report's reader ignores them.
    fileprivate init(_ o: LogFields, kind: QualifyKind) throws(LogLineError) {
        guard let step = QualifyStep(kind: kind, from: try o.optionalDoubles(GuideKey.from), to: try o.optionalDoubles(GuideKey.to),
                                     at: try o.optionalDoubles(GuideKey.at), points: try o.optionalLists(GuideKey.points),
                                     seconds: try o.optionalDouble(GuideKey.seconds), count: try o.optionalInt(GuideKey.count)) else {
            throw LogLineError("a 'guide' that does not describe a step of kind '\(kind.rawValue)'")
        }
        self = step
    }
}

extension QualifyProgress {
    /// The run's progress as its line holds it: figures and thresholds to three decimals,
    /// an unmeasured figure infinite (written null); the Next button's centre to hundredths
    /// of a pixel; the report rate's limit 60 where none was resolved; a panel without a
    /// width none; the scale, the panel, the guide, the buttons and the card exactly, so
    /// that an offline judge of the log measures what the live one measured.
    public var logged: QualifyProgress {
        var copy = self
        copy.verdicts = verdicts.map(\.logged)
        copy.next = next.map(hundredths)
        if panel.width <= 0 { copy.panel = Size(width: 0, height: 0) }
        if var limits = thresholds {
            limits.reportRate = limits.reportRate ?? QualifyThresholds.unknownRefreshRate
            copy.thresholds = limits
        }
        return copy
    }
}

extension Verdict {
    /// The verdict as its line holds it: figure and threshold to three decimals (a figure
    /// too large to scale kept as it is, `rounded(_:per:)`).
    public var logged: Verdict {
        Verdict(validator: validator, figure: figure.isFinite ? thousandths(figure) : figure, comparison: comparison,
                threshold: thousandths(threshold), unit: unit, passed: passed, detail: detail)
    }
}

extension QualifyThresholds {
    /// The limits as a `started` line names them, in its order: the plan files' names
    /// (`keys`), then `report-rate` in Hz (`unknownRefreshRate` where none was resolved).
    public var named: [(name: String, value: Double)] {
        Self.keys.map { ($0.name, self[keyPath: $0.value]) } + [(Self.reportRateKey, reportRate ?? Self.unknownRefreshRate)]
    }

    /// The limits a `started` line gives: unknown names and values that are not finite
    /// ignored, missing ones the defaults'.
    public init(named limits: [(name: String, value: Double)]) {
        self.init()
        for limit in limits where limit.value.isFinite {
            if limit.name == Self.reportRateKey { reportRate = limit.value; continue }
            if let key = Self.keys.first(where: { $0.name == limit.name }) { self[keyPath: key.value] = limit.value }
        }
    }
}

extension QualifyProgress.LineKey: LogLineKey {
    public static var schemaDescription: String? {
        "A qualify run (--qualify PLAN, docs/qualify.md) started, judged or skipped a step, or finished (step = of, "
            + "kind 'plan', every verdict of the run); or the card calibration (step 0, kind 'card') began or gave the scale."
    }
}
