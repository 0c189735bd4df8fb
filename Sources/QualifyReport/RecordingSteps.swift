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
                        throw ReportError("--steps takes found, next, or each step's touches like 1/2/3-7/-/8-9,12: '\(printableText(String(item), limit: 80))' is not a touch or a range of touches")
                    }
                    touches += Array(low...high)
                }
                steps.append(touches)
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
    /// arrivals), Skip for a step with no touches. `last` is the scene's latest line.
    func playSteps(_ record: LibinputRecord, session: TouchSession, device: InputDevice, clock: ManualClock,
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
        // A finger of no step's, or another step's, is not played: a step's reports are
        // its own touches' only, from its first report to its last.
        func tap(_ at: Point?) {
            guard let at else { return }
            let ms = UInt32(truncatingIfNeeded: Int64(clock.now * 1000))
            session.touchscreens.down(device, id: 1_000_000, at: at, time: ms)
            session.touchscreens.frame(device)
            clock.now += 0.06
            session.touchscreens.up(device, id: 1_000_000, time: ms &+ 60)
            session.touchscreens.frame(device)
            session.flush()
        }
        var span = [(first: Int, last: Int)](repeating: (Int.max, -1), count: contacts.count)
        for (index, owners) in owner.enumerated() {
            for contact in owners.compactMap({ $0 }) {
                span[contact] = (min(span[contact].first, index), max(span[contact].last, index))
            }
        }
        var pressed = Set<Int>()
        for index in chosen.indices {
            guard last()?.state == .started, last()?.step == index + 1 else { break }
            // A touch that begins on a button shown (Skip, Redo) is no part of the step, as
            // live (`StepTouches`), and would press it: it is left out, and said so.
            let buttons = last()?.buttons ?? []
            let onButton = chosen[index].filter { contact in
                let p = contacts[contact].samples[0].point
                return buttons.contains { $0.contains(Point(x: p.x / scale, y: p.y / scale)) }
            }
            if !onButton.isEmpty {
                chosen[index].removeAll { onButton.contains($0) }
                leftOut += onButton.map { [$0] }
                pressed.formUnion(onButton)
            }
            let list = chosen[index]
            if list.isEmpty { tap(last()?.next); continue }
            let mine = Set(list)
            let first = list.map { span[$0].first }.min()!, end = list.map { span[$0].last }.max()!
            for number in first...end {
                let report = record.reports[number], owners = owner[number]
                let touches = report.touches.indices.filter { owners[$0].map(mine.contains) ?? false }
                guard !touches.isEmpty else { continue }
                Self.play(touches.map { report.touches[$0] }, of: report, record, screen: screen, session: session, device: device, clock: clock)
            }
            clock.now += QualifyScene.settle + 0.05
            session.flush()
            if last()?.state != .judged {
                clock.now += QualifyScene.arrivalTimeout + 1
                session.flush()
            }
            tap(last()?.next)
        }
        clock.now += QualifyScene.settle + QualifyScene.arrivalTimeout + 1
        session.flush()
        let words = zip(chosen, reasons).map { list, why in
            list.isEmpty ? "no touches: \(why)" : "\(Self.touchList(list.sorted())): \(why)"
        }
        let left = leftOut.sorted { $0[0] < $1[0] }.map { group in
            let what = group.count == 1 && contacts[group[0]].ended - contacts[group[0]].began < StepFinder.tapDuration ? "a tap" : "touches"
            let why = pressed.contains(group[0]) ? "on a button of the step's screen" : "no step's"
            return "\(Self.touchList(group.sorted())): \(what) at \(fixed(contacts[group[0]].began - contacts[0].began, decimals: 2)) s, \(why)"
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
