@testable import TouchCore

/// Chooses the checkmark rule's shape limits (`CheckmarkLimits`) on people's strokes: the
/// code that picks the shipped values, in the tree so that anyone can rerun it
/// (`scripts/tune-gestures`, docs/gestures.md "Held out").
///
/// How: every stroke is measured once (`CheckmarkShape.measures`: each cut of its ends);
/// then coordinate descent from `start`, each limit in turn swept over its grid
/// (`grids`) with the others held, for at most `rounds` rounds (`CoordinateDescent`). A
/// value's worth on the people at hand is `score`: the checks that pass by a clear margin
/// less `falseWeight` for each other stroke near passing, with no shape named a checkmark
/// more than `falseBudget` of the time (the goal is 3 % for a new person: the
/// budget keeps a margin) nor the generated V's over `generatedVBudget`. Of the values that
/// score best, the middle one of their run is taken, not the first found: a limit chosen
/// at the edge of what these people drew is chosen for these people, the middle leaves
/// the next person as much room as the data allows on both sides.
///
/// The turn's angles and the least length are the user's settings (`--gesture`), the
/// cuts and the resampling the shape's method: the tuner leaves them as they are. `vRatio`
/// is not swept: with `vSlope` and `vSlopePerRatio` it draws one line, which the other two
/// already place.
struct CheckmarkTuner {
    /// One stroke, measured: who drew it, what it is, and the cuts that pass the rules no
    /// limit here moves (length, directions, turn). A stroke with none is never a check
    /// under any limits, and is kept only as a count.
    struct Sample {
        let subject: Int
        let isCheck: Bool
        let label: String
        let cuts: [CheckmarkShape.Measures]
    }

    let samples: [Sample]
    /// Generated V's (`HumanStrokes`, every generated person's hand, the strokes
    /// PeopleStrokeTests draws): a guard on every choice, not a person to choose on.
    let generatedVs: [Sample]
    let generatedVCount: Int
    /// The most of the generated V's a choice may name a checkmark: PeopleStrokeTests holds
    /// them under 7 %; the budget keeps a margin. Without it the choice on real people
    /// named 11 % of them (lopsided V's, near a check by construction).
    static let generatedVBudget = 0.07
    /// Strokes per person and shape, the ones that can never pass included.
    let totals: [Int: [String: Int]]
    let settings: GestureSettings

    /// A limit the tuner sweeps: where it is and the values it tries.
    struct Grid {
        let name: String
        let limit: WritableKeyPath<CheckmarkLimits, Double>
        let values: [Double]
    }

    static func steps(_ from: Double, _ to: Double, by step: Double) -> [Double] {
        // Rounded to a millionth, so that the shipped values are the literals the grid means.
        (0...Int(((to - from) / step).rounded())).map { ((from + Double($0) * step) * 1e6).rounded() / 1e6 }
    }

    static var grids: [Grid] { [
        Grid(name: "leastLegRatio", limit: \.leastLegRatio, values: steps(1.0, 2.0, by: 0.05)),
        Grid(name: "largestLegRatio", limit: \.largestLegRatio, values: steps(3, 12, by: 0.5)),
        Grid(name: "sideways", limit: \.sideways, values: steps(0, 0.6, by: 0.025)),
        Grid(name: "vSlope", limit: \.vSlope, values: steps(35, 80, by: 1)),
        Grid(name: "vSlopePerRatio", limit: \.vSlopePerRatio, values: steps(0, 80, by: 2.5)),
        Grid(name: "apart", limit: \.apart, values: steps(0.1, 0.9, by: 0.025)),
        Grid(name: "bow", limit: \.bow, values: steps(0.1, 0.5, by: 0.0125)),
    ] }

    static let rounds = 4
    /// Where the descent starts: the limits chosen by hand until 2026-12-06 (on all five
    /// people at once). Fixed, not the shipped ones, so that the choice does not depend on
    /// what was shipped before it.
    static let start = CheckmarkLimits(leastLegRatio: 1.3, largestLegRatio: 8, sideways: 0.25, vSlope: 55, vRatio: 1.6,
                                       vSlopePerRatio: 40, apart: 0.5, bow: 0.25)
    /// What one stroke of another shape near passing costs, in checks passing clearly.
    static let falseWeight = 2.0
    /// The most a shape may be named a checkmark on the people the limits are chosen on.
    static let falseBudget = 0.015

    init(strokes: [RealStroke], settings: GestureSettings = GestureSettings()) {
        self.settings = settings
        var totals: [Int: [String: Int]] = [:]
        var samples: [Sample] = []
        for stroke in strokes {
            totals[stroke.subject, default: [:]][stroke.label, default: 0] += 1
            let cuts = (CheckmarkShape.measures(of: stroke.points, settings: settings) ?? []).compactMap { $0 }
            // Only the cuts that some limits of the grids could pass.
            let open = cuts.filter { Self.fixedRulesPass($0, settings) }
            if !open.isEmpty {
                samples.append(Sample(subject: stroke.subject, isCheck: stroke.label == "check", label: stroke.label, cuts: open))
            }
        }
        self.samples = samples
        self.totals = totals
        var generated: [Sample] = [], count = 0
        for person in Person.all {
            for (p, pace) in HumanStrokes.Pace.allCases.enumerated() {
                for seed in 0..<UInt64(PeopleStrokeTests.strokesPerPace) {
                    let stroke = HumanStrokes.stroke(.v, pace: pace, seed: seed &+ UInt64(p) << 20 &+ 90_000, style: person.style)
                    count += 1
                    let cuts = (CheckmarkShape.measures(of: stroke.map(\.point), settings: settings) ?? []).compactMap { $0 }
                        .filter { Self.fixedRulesPass($0, settings) }
                    if !cuts.isEmpty { generated.append(Sample(subject: 0, isCheck: false, label: "v", cuts: cuts)) }
                }
            }
        }
        generatedVs = generated
        generatedVCount = count
    }

    /// The rules no swept limit moves: the legs' least lengths, the directions, the turn.
    static func fixedRulesPass(_ m: CheckmarkShape.Measures, _ settings: GestureSettings) -> Bool {
        m.firstLeg >= settings.checkmarkMinimumLength && m.secondLeg >= 3 * settings.checkmarkMinimumLength
            && m.downThenUp && m.sameSide
            && m.turn >= settings.checkmarkMinimumAngle && m.turn <= settings.checkmarkMaximumAngle
    }

    /// Checks named, and each shape's strokes named a checkmark, among `people`.
    struct Outcome {
        var checks = 0, checkCount = 0
        var falseChecks: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var recall: Double { checkCount == 0 ? 0 : Double(checks) / Double(checkCount) }
        func falseRate(_ shape: String) -> Double { Double(falseChecks[shape] ?? 0) / Double(max(1, counts[shape] ?? 0)) }
        var worstFalseRate: Double { counts.keys.filter { $0 != "check" }.map(falseRate).max() ?? 0 }
    }

    func outcome(_ limits: CheckmarkLimits, on people: Set<Int>) -> Outcome {
        var result = Outcome()
        for person in people {
            for (label, count) in totals[person] ?? [:] {
                result.counts[label, default: 0] += count
                if label == "check" { result.checkCount += count }
            }
        }
        for sample in samples where people.contains(sample.subject) {
            guard CheckmarkShape.passes(sample.cuts, settings: settings, limits: limits) else { continue }
            if sample.isCheck { result.checks += 1 } else { result.falseChecks[sample.label, default: 0] += 1 }
        }
        return result
    }

    /// How clearly a stroke passes under `limits`: over its cuts, the best of the least
    /// slack of any swept rule, each slack in `slackUnits` (positive: passes; 1: passes
    /// every rule by at least a unit; negative: fails by that much).
    func margin(_ sample: Sample, _ limits: CheckmarkLimits) -> Double {
        var best = -Double.infinity
        for m in sample.cuts {
            let steepest = limits.vSlope + limits.vSlopePerRatio * (m.legRatio - limits.vRatio)
            let u = Self.slackUnits
            let slack = min((m.legRatio - limits.leastLegRatio) / u.ratio, (limits.largestLegRatio - m.cutLegRatio) / u.largestRatio,
                            (m.sideways - limits.sideways) / u.proportion, (steepest - m.firstAngle) / u.angle,
                            (m.apart - limits.apart) / u.proportion, (limits.bow - m.bow) / u.bow)
            best = max(best, slack)
        }
        return best
    }

    /// What counts as a clear unit of slack for each kind of limit: a tenth of a legs'
    /// ratio, a whole one for the largest, 0.05 of a proportion of the second leg, 3
    /// degrees, 0.025 of a leg's length of bow. About the spread of one person's
    /// drawings of the same check (the five people's medians), so a stroke that passes by
    /// a unit would still pass drawn again.
    static let slackUnits = (ratio: 0.1, largestRatio: 1.0, proportion: 0.05, angle: 3.0, bow: 0.025)

    /// What the limits are worth on `people`: checks that pass by a clear unit
    /// (`margin` >= 1), less `falseWeight` for each other stroke that fails by less than
    /// one (`margin` > -1); -infinity when a shape is named a checkmark over the budget.
    func score(_ limits: CheckmarkLimits, on people: Set<Int>) -> Double {
        let o = outcome(limits, on: people)
        guard o.worstFalseRate <= Self.falseBudget else { return -.infinity }
        let generatedChecks = generatedVs.filter { CheckmarkShape.passes($0.cuts, settings: settings, limits: limits) }.count
        guard Double(generatedChecks) <= Self.generatedVBudget * Double(generatedVCount) else { return -.infinity }
        var clear = 0.0, near = 0.0
        for sample in samples where people.contains(sample.subject) {
            let m = margin(sample, limits)
            if sample.isCheck { if m >= 1 { clear += 1 } } else if m > -1 { near += 1 }
        }
        return clear - Self.falseWeight * near
    }

    /// The limits chosen on `people`, from `start`.
    func choose(on people: Set<Int>, from start: CheckmarkLimits = Self.start) -> CheckmarkLimits {
        let sweeps = Self.grids.map { CoordinateDescent.Sweep(limit: $0.limit, values: $0.values) }
        return CoordinateDescent.choose(from: start, sweeping: sweeps, rounds: Self.rounds) { score($0, on: people) }
    }

    /// "leastLegRatio 1.3, ...": the limits as the docs and the test print them.
    static func describe(_ limits: CheckmarkLimits) -> String {
        grids.map { "\($0.name) \(NearMiss.number(limits[keyPath: $0.limit]))" }.joined(separator: ", ")
    }
}
