import EventLogFormat
import LibinputRecord
import TouchCore

/// How a recording's touches are shared among the plan's steps (docs/qualify.md, "Steps
/// found from the touches"): `touchspots-report recording --steps`.
public enum StepChoice: Equatable, Sendable {
    /// Found from the touches themselves (`StepFinder`): a recording made without
    /// touchspots on screen, by a person drawing the plan's gestures or by a robot. Next
    /// taps, where a recording has them, are left out as strays.
    case found
    /// Told by the Next taps, as the run on screen had them: the recording was made with
    /// touchspots' qualify run on that screen (the touchscreen mapped onto all of it).
    case next
    /// Said by whoever made the recording: for each step, the touches (numbered from 1 in
    /// the order they began) that are its; an empty list skips the step.
    case given([[Int]])

    /// `found`, `next`, or for each step its touches: `1/2/3-7/-/8-9,12` (steps apart by
    /// `/`, touches and ranges by `,`, `-` for a step skipped).
    public init(_ text: String) throws(ReportError) {
        switch text {
        case "found": self = .found
        case "next": self = .next
        default:
            var steps: [[Int]] = []
            for part in text.split(separator: "/", omittingEmptySubsequences: false) {
                guard part != "-" else { steps.append([]); continue }
                var touches: [Int] = []
                for item in part.split(separator: ",", omittingEmptySubsequences: false) {
                    let ends = item.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                    guard (1...2).contains(ends.count), let low = ends[0], let high = ends[ends.count - 1],
                          low >= 1, high >= low, high - low < 100_000, touches.count + high - low < 100_000 else {
                        throw ReportError("--steps takes found, next, or each step's touches like 1/2/3-7/-/8-9,12: '\(printableText(String(item), limit: 80))' is not a touch or a range of touches (numbers from 1, at most 100,000 touches in all)")
                    }
                    touches += Array(low...high)
                }
                steps.append(touches)
            }
            var seen = Set<Int>()
            if let twice = steps.joined().first(where: { !seen.insert($0).inserted }) {
                throw ReportError("--steps gives touch \(twice) to two steps (or twice to one)")
            }
            self = .given(steps)
        }
    }
}

/// Which touches each step took, and why, in words for the report; and the touches no
/// step took.
public struct StepsTaken: Equatable, Sendable {
    public var steps: [String]
    public var leftOut: [String]
}

extension RecordingJudge {
    /// The recording's contacts in millimetres, numbered in the order they began (its
    /// touches 1, 2, ...), and for each report's touches the contact it is of.
    static func contacts(_ record: LibinputRecord, screen: Size, scale: Double) -> (contacts: [Contact], owner: [[Int?]]) {
        var contacts: [Contact] = []
        var open: [Int: Int] = [:]
        var owner: [[Int?]] = []
        for report in record.reports {
            let seconds = Double(report.microseconds) / 1e6
            owner.append(report.touches.map { touch in
                let point = Point(x: record.x.fraction(touch.x) * screen.width * scale, y: record.y.fraction(touch.y) * screen.height * scale)
                if touch.phase == .began {
                    open[touch.slot] = contacts.count
                    contacts.append(Contact(id: Int32(truncatingIfNeeded: touch.slot), samples: []))
                }
                guard let index = open[touch.slot] else { return nil }
                contacts[index].samples.append(ContactSample(time: seconds, point: point))
                if touch.phase != .began && touch.phase != .moved { open[touch.slot] = nil }
                return index
            })
        }
        return (contacts, owner)
    }

    /// Plays each step's touches and nothing else, then goes on as a person would: Next
    /// once the step is judged (after the scene's settling, and the corners' wait for
    /// arrivals), Skip for a step with no touches or one not judged (`QualifyScene.goOn`:
    /// the buttons take no touches here, as nobody saw them). `last` is the scene's latest
    /// line.
    func playSteps(_ record: LibinputRecord, session: TouchSession, scene: QualifyScene, device: DeviceID, clock: ManualClock,
                   screen: Size, scale: Double, last: () -> QualifyProgress?) throws(ReportError) -> StepsTaken {
        let (contacts, owner) = Self.contacts(record, screen: screen, scale: scale)
        let panel = Size(width: screen.width * scale, height: screen.height * scale)
        let asked = plan.steps(on: panel)
        var chosen: [[Int]]
        var reasons: [String]
        var leftOut: [[Int]]
        switch steps {
        case .given(let lists):
            guard lists.count <= asked.count else {
                throw ReportError("--steps names \(lists.count) steps, the plan has \(asked.count)")
            }
            if let beyond = lists.joined().first(where: { $0 > contacts.count }) {
                throw ReportError("--steps names touch \(beyond), the recording has \(contacts.count)")
            }
            chosen = lists.map { $0.map { $0 - 1 } } + Array(repeating: [], count: asked.count - lists.count)
            reasons = chosen.map { $0.isEmpty ? "none given (--steps)" : "as given (--steps)" }
            let used = Set(chosen.joined())
            leftOut = contacts.indices.filter { !used.contains($0) }.map { [$0] }
        default:
            let found = StepFinder(steps: asked, panel: panel).find(contacts)
            chosen = found.steps.map(\.contacts)
            reasons = found.steps.map(\.reason)
            leftOut = found.leftOut
        }
        func goOn() {
            scene.goOn()
            session.flush()
        }
        var span = [(first: Int, last: Int)](repeating: (Int.max, -1), count: contacts.count)
        for (index, owners) in owner.enumerated() {
            for contact in owners.compactMap({ $0 }) {
                span[contact] = (min(span[contact].first, index), max(span[contact].last, index))
            }
        }
        // Each step's reports are moved on, where needed, to after the clock: the judge's
        // settling and waits between steps take time the recording did not (a step's own
        // intervals are kept).
        var shift: Int64 = 0
        var outcome = [String?](repeating: nil, count: chosen.count)
        for index in chosen.indices {
            guard last()?.state == .started, last()?.step == index + 1 else {
                for later in index..<chosen.count { outcome[later] = "not played: the run ended before it" }
                break
            }
            let list = chosen[index]
            if list.isEmpty { goOn(); continue }
            let mine = Set(list)
            let first = list.map { span[$0].first }.min()!, end = list.map { span[$0].last }.max()!
            let start = record.reports[first].microseconds &+ shift, now = Int64(clock.now * 1e6)
            if start < now { shift &+= now - start }
            // A finger of no step's, or another step's, is not played: a step's reports are
            // its own touches' only, from its first report to its last.
            for number in first...end {
                let report = record.reports[number], owners = owner[number]
                let touches = report.touches.indices.filter { owners[$0].map(mine.contains) ?? false }
                guard !touches.isEmpty else { continue }
                Self.play(touches.map { report.touches[$0] }, of: report, record, screen: screen, session: session, device: device,
                          clock: clock, shift: shift)
            }
            clock.now += QualifyScene.settle + 0.05
            session.flush()
            if last()?.state != .judged {
                clock.now += QualifyScene.arrivalTimeout + 1
                session.flush()
            }
            if last()?.state != .judged { outcome[index] = "played, but not complete: skipped" }
            goOn()
        }
        clock.now += QualifyScene.settle + QualifyScene.arrivalTimeout + 1
        session.flush()
        let words = chosen.indices.map { index in
            let list = chosen[index], why = reasons[index] + (outcome[index].map { "; \($0)" } ?? "")
            return list.isEmpty ? "no touches: \(why)" : "\(Self.touchList(list.sorted())): \(why)"
        }
        let left = leftOut.sorted { $0[0] < $1[0] }.map { group in
            let what = group.count == 1 && StepFinder.isTap(contacts[group[0]]) ? "a tap" : "touches"
            return "\(Self.touchList(group.sorted())): \(what) at \(fixed(contacts[group[0]].began - contacts[0].began, decimals: 2)) s, no step's"
        }
        return StepsTaken(steps: words, leftOut: left)
    }

    /// Contact indices as the report numbers touches: `touches 3-7, 9`.
    static func touchList(_ indices: [Int]) -> String {
        var parts: [String] = []
        var start = indices.first ?? 0, end = start
        for index in indices.dropFirst() {
            if index == end + 1 { end = index; continue }
            parts.append(start == end ? "\(start + 1)" : "\(start + 1)-\(end + 1)")
            start = index; end = index
        }
        if !indices.isEmpty { parts.append(start == end ? "\(start + 1)" : "\(start + 1)-\(end + 1)") }
        return (indices.count == 1 ? "touch " : "touches ") + parts.joined(separator: ", ")
    }
}
