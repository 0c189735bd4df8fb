/// Which touches of a recording made without touchspots on screen belong to which step of
/// the plan (docs/qualify.md, "Steps found from the touches"). A person drawing a plan's
/// gestures on a panel under `libinput record`, or a robot, taps no Next button: the judge
/// must find each step's touches from the touches themselves, in the plan's order: a line
/// is one contact that travels the line's length, a hold one that stays put for about its
/// time, taps are short still contacts in one place, the corners short contacts far apart,
/// the most contacts many fingers down at once, a pinch two fingers moving together, a
/// drumroll many short contacts over about its time, the edges four contacts travelling
/// out.
///
/// Touches that overlap in time (a lift and a landing in one report too, as a contact
/// whose id jumps) are never split between steps: they make one *group*. Each step takes
/// a run of whole groups; a group may belong to no step (a stray tap, a Next tap where the
/// recording has them). The choice is the one of least cost over the whole recording
/// (dynamic programming over groups and steps): each step's fit to what it asks, plus a
/// cost for every group left out and every step not found. Fits look at shapes and
/// counts; places only break ties (`placeCost`, at most 0.2, less than any count's): a
/// mirrored or rotated panel draws the right shapes in the wrong places, and that is for
/// the mapping check to say, not for the finder to hide. A finger resting through the whole
/// recording joins every touch into one group: such a recording needs `--steps` given.
public struct StepFinder: Sendable {
    /// The steps asked, on the panel (mm, seconds).
    public var steps: [QualifyStep]
    public var panel: Size

    public init(steps: [QualifyStep], panel: Size) {
        self.steps = steps
        self.panel = panel
    }

    /// What was found for one step: the indices of its contacts (in the list given) and
    /// why; `contacts` empty when no group fitted (the step is then skipped).
    public struct Found: Equatable, Sendable {
        public var contacts: [Int]
        public var reason: String
    }

    /// The cost of a step found nowhere: more than any group's misfit that a person's
    /// drawing of the step would have, less than taking a run of another step's touches.
    static let missingStep = 4.0
    /// Leaving out one short still contact (a stray tap, a Next tap) costs less than
    /// taking it into a step as a contact too many (0.8); leaving out more costs more.
    static let leftOutTap = 0.6
    static let leftOutOther = 1.5
    /// A contact too many or too few for what the step asks.
    static let countMiss = 0.8
    /// What a step must at least show to be taken for it at all, as a share of what it asks:
    /// a line travelling a third of its length, a hold held a third of its time. Without it
    /// a step not drawn took a tap of the next step's for itself (a 0.1 s "hold") rather
    /// than be found nowhere. Taps need a tap, the most contacts and the pinch two fingers
    /// down at once.
    static let least = 1.0 / 3

    /// A ghost (one report) in a step: cheap, as faulty panels make them mid-step.
    static let ghostCost = 0.2
    /// A tap: shorter than this, seconds, and travelling less than `stillTravel` mm.
    public static let tapDuration = 1.0
    static let stillTravel = 10.0
    /// Contacts farther than this, mm, from their group's middle do not belong to one
    /// place's taps (a Next button is far from the target).
    static let samePlace = 25.0

    /// Each step's contacts, in the plan's order; and the groups left out, as contact indices.
    public func find(_ contacts: [Contact]) -> (steps: [Found], leftOut: [[Int]]) {
        let groups = Self.groups(contacts)
        let most = groups.map { Self.mostAtOnce($0.map { contacts[$0] }) }
        let shapes = contacts.map { Shape($0, panel: panel) }
        let n = groups.count, k = steps.count
        // cost[s][g]: least cost with `s` steps placed and `g` groups used; `back` says how.
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: n + 1), count: k + 1)
        var back = [[(Int, Int)]](repeating: [(Int, Int)](repeating: (-1, -1), count: n + 1), count: k + 1)
        cost[0][0] = 0
        for s in 0...k {
            for g in 0...n where cost[s][g].isFinite {
                let here = cost[s][g]
                if g < n {
                    let left = here + leftOutCost(groups[g], shapes)
                    if left < cost[s][g + 1] { cost[s][g + 1] = left; back[s][g + 1] = (s, g) }
                }
                guard s < k else { continue }
                if here + Self.missingStep < cost[s + 1][g] { cost[s + 1][g] = here + Self.missingStep; back[s + 1][g] = (s, g) }
                var tally = Tally()
                for end in g..<min(n, g + maximumGroups(steps[s])) {
                    tally.add(groups[end], of: shapes, mostAtOnce: most[end])
                    // A drumroll far longer than asked only gets worse.
                    if case .drumroll(let seconds) = steps[s], tally.last - tally.first > 3 * seconds + 2 { break }
                    let total = here + fit(steps[s], tally, bound: cost[s + 1][end + 1] - here).cost
                    if total < cost[s + 1][end + 1] { cost[s + 1][end + 1] = total; back[s + 1][end + 1] = (s, g) }
                }
            }
        }
        var found = [Found](repeating: Found(contacts: [], reason: "no touches fitted it"), count: k)
        var leftOut: [[Int]] = []
        var (s, g) = (k, n)
        while s > 0 || g > 0 {
            let (ps, pg) = back[s][g]
            if ps == s {
                leftOut.insert(groups[pg], at: 0)
            } else if pg < g {
                var tally = Tally()
                for group in pg..<g { tally.add(groups[group], of: shapes, mostAtOnce: most[group]) }
                found[ps] = Found(contacts: tally.contacts, reason: fit(steps[ps], tally, bound: .infinity, explain: true).reason)
            }
            (s, g) = (ps, pg)
        }
        return (found, leftOut)
    }

    /// Contacts overlapping in time, as index lists in the order they began.
    static func groups(_ contacts: [Contact]) -> [[Int]] {
        let order = contacts.indices.sorted { (contacts[$0].began, $0) < (contacts[$1].began, $1) }
        var groups: [[Int]] = []
        var end = -Double.infinity
        for index in order {
            // A landing in the report its predecessor lifted in (1 ms) is the same movement.
            if groups.isEmpty || contacts[index].began > end + 0.001 { groups.append([]) }
            groups[groups.count - 1].append(index)
            end = max(end, contacts[index].ended)
        }
        return groups
    }

    /// The most groups a step may span: its contacts, and a few more for faults.
    func maximumGroups(_ step: QualifyStep) -> Int {
        switch step {
        case .line, .hold, .pinch, .maximumContacts: 4
        case .taps(_, let count): count + 4
        case .corners(let points): points.count + 4
        case .edges: QualifyStep.edgeOrder.count + 4
        case .drumroll(let seconds): Int(seconds * 25) + 10
        }
    }

    /// A tap as the finder and the report say it: shorter than `tapDuration`, travelling
    /// less than `stillTravel`.
    public static func isTap(_ contact: Contact) -> Bool {
        isTap(duration: contact.ended - contact.began, length: contact.length)
    }

    static func isTap(duration: Double, length: Double) -> Bool { duration < tapDuration && length < stillTravel }

    func leftOutCost(_ group: [Int], _ shapes: [Shape]) -> Double {
        group.count == 1 && shapes[group[0]].isTap ? Self.leftOutTap : Self.leftOutOther * Double(group.count)
    }

    /// What the fits look at, added a group at a time so that trying one more group
    /// costs that group's contacts only: a recording of 20,000 landings is judged in
    /// seconds.
    struct Tally {
        var contacts: [Int] = []
        var starts: [Point] = []
        var fingers = 0, ghosts = 0, taps = 0, moving = 0, travelling = 0, groups = 0, mostAtOnce = 0
        /// The fingers of the group with the most down at once.
        var biggest = 0
        /// Fingers that began over `samePlace` mm from where the first began: taps and
        /// drumming are in one place (a stray first finger makes all the others apart,
        /// and the finder leaves it out instead). Counted as they come, so that a drumroll
        /// of hundreds costs no sort.
        var apart = 0
        var travel = 0.0
        var first = Double.infinity, last = -Double.infinity
        /// The finger held longest: its time and its travel.
        var held: (duration: Double, length: Double)?

        mutating func add(_ group: [Int], of all: [Shape], mostAtOnce most: Int) {
            groups += 1
            if most > mostAtOnce { biggest = group.filter { !all[$0].isGhost }.count }
            mostAtOnce = max(mostAtOnce, most)
            for index in group {
                let shape = all[index]
                contacts.append(index)
                guard !shape.isGhost else { ghosts += 1; continue }
                fingers += 1
                if let anchor = starts.first, anchor.distance(to: shape.start) > StepFinder.samePlace { apart += 1 }
                starts.append(shape.start)
                travel += shape.length
                if shape.isTap { taps += 1 }
                if shape.length >= 5 { moving += 1 }
                if shape.travelsOut { travelling += 1 }
                first = min(first, shape.began)
                last = max(last, shape.ended)
                if shape.ended - shape.began > held?.duration ?? -1 { held = (shape.ended - shape.began, shape.length) }
            }
        }
    }

    /// What the fits ask of one contact, worked out once (a contact's length is a walk
    /// along its reports).
    struct Shape {
        var began: Double, ended: Double, length: Double
        var start: Point
        var isGhost: Bool, isTap: Bool
        /// Its last report a quarter of the panel's shorter side or more from its first.
        var travelsOut: Bool

        init(_ contact: Contact, panel: Size) {
            began = contact.began
            ended = contact.ended
            length = contact.length
            start = contact.samples.first?.point ?? Point(x: 0, y: 0)
            isGhost = contact.isGhost
            isTap = StepFinder.isTap(duration: ended - began, length: length)
            let end = contact.samples.last?.point ?? start
            travelsOut = start.distance(to: end) >= min(panel.width, panel.height) / 4
        }
    }

    /// How badly the tallied contacts fit `step` (0: as asked), and what they are, for the
    /// report. Past `bound` the costly parts are not counted (the choice is lost anyway).
    func fit(_ step: QualifyStep, _ t: Tally, bound: Double, explain: Bool = false) -> (cost: Double, reason: String) {
        // The words are made only when asked: making them for every run of groups tried
        // took a third of the time.
        func result(_ cost: Double, _ words: @autoclosure () -> String) -> (cost: Double, reason: String) {
            (cost, explain ? words() : "")
        }
        let base = Self.ghostCost * Double(t.ghosts)
        func count(_ asked: Int) -> Double { Self.countMiss * Double(abs(t.fingers - asked)) }
        let ghostNote = t.ghosts == 0 ? "" : ", and \(t.ghosts) of one report"
        func mm(_ value: Double) -> String { fixed(value, decimals: 0) }
        guard t.fingers > 0 else { return (.infinity, "") }
        switch step {
        case .line(let from, let to, _):
            let asked = max(from.distance(to: to), 1)
            guard t.travel >= Self.least * asked else { return (.infinity, "") }
            return result(base + count(1) + 2 * abs(t.travel - asked) / asked,
                    "\(t.fingers) contact(s) travelling \(mm(t.travel)) mm in all, asked one line of \(mm(asked)) mm\(ghostNote)")
        case .hold(_, let seconds):
            let held = t.held ?? (0, 0)
            guard held.duration >= Self.least * seconds else { return (.infinity, "") }
            let short = max(0, 0.8 * seconds - held.duration) / max(seconds, 0.1)
            let moved = max(0, held.length - Self.stillTravel) / Self.stillTravel
            return result(base + count(1) + 2 * short + moved,
                    "a contact held \(fixed(held.duration, decimals: 1)) s, moving \(mm(held.length)) mm, asked \(fixed(seconds, decimals: 1)) s still\(t.fingers > 1 ? ", with \(t.fingers - 1) more" : "")\(ghostNote)")
        case .taps(let target, let asked):
            guard t.taps > 0 else { return (.infinity, "") }
            let cheap = base + count(asked) + Double(t.fingers - t.taps) + 0.8 * Double(t.apart)
            return result(cheap + (cheap < bound ? placeCost(t.starts, [target]) : 0),
                    "\(t.taps) short still contact(s)\(t.fingers > t.taps ? " and \(t.fingers - t.taps) longer" : "") in one place, asked \(asked) taps\(ghostNote)")
        case .corners(let points):
            // Taps far apart: each a fifth of the panel's diagonal from the others; a
            // cluster in one place is the taps step, not this.
            var cheap = base + count(points.count) + Double(t.fingers - t.taps)
            var close = 0
            // Pairs are counted only where the count leaves the fit a chance: a group of
            // thousands of fingers costs its count, not a million distances.
            if cheap < bound, t.fingers <= points.count + 4 {
                cheap += placeCost(t.starts, points)
                let diagonal = (panel.width * panel.width + panel.height * panel.height).squareRoot()
                for i in t.starts.indices { for j in t.starts.indices where j > i && t.starts[i].distance(to: t.starts[j]) < diagonal / 5 { close += 1 } }
            }
            return result(cheap + 0.5 * Double(close),
                    "\(t.taps) short contact(s) spread over the panel, asked \(points.count) (the corners and the centre)\(ghostNote)")
        case .maximumContacts:
            guard t.mostAtOnce >= 2 else { return (.infinity, "") }
            // Every finger beyond the one put-down of many is a contact too many.
            return result(base + Self.countMiss * Double(max(0, 3 - t.mostAtOnce)) + Self.countMiss * Double(t.fingers - t.biggest),
                    "\(t.fingers) contact(s), \(t.mostAtOnce) at once\(ghostNote)")
        case .pinch:
            guard t.mostAtOnce >= 2 else { return (.infinity, "") }
            return result(base + count(2) + (t.mostAtOnce >= 2 ? 0 : 1.5) + 0.5 * Double(max(0, 2 - t.moving)),
                    "\(t.fingers) contact(s), \(t.mostAtOnce) at once, \(t.moving) moving\(ghostNote)")
        case .drumroll(let seconds):
            let span = t.last - t.first
            return result(base + 2 * abs(span - seconds) / max(seconds, 0.1) + 0.5 * Double(t.fingers - t.taps)
                        + (t.fingers < 4 ? Self.countMiss * Double(4 - t.fingers) : 0) + 0.8 * Double(t.apart),
                    "\(t.fingers) contact(s) over \(fixed(span, decimals: 1)) s, \(t.taps) of them short taps, asked \(fixed(seconds, decimals: 1)) s of drumming\(ghostNote)")
        case .edges:
            let asked = QualifyStep.edgeOrder.count
            return result(base + count(asked) + Double(t.fingers - t.travelling),
                    "\(t.travelling) contact(s) travelling out a quarter of the panel or more, asked \(asked)\(ghostNote)")
        }
    }

    /// Places break ties only: a fifth at most, for contacts a panel's diagonal from where
    /// they were asked (each in turn, the last asked for the rest), less than any count's
    /// cost, so that a mirrored panel's taps are still its taps. Without it a Next tap
    /// before the corners and the one after them fit as well as the first corner.
    func placeCost(_ starts: [Point], _ asked: [Point]) -> Double {
        guard !starts.isEmpty, let lastAsked = asked.last else { return 0 }
        let diagonal = (panel.width * panel.width + panel.height * panel.height).squareRoot()
        let total = starts.enumerated().reduce(0.0) { sum, item in
            sum + item.element.distance(to: item.offset < asked.count ? asked[item.offset] : lastAsked)
        }
        return 0.2 * min(1, total / Double(starts.count) / diagonal)
    }

    /// The most contacts down at one time.
    static func mostAtOnce(_ contacts: [Contact]) -> Int {
        let events = contacts.flatMap { [($0.began, 1), ($0.ended, -1)] }.sorted { ($0.0, -$0.1) < ($1.0, -$1.1) }
        var now = 0, most = 0
        for (_, change) in events { now += change; most = max(most, now) }
        return most
    }
}
