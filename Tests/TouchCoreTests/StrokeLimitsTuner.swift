@testable import TouchCore

/// The four limits that decide whether the nearest taught stroke names a drawing
/// (`StrokeTemplates.accepts`): the least score, the least direction agreement, the most
/// rounding and the teacher's allowance.
struct StrokeLimits: Equatable, CustomStringConvertible {
    var minimumScore: Double, minimumDirection: Double, maximumRounding: Double, agreementAllowance: Double

    /// What touchspots ships (`StrokeTemplates`' defaults).
    static var shipped: StrokeLimits {
        let t = StrokeTemplates()
        return StrokeLimits(minimumScore: t.minimumScore, minimumDirection: t.minimumDirection,
                            maximumRounding: t.maximumRounding, agreementAllowance: t.agreementAllowance)
    }

    func apply(to strokes: inout StrokeTemplates) {
        strokes.minimumScore = minimumScore
        strokes.minimumDirection = minimumDirection
        strokes.maximumRounding = maximumRounding
        strokes.agreementAllowance = agreementAllowance
    }

    var description: String {
        let n = NearMiss.number
        return "stroke-min-score \(n(minimumScore)), stroke-min-direction \(n(minimumDirection)), "
            + "stroke-max-rounding \(n(maximumRounding)), allowance \(n(agreementAllowance))"
    }
}

/// Chooses `StrokeLimits` on people's strokes (five people of the $1 logs, Wobbrock,
/// Wilson and Li, UIST 2007), as `CheckmarkTuner` chooses the checkmark's: in the tree, so
/// that anyone can rerun it (`scripts/tune-gestures`, docs/gestures.md "Held out").
///
/// The people it is given are each measured as the taught-stroke tests measure them: each
/// teaches the 16 shapes from three drawings and draws the rest (named right or not), and
/// teaches eight shapes while drawing the other eight (named after a taught one or not),
/// the common shapes drawn by the others of the set only. The nearest taught stroke of each
/// drawing does not depend on the four limits, so it is found once (`Sample`) and judged
/// under each trial. A trial's worth: drawings named right less `untaughtWeight` for each
/// untaught drawing named, with no more than `scribbleBudget` of generated scribbles named; coordinate descent from `start` over `grids`, each limit left
/// where it is when it already scores best (these four are nearly flat over wide runs:
/// the folds' middles of them scattered 0.38-0.70 for the direction), else set to the
/// middle of its best run (as `CheckmarkTuner`). Checks are left out: the checkmark
/// rule names them before any taught stroke.
struct StrokeLimitsTuner {
    struct Sample {
        let subject: Int
        /// A taught shape's drawing (named right or not), else an untaught one.
        let taught: Bool
        let label: String
        let nearest: StrokeTemplates.Nearest?
    }

    var samples: [Sample] = []

    /// What one untaught drawing named costs, in taught drawings named right.
    static let untaughtWeight = 3.0
    /// The most of the scribbles a trial may name: a guard, not a cost (the scribbles are
    /// generated). RealStrokeTests holds scribbles named under 7 %, the level reached by
    /// hand; the budget keeps a margin under it.
    static let scribbleBudget = 0.06
    static let scribblesPerPerson = 200
    static let rounds = 3
    /// Where the descent starts: the limits chosen by hand until 2026-12-06.
    static let start = StrokeLimits(minimumScore: 0.84, minimumDirection: 0.5, maximumRounding: 35, agreementAllowance: 0.10)

    struct Grid {
        let name: String
        let limit: WritableKeyPath<StrokeLimits, Double>
        let values: [Double]
    }

    static var grids: [Grid] {
        [Grid(name: "minimumScore", limit: \.minimumScore, values: CheckmarkTuner.steps(0.70, 0.95, by: 0.01)),
         Grid(name: "minimumDirection", limit: \.minimumDirection, values: CheckmarkTuner.steps(0.2, 0.8, by: 0.025)),
         Grid(name: "maximumRounding", limit: \.maximumRounding, values: CheckmarkTuner.steps(10, 80, by: 2.5)),
         Grid(name: "agreementAllowance", limit: \.agreementAllowance, values: CheckmarkTuner.steps(0, 0.2, by: 0.01))]
    }

    /// The samples of `people`, each with the common shapes of the others among `people`.
    init(strokes: [RealStroke], people: Set<Int>) {
        let halves = [Array(RealStroke.shapes.prefix(8)), Array(RealStroke.shapes.suffix(8))]
        for person in people.sorted() {
            let mine = strokes.filter { $0.subject == person }
            let common = RealStroke.commonShapes(of: people.subtracting([person]), in: strokes)
            var taught = StrokeTemplates(RealStrokeTests.teach(RealStroke.shapes, from: mine))
            taught.commonShapes = common
            for stroke in mine where !RealStrokeTests.isLesson(stroke) && stroke.label != "check" {
                samples.append(Sample(subject: person, taught: true, label: stroke.label, nearest: taught.nearest(stroke.points)))
            }
            // Generated scribbles (`Scribbles`, seeded by the person, as RealStrokeTests
            // draws them): no shape, so any name is wrong. Real untaught drawings alone
            // leave the score's limit free over a wide run (the common shapes turn them
            // away), and its middle then lets scribbles in.
            for scribble in Scribbles.make(Self.scribblesPerPerson, seed: UInt64(person)) {
                samples.append(Sample(subject: person, taught: false, label: "scribble", nearest: taught.nearest(scribble.samples.map(\.point))))
            }
            for half in halves {
                var some = StrokeTemplates(RealStrokeTests.teach(half, from: mine))
                some.commonShapes = common
                for stroke in mine where !half.contains(stroke.label) {
                    samples.append(Sample(subject: person, taught: false, label: stroke.label, nearest: some.nearest(stroke.points)))
                }
            }
        }
    }

    /// Whether `nearest` names the drawing under `limits` (`StrokeTemplates.accepts`, the
    /// teacher's agreement recovered from the lower limit it was found with). Every template
    /// here is a lesson, whose score limit is `minimumScore` (a shipped stroke's own limit
    /// can be higher).
    static func accepts(_ nearest: StrokeTemplates.Nearest, _ limits: StrokeLimits) -> Bool {
        guard nearest.commonShape == nil, nearest.direction >= limits.minimumDirection,
              nearest.rounding <= limits.maximumRounding else { return false }
        let lower = nearest.lowerLimit.map { $0 + StrokeLimits.shipped.agreementAllowance - limits.agreementAllowance } ?? 1
        return nearest.score >= min(limits.minimumScore, lower)
    }

    /// Taught drawings named right and untaught ones named, of `people`.
    func outcome(_ limits: StrokeLimits, on people: Set<Int>) -> (right: Int, taught: Int, named: Int, untaught: Int, scribbles: Int) {
        var result = (right: 0, taught: 0, named: 0, untaught: 0, scribbles: 0)
        for sample in samples where people.contains(sample.subject) {
            let accepted = sample.nearest.map { Self.accepts($0, limits) } ?? false
            if sample.taught {
                result.taught += 1
                if accepted && sample.nearest?.name == sample.label { result.right += 1 }
            } else if sample.label == "scribble" {
                if accepted { result.scribbles += 1 }
            } else {
                result.untaught += 1
                if accepted { result.named += 1 }
            }
        }
        return result
    }

    func choose(on people: Set<Int>) -> StrokeLimits {
        let sweeps = Self.grids.map { CoordinateDescent.Sweep(limit: $0.limit, values: $0.values) }
        return CoordinateDescent.choose(from: Self.start, sweeping: sweeps, rounds: Self.rounds, keepsBest: true) { trial in
            let o = outcome(trial, on: people)
            guard Double(o.scribbles) <= Self.scribbleBudget * Double(Self.scribblesPerPerson * people.count) else { return -.infinity }
            return Double(o.right) - Self.untaughtWeight * Double(o.named)
        }
    }
}
