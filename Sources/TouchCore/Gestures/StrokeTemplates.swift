/// The taught strokes, matched against a one-finger stroke when it lifts.
///
/// The stroke is named after its nearest template: the highest score, less a little for
/// steps that go another way and a corner unlike the template's (`rankPenalty`). It
/// counts only when it is also near enough to be that shape and not an untaught one: a
/// score of at least `minimumScore` (or, for a taught stroke, its own drawings' agreement
/// less `agreementAllowance`), steps that go the template's way, `minimumDirection`, a
/// sharpest corner at most `maximumRounding` degrees rounder than the template's, and no
/// untaught common shape ranked before it (`commonShapes`; docs/design/gestures.md, "Matching
/// taught strokes", "Common shapes", "Elastic pairing").
/// All the limits were measured on people's strokes (five people of the $1 logs, Wobbrock,
/// Wilson and Li, UIST 2007): each person teaching all 16 shapes from three drawings, and
/// teaching eight while drawing the other eight. The former fixed 0.89 named nothing for
/// one drawing in seven of a taught shape.
public struct StrokeTemplates: Equatable, Sendable {
    /// The strokes that name a stroke: taught and shipped.
    public var templates: [StrokeTemplate] { didSet { claimCommonShapes() } }
    /// Shapes people commonly draw, as other people drew them (the client loads the
    /// 16 shapes of the $1 logs from the package's `shapes` folder). They never name a
    /// stroke. A common shape that a template's drawings resemble is *claimed* by it: a
    /// lesson's template (fewer than `StrokeTemplate.agreementExamples` drawings) then
    /// also holds the common shape's drawings, so a quick drawing of it is matched against
    /// more than the teacher's three. An unclaimed one stands for a shape nobody taught: a
    /// stroke that ranks it before every template (`rankPenalty`) is not named. Empty:
    /// matching is as without them.
    public var commonShapes: [StrokeTemplate] = [] { didSet { claimCommonShapes() } }
    /// The least score that counts as a match.
    public var minimumScore: Double
    /// The least direction agreement (`StrokeTemplate.direction`) that counts as a match.
    /// The default, 0.725, is the tuner's choice on five people's taught and untaught
    /// strokes (`StrokeLimitsTuner`, 2026-12-06; 0.5 chosen by hand before): with it on a
    /// person left out, taught drawings are named right 99.1 % and untaught ones named
    /// 0.1 % (docs/design/gestures.md, "Held out"). The score, rounding and allowance defaults
    /// are its choice too: it left them where they were.
    public var minimumDirection: Double
    /// Degrees the stroke's sharpest corner may be rounder than the template's
    /// (`StrokeTemplate.corner`) and still match it.
    public var maximumRounding: Double

    /// What a lift is matched against: `templates`, each lesson with the drawings of the
    /// common shapes only it claims (same order and names).
    private(set) var matched: [StrokeTemplate] = []
    /// The common shapes no template claims.
    private(set) var unclaimed: [StrokeTemplate] = []

    /// The most strokes matched, and so loaded: with `StrokeTemplate.maximumExamples`
    /// each (a lesson's borrowed drawings included), a lift is matched in a few
    /// milliseconds at worst (docs/gestures.md, "Stroke files"), where 100 hostile files
    /// of 4,090 examples blocked every lift 1.2 s.
    public static let maximumCount = 32

    /// The most common shapes loaded, and drawings kept of each: the 16 shapes of the $1
    /// logs, five people's. Claiming compares every drawing of every template with every
    /// drawing of these, and the unclaimed ones are matched at every lift.
    public static let maximumCommonShapes = 16, maximumCommonDrawings = 5

    public init(_ templates: [StrokeTemplate] = [], minimumScore: Double = 0.84, minimumDirection: Double = 0.725,
                maximumRounding: Double = 35) {
        self.templates = templates
        self.minimumScore = minimumScore
        self.minimumDirection = minimumDirection
        self.maximumRounding = maximumRounding
        claimCommonShapes()
    }

    /// The nearest template to `stroke`, its score and direction agreement, the score it
    /// needs (`minimumScore`, or the template's own if higher, at most 0.9), and how much
    /// rounder the stroke's sharpest corner is than the template's (degrees, negative when
    /// sharper).
    public struct Nearest: Equatable, Sendable {
        public let name: String
        public let score: Double
        public let direction: Double
        public let limit: Double
        public let rounding: Double
        /// The lower score that names the stroke all the same (its own agreement less
        /// `agreementAllowance`); nil for a template with no `ownAgreement`.
        public let lowerLimit: Double?
        /// The score less that of the template or unclaimed common shape ranked second (1
        /// when there is none; against `commonShape` when one is ranked first). Said, not
        /// judged: no limit reads it.
        public let margin: Double
        /// The unclaimed common shape ranked before the template, and its score: the
        /// stroke is that untaught shape, not the template.
        public let commonShape: (name: String, score: Double)?

        public static func == (a: Nearest, b: Nearest) -> Bool {
            a.name == b.name && a.score == b.score && a.direction == b.direction && a.limit == b.limit
                && a.rounding == b.rounding && a.lowerLimit == b.lowerLimit && a.margin == b.margin
                && a.commonShape?.name == b.commonShape?.name && a.commonShape?.score == b.commonShape?.score
        }
    }

    /// The nearest template of `stroke`, whether or not it is near enough: the least
    /// rank (`rankPenalty`) of the templates, and any unclaimed common shape ranked before it.
    public func nearest(_ stroke: [Point]) -> Nearest? {
        guard !matched.isEmpty, let normalized = StrokeTemplate.normalized(stroke) else { return nil }
        let corner = StrokeTemplate.sharpestCorner(normalized)
        // A template that cannot rank under the second best so far is neither the nearest
        // nor the second, and its examples' pairings stop early (`rank(_:_:_:under:)`).
        var best: (index: Int, rank: Ranked)?
        var second = Double.infinity, secondScore: Double?
        // A turnable template is ranked by the nearest of the stroke as drawn and turned.
        let turned = turnable.contains(true) ? Self.turns.map { StrokeTemplate.turned(normalized, degrees: $0) } : []
        for (index, template) in matched.enumerated() {
            var found = Self.rank(template, normalized, corner, under: second)
            if turnable[index] {
                for stroke in turned {
                    if let r = Self.rank(template, stroke, corner, under: min(second, found?.rank ?? .infinity)) { found = r }
                }
            }
            guard let ranked = found else { continue }
            if let b = best, ranked.rank >= b.rank.rank {
                (second, secondScore) = (ranked.rank, ranked.score)
            } else {
                if let b = best { (second, secondScore) = (b.rank.rank, b.rank.score) }
                best = (index, ranked)
            }
        }
        guard let best else { return nil }
        // An unclaimed common shape ranked before the best template takes the stroke (the
        // first of them is kept); one between the best and the second is the margin's second.
        var common: (name: String, rank: Ranked)?
        for shape in unclaimed {
            guard let ranked = Self.rank(shape, normalized, corner, under: second) else { continue }
            if ranked.rank < best.rank.rank {
                if ranked.rank < common?.rank.rank ?? .infinity { common = (shape.name, ranked) }
            } else {
                (second, secondScore) = (ranked.rank, ranked.score)
            }
        }
        let template = matched[best.index], score = best.rank.score
        // With a common shape ranked first, the margin is under it.
        let other = common?.rank.score ?? secondScore
        return Nearest(name: template.name, score: score, direction: best.rank.direction,
                       limit: max(minimumScore, min(0.9, template.minimumScore ?? 0)),
                       rounding: template.corner - corner,
                       lowerLimit: template.ownAgreement.map { $0 - agreementAllowance },
                       margin: other.map { score - $0 } ?? 1,
                       commonShape: common.map { ($0.name, $0.rank.score) })
    }

    /// The turns (degrees) a turnable template is also matched at (`turnable`). On people's
    /// strokes held out (five people of the $1 logs, Wobbrock, Wilson and Li, UIST 2007;
    /// docs/design/gestures.md, "Turned strokes"): as drawn only, a person's arrows after the
    /// other four's were named 66.7 % (s09, whose arrows point right where the others'
    /// point up and right, 0 of 30); turned +-15 and 30 degrees 96.7 %, +-45 alone 96.7 %,
    /// +-15 to 45 97.3 % (s09 30 of 30), turned one way only (15-45) 77.3 %.
    public static let turns: [Double] = [-45, -30, -15, 15, 30, 45]

    /// The score under which every drawing of a template, turned by each of `turns`, must
    /// stay against every other template and every common shape it does not claim, for the
    /// template to be turnable: turned, it could not be named another shape at the default
    /// `stroke-min-score`. People's shipped shapes turned so (five people, ten drawings
    /// each, against the other shipped shapes and the 16 common shapes): arrow at most
    /// 0.82 (a caret), x 0.78 (an arrow), turnable; caret 0.88 (a question mark), circle
    /// 0.91 (a rectangle), v 0.92 (a check), not. Turning every template instead named
    /// 17-21 % of scribbles against 6.7 %, and 7-8 % of checks a V.
    public static let turnableUnder = 0.84

    /// Whether each of `matched` is turnable (`turnableUnder`).
    private(set) var turnable: [Bool] = []

    /// A template's place in the ranking of a stroke: lower is nearer.
    struct Ranked {
        let rank: Double, score: Double, direction: Double
    }

    /// How `template` ranks for a normalized stroke whose sharpest corner is `corner`:
    /// nil when it cannot rank under `bound`. The corner's part comes first (free), then the
    /// distance, followed only as far as the rank can still come under the bound, then the
    /// direction's part, for the few templates still in the running.
    static func rank(_ template: StrokeTemplate, _ normalized: [Point], _ corner: Double, under bound: Double) -> Ranked? {
        let cornerPart = cornerPenalty(rounding: template.corner - corner)
        let room = bound - cornerPart
        guard room > 0 else { return nil }
        // 1 less the score is the distance over half the diagonal, at most 1.
        let pairing = template.pairing(normalized, under: room > 1 ? .infinity : room * StrokeTemplate.halfDiagonal)
        guard pairing.distance.isFinite else { return nil }
        let score = StrokeTemplate.score(distance: pairing.distance)
        let direction = template.direction(normalized, from: pairing.start)
        let rank = 1 - score + rankPenalty(direction: direction, rounding: template.corner - corner)
        return rank < bound ? Ranked(rank: rank, score: score, direction: direction) : nil
    }

    /// What a template's direction agreement and corner add to its distance (1 less its
    /// score) to rank it: `directionWeight` per unit of direction short of 1, and
    /// `cornerWeight` per 180 degrees the corners differ beyond `cornerSlack`, either way.
    /// Only the ranking; the limits are the score's, direction's and corner's own.
    static func rankPenalty(direction: Double, rounding: Double) -> Double {
        directionWeight * (1 - direction) + cornerPenalty(rounding: rounding)
    }

    /// The corner's part of `rankPenalty`, known before the distance (`rank`).
    static func cornerPenalty(rounding: Double) -> Double {
        cornerWeight * max(0, abs(rounding) - cornerSlack) / 180
    }

    /// On people's strokes (five people of the $1 logs, each teaching all 16 shapes from
    /// three drawings; docs/design/gestures.md, "Elastic pairing"; measured with the directions
    /// paired index to index): ranked by score alone the nearest template is the drawn
    /// shape for 2,147 of 2,160 drawings (checks counted) and 2,135 are named; with 0.2 and
    /// 0.2, 2,150 and 2,139; 0.1-0.3 and 0.1-0.4 all give 2,148-2,150 and 2,137-2,139.
    static let directionWeight = 0.2, cornerWeight = 0.2, cornerSlack = 20.0

    /// Whether the nearest template is near enough to name the stroke.
    public func accepts(_ nearest: Nearest) -> Bool {
        guard nearest.commonShape == nil, nearest.direction >= minimumDirection, nearest.rounding <= maximumRounding
        else { return false }
        return nearest.score >= min(nearest.limit, nearest.lowerLimit ?? 1)
    }

    /// How far under its own examples' agreement a stroke may score to be named after a
    /// taught stroke below `minimumScore` (`StrokeTemplate.ownAgreement`). Measured on
    /// people's strokes (docs/design/gestures.md, "Elastic pairing"; with the points paired
    /// elastically, the directions still index to index): 0.10 named 2,139 of 2,160 taught
    /// drawings, 1 of 2,400 untaught ones and 6.4 % of scribbles; 0.08 2,137 and 5.7 %,
    /// 0.12 2,140 and 7.9 %, 0.14 2,144 and 10.1 %. With the directions elastic too, 0.10
    /// names 2,142 and 6.5 %. Until elastic pairing the stroke
    /// also had to score 0.08 over every other template; it now costs drawings and keeps
    /// out no untaught shape.
    /// A field, not a constant, so that the held-out measurement can name a person's
    /// strokes under the allowance chosen without them (`StrokeLimitsTuner`).
    public var agreementAllowance = 0.10

    /// The best-matching template of `stroke` and its score, if it is near enough.
    public func match(_ stroke: [Point]) -> (name: String, score: Double)? {
        guard let nearest = nearest(stroke), accepts(nearest) else { return nil }
        return (nearest.name, nearest.score)
    }

    /// Why the nearest template did not name the stroke, when it came close (a score within
    /// 0.1 of the score it needs).
    func nearMiss(_ nearest: Nearest) -> NearMiss? {
        // The score that names it: the limit, or the teacher's agreement less the allowance.
        let needed = min(nearest.limit, nearest.lowerLimit ?? nearest.limit)
        guard !accepts(nearest), nearest.score >= needed - 0.1 else { return nil }
        let n = NearMiss.number
        if let common = nearest.commonShape {
            // Ranked by direction and corner too, the untaught shape may come first with a
            // lower score than the template's.
            let how = common.score >= nearest.score ? "" : " in direction and corner"
            return NearMiss(recognizer: .template(nearest.name),
                            reason: "nearer the untaught shape \(common.name)\(how) (\(n(common.score)) against \(n(nearest.score)))",
                            setting: nil, value: nearest.score, limit: common.score)
        }
        if nearest.score < needed {
            return NearMiss(recognizer: .template(nearest.name), reason: "\(n(nearest.score)), needs \(n(needed))",
                            setting: nearest.limit > minimumScore ? nil : GestureSettings.Key.strokeMinimumScore, value: nearest.score, limit: needed)
        }
        if nearest.direction < minimumDirection {
            return NearMiss(recognizer: .template(nearest.name),
                            reason: "direction \(n(nearest.direction)), needs \(n(minimumDirection))",
                            setting: .strokeMinimumDirection, value: nearest.direction, limit: minimumDirection)
        }
        return NearMiss(recognizer: .template(nearest.name),
                        reason: "corner rounder by \(n(nearest.rounding)) degrees, at most \(n(maximumRounding))",
                        setting: .strokeMaximumRounding, value: nearest.rounding, limit: maximumRounding)
    }

    /// The least score of one of a template's drawings against a common shape, nearest of
    /// the common shapes to it, for the template to claim that shape. People's lesson
    /// drawings (five people of the $1 logs, Wobbrock, Wilson and Li, UIST 2007, each of
    /// the 16 shapes, three each) score 0.80-0.99 against their shape as the other four
    /// drew it, and their nearest common shape is their own shape for 237 of 240 (the
    /// others: two V's nearest the check, a brace nearest the bracket, claimed as well). A
    /// stroke of the user's own, like no common shape, claims none, and every common shape
    /// still stands for a shape nobody taught (docs/design/gestures.md, "Common shapes").
    public static let claimMinimum = 0.75

    /// The least score of a lesson's best drawing against a common shape it claims for
    /// the lesson to borrow that shape's drawings: a shape only like it (a square's
    /// nearest common shape when there is no rectangle among them may be the circle) stops
    /// standing for an untaught shape, but lends no drawings. On people's lessons (the
    /// five people, all 16 shapes) 0.85 names as many taught drawings as 0.75; 0.90 names 7
    /// fewer (98.3 % against 98.6 %), a lesson's best drawing scoring under it.
    public static let borrowMinimum = 0.85

    /// Sets `matched` and `unclaimed` from `templates` and `commonShapes`: each drawing of
    /// each template claims the common shape nearest to it, when it scores at least
    /// `claimMinimum`. A lesson (fewer than `StrokeTemplate.agreementExamples` drawings)
    /// takes the drawings of every common shape only it claims; a shipped stroke (ten
    /// drawings, five people's) has enough of its own. A lesson keeps at most
    /// `StrokeTemplate.maximumExamples` drawings, its own first. Runs when either list is
    /// set (a lesson learnt, the files loaded), never at the lift: at most 32 templates of
    /// ten drawings against 16 shapes of five, each way round, 51,200 comparisons, most
    /// cut short by the bound (`StrokeTemplate.distance(_:under:)`).
    mutating func claimCommonShapes() {
        guard !commonShapes.isEmpty else {
            matched = templates
            unclaimed = []
            turnable = templates.indices.map { isTurnable($0, against: []) }
            return
        }
        // The caps hold whatever the caller loaded.
        let commonShapes = commonShapes.prefix(Self.maximumCommonShapes).map { shape in
            shape.examples.count <= Self.maximumCommonDrawings ? shape
                : StrokeTemplate(name: shape.name, normalizedExamples: Array(shape.examples.prefix(Self.maximumCommonDrawings)))
        }
        // Per common shape: the templates that claim it, and each one's best score against it.
        var claimants = [[(template: Int, score: Double)]](repeating: [], count: commonShapes.count)
        for (index, template) in templates.enumerated() {
            for example in template.examples {
                var nearest = -1, nearestDistance = Double.infinity
                for (shape, common) in commonShapes.enumerated() {
                    let distance = common.pairing(example, under: nearestDistance, restarting: false).distance
                    if distance < nearestDistance { nearest = shape; nearestDistance = distance }
                }
                let score = StrokeTemplate.score(distance: nearestDistance)
                guard nearest >= 0, score >= Self.claimMinimum else { continue }
                if let k = claimants[nearest].firstIndex(where: { $0.template == index }) {
                    claimants[nearest][k].score = max(claimants[nearest][k].score, score)
                } else {
                    claimants[nearest].append((index, score))
                }
            }
        }
        matched = templates.enumerated().map { index, template in
            guard template.examples.count < StrokeTemplate.agreementExamples else { return template }
            let borrowed = commonShapes.indices.filter {
                claimants[$0].count == 1 && claimants[$0][0].template == index && claimants[$0][0].score >= Self.borrowMinimum
            }.flatMap { commonShapes[$0].examples }.prefix(StrokeTemplate.maximumExamples - template.examples.count)
            return borrowed.isEmpty ? template
                : StrokeTemplate(template, borrowing: Array(borrowed))
        }
        unclaimed = commonShapes.indices.filter { claimants[$0].isEmpty }.map { commonShapes[$0] }
        turnable = templates.indices.map { index in
            isTurnable(index, against: commonShapes.indices.filter { !claimants[$0].contains { $0.template == index } }.map { commonShapes[$0] })
        }
    }

    /// Whether template `index`'s own drawings, turned by each of `turns`, all score under
    /// `turnableUnder` against every other template (with what it borrows) and against
    /// `commonShapes` (those it does not claim). Runs with the claiming, never at the lift;
    /// the pairings stop as soon as they cannot come under the limit's distance, and the
    /// first drawing that comes near another shape ends the search.
    private func isTurnable(_ index: Int, against commonShapes: [StrokeTemplate]) -> Bool {
        guard templates[index].examples.count >= StrokeTemplate.agreementExamples else { return false }
        let bound = (1 - Self.turnableUnder) * StrokeTemplate.halfDiagonal
        let others = matched.indices.filter { $0 != index }.map { matched[$0] } + commonShapes
        for example in templates[index].examples {
            for degrees in Self.turns {
                let turned = StrokeTemplate.turned(example, degrees: degrees)
                for other in others where other.distance(turned, under: bound).isFinite { return false }
            }
        }
        return true
    }
}
