import EventLogFormat
import TouchCore

/// Why a log cannot be judged: a message for a person, naming what is wrong.
public struct ReportError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Judges a qualify run from its event log, without the plan and without the client
/// (docs/qualify.md, "The report"). It does what `QualifyScene` did live, with the same
/// core code: the frames between a step's `started` and `judged` lines are the step's,
/// less the touches of fingers that began on a button the `started` line names (one
/// `StepTouches` decides, as it does live), made into contacts by `ContactBuilder` at the
/// run's scale, and judged by one `QualifyJudge` in the order the run judged them (so the
/// corners' mapping carries to the edges as it did). A redone step replaces its earlier
/// judgement and every later one, as on screen. A log written before the `started` line
/// named its buttons counts every touch as the step's.
public struct OfflineJudge {
    public var compositor: String?

    public init(compositor: String? = nil) { self.compositor = compositor }

    fileprivate struct Current {
        var number: Int
        var step: QualifyStep

        /// The run writes one kind per step: a `judged` or `skipped` line of another kind
        /// (a hostile log) would put one kind's guide under another's name in the report,
        /// whose JSON its reader then refuses (`QualifyReport.Step`).
        func ends(as kind: QualifyKind) throws(ReportError) {
            guard step.kind == kind else {
                throw ReportError("step \(number) was started as '\(step.kind.rawValue)', not '\(kind.rawValue)'")
            }
        }
    }

    /// The report of the run in `lines`, read from `source`.
    public func report(_ lines: [LogLine], source: String) throws(ReportError) -> QualifyReport {
        var reading = reading()
        for line in lines { try reading.read(line) }
        return try reading.report(source: source)
    }

    /// A judging that takes the log a line at a time, so that a reader need not keep the
    /// lines: it holds the current step's contacts and what the report keeps, never a line
    /// it is done with.
    public func reading() -> Reading { Reading(compositor: compositor) }

    /// The steps are numbered below `QualifyPlan`'s 10,000: a bit each says which have a
    /// verdict, so that a step started again drops the later ones in constant time
    /// whatever the log holds.
    static let stepLimit = 10_000

    /// The most touch reports of one step the judge keeps: ten fingers on a 240 Hz panel
    /// for 100 s. A step's samples are kept until it is judged, so this bounds the
    /// judge's memory: a hostile log's step of half a million landings took 260 MB (12
    /// times the log). A live step has no such limit (a hold is not timed out), so a
    /// longer step is judged on its first reports, not refused: its verdicts may then
    /// differ from the run's, which the report's agreement with the live run shows.
    public static let maximumStepReports = 250_000

    public struct Reading {
        let compositor: String?
        var plan: String?
        var scale = 0.0
        var panel: [Double] = []
        var of = 0
        var judge: QualifyJudge?
        fileprivate var current: Current?
        /// The current step's touches: kept across steps, as live, for the fingers that
        /// began on a button and have not lifted.
        var touches = StepTouches()
        var steps: [Int: QualifyReport.Step] = [:]
        var stepBits = [UInt64](repeating: 0, count: (OfflineJudge.stepLimit + 63) / 64)
        /// The judged steps whose verdicts judged again differ from the log's: (the log's,
        /// judged again).
        var differing: [(live: [Verdict], again: [Verdict])] = []
        /// The validators the log's verdicts name: a validator it never names was added
        /// after the run, and its verdicts do not count as a difference (`agreesWithLiveRun`).
        var named: Set<QualifyValidator> = []
        var fingers: [Int32: FingerID] = [:]
        var nextFinger = 0
        var outputs: [LogOutput] = []
        /// The log's `run` line (the first, should a log hold several).
        var run: LogRun?
        var commits: [Double] = [], presents: [Double] = [], reads: [Double] = [], screens: [Double] = []
        var calibrated = false
        var outputsBeforeRun: Int?

        init(compositor: String?) { self.compositor = compositor }

        /// Sets step `number`'s report.
        mutating func record(_ step: QualifyReport.Step) {
            guard (1..<OfflineJudge.stepLimit).contains(step.number) else { return }  // past any `of`: never reported
            steps[step.number] = step
            stepBits[step.number >> 6] |= 1 << UInt64(step.number & 63)
        }

        /// Drops the reports of `number` and every later step.
        mutating func drop(from number: Int) {
            let first = max(0, number)
            guard first < OfflineJudge.stepLimit else { return }
            for word in (first >> 6)..<stepBits.count where stepBits[word] != 0 {
                var bits = stepBits[word]
                if word == first >> 6 { bits &= ~((1 << UInt64(first & 63)) &- 1) }
                stepBits[word] &= ~bits
                while bits != 0 {
                    steps[word << 6 | bits.trailingZeroBitCount] = nil
                    bits &= bits &- 1
                }
            }
        }

        /// Takes the log's next line.
        public mutating func read(_ line: LogLine) throws(ReportError) {
            switch line {
            case .output(let output):
                outputs.append(output)
            case .run(let facts):
                if run == nil { run = facts }
            case .presented(let presented):
                // Figures JSON can hold: a hostile line's 1e306 ms is kept, a difference of
                // two of them that overflows is not.
                func keep(_ value: Double, in list: inout [Double]) { if value.isFinite { list.append(value) } }
                keep(presented.touchToCommitMs, in: &commits)
                if let present = presented.touchToPresentMs { keep(present, in: &presents) }
                if let read = presented.inputToReadMs {
                    keep(read, in: &reads)
                    if let present = presented.touchToPresentMs { keep(present - read - presented.touchToCommitMs, in: &screens) }
                }
            case .qualify(let q):
                if outputsBeforeRun == nil { outputsBeforeRun = outputs.count }
                guard q.millimetresPerPixel.isFinite, q.millimetresPerPixel > 0, q.millimetresPerPixel < 10,
                      q.of >= 1, q.of < OfflineJudge.stepLimit else {
                    throw ReportError("a qualify line has no usable scale or step count")
                }
                plan = q.plan
                scale = q.millimetresPerPixel
                of = q.of
                switch q.state {
                case .started:
                    let size = q.panel
                    guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0, let step = q.guide else {
                        throw ReportError("step \(q.step) (\(q.kind.rawValue)) started without its panel or guide: a log of touchspots before 0.9, or not touchspots'")
                    }
                    guard (1...max(1, q.of)).contains(q.step) else { throw ReportError("step \(q.step) of \(q.of) is out of range") }
                    let judgePanel = size
                    let limits = q.thresholds ?? QualifyThresholds()
                    if judge?.panel != judgePanel || judge?.thresholds != limits {
                        // The outputs the run knew: those told before its first line.
                        judge = QualifyJudge(panel: judgePanel, thresholds: limits, outputCount: outputsBeforeRun ?? outputs.count)
                    }
                    panel = [size.width, size.height]
                    drop(from: q.step)
                    current = Current(number: q.step, step: step)
                    // Rectangles of finite numbers; a hostile line's others are no button.
                    let buttons = q.buttons.filter { [$0.minX, $0.minY, $0.width, $0.height].allSatisfy(\.isFinite) }
                    touches.restart(buttons: buttons)
                case .judged:
                    guard let step = current, step.number == q.step, var stepJudge = judge else {
                        throw ReportError("step \(q.step) was judged but never started")
                    }
                    try step.ends(as: q.kind)
                    let contacts = touches.contacts(millimetresPerPixel: scale)
                    let verdicts = stepJudge.judge(step.step, contacts: contacts)
                    judge = stepJudge
                    let logged = verdicts.map(\.logged)
                    named.formUnion(q.verdicts.map(\.validator))
                    if logged != q.verdicts { differing.append((q.verdicts, logged)) }
                    record(QualifyReport.Step(number: q.step, kind: q.kind, state: .judged,
                                                       guide: step.step, verdicts: logged,
                                                       contacts: OfflineJudge.plotted(contacts)))
                    current = nil
                    touches.restart(buttons: [])
                case .skipped:
                    // The guide of the step under way, where it is this one; never another's.
                    let own = current.flatMap { $0.number == q.step ? $0 : nil }
                    try own?.ends(as: q.kind)
                    record(QualifyReport.Step(number: q.step, kind: q.kind, state: .skipped,
                                                       guide: own?.step, verdicts: [],
                                                       contacts: []))
                    current = nil
                    touches.restart(buttons: [])
                case .finished:
                    current = nil
                    touches.restart(buttons: [])
                case .calibrating:
                    return
                case .calibrated:
                    calibrated = true
                }
            case .frame(let frame, _, _):
                guard current != nil else { return }
                // The line names touches by the compositor's ids, which it reuses: fingers
                // are numbered here, in order of landing, as the live session numbers them.
                var touches: [Touch] = []
                for var touch in frame.touches where touch.location.x.isFinite && touch.location.y.isFinite {
                    if touch.phase == .began {
                        fingers[touch.id] = FingerID(nextFinger)
                        nextFinger += 1
                    }
                    guard let finger = fingers[touch.id] else { continue }
                    if touch.phase == .ended || touch.phase == .cancelled { fingers[touch.id] = nil }
                    touch.finger = finger
                    touches.append(touch)
                }
                if !touches.isEmpty, self.touches.reportCount < OfflineJudge.maximumStepReports {
                    self.touches.take(TouchFrame(time: frame.time, touches: touches, activeTouches: []))
                }
            default:
                return
            }
        }

        /// The report of the lines read so far, as read from `source`.
        public func report(source: String) throws(ReportError) -> QualifyReport {
            guard let plan else { throw ReportError("no qualify line: not the log of a qualify run (touchspots --qualify PLAN --event-log FILE)") }
            guard !panel.isEmpty else { throw ReportError("no step of the run started") }

            let all = (1...max(1, of)).map { number in
                steps[number] ?? QualifyReport.Step(number: number, kind: nil, state: .notReached, guide: nil, verdicts: [], contacts: [])
            }.filter { $0.number <= of }
            let verdicts = all.flatMap(\.verdicts)
            let passed = verdicts.filter(\.passed).count
            let judged = all.filter { $0.state == .judged }.count
            let summary = QualifyReport.Summary(checks: verdicts.count, passed: passed, failed: verdicts.count - passed,
                                                stepsJudged: judged, stepsSkipped: all.filter { $0.state == .skipped }.count,
                                                stepsNotReached: all.filter { $0.state == .notReached }.count,
                                                qualified: QualifyOutcome(steps: of, judged: judged, checks: verdicts.count, passed: passed).isQualified)
            let output = outputs.first
            // The client's rule (`OutputSize`): a placeholder size is no measure.
            let measured = OutputSize.millimetresPerPixel(of: outputs.map {
                OutputSize(physicalWidth: $0.physicalWidth, physicalHeight: $0.physicalHeight, width: $0.width,
                           height: $0.height, scale: $0.scale)
            })
            let intervals = all.flatMap(\.contacts).flatMap { reports in
                zip(reports.dropFirst(), reports).map { ($0[0] - $1[0]) * 1000 }
            }
            var report = QualifyReport(
                plan: plan, source: source, compositor: compositor,
                scale: QualifyReport.Scale(millimetresPerPixel: scale, panel: panel,
                                           from: calibrated ? .card : measured.map { abs($0 - scale) < 1e-9 } == true ? .output : .given),
                output: output.map {
                    QualifyReport.Output(name: $0.name, make: $0.make, model: $0.model, description: $0.description,
                                         physicalWidth: $0.physicalWidth, physicalHeight: $0.physicalHeight,
                                         width: $0.width, height: $0.height, refreshHz: Double($0.refreshMillihertz) / 1000,
                                         transform: $0.transform, scale: $0.scale)
                },
                steps: all, summary: summary,
                reportIntervals: .of(intervals, width: 2, top: 40),
                latency: QualifyReport.Latency(inputToRead: Percentile.summary(reads), touchToCommit: Percentile.summary(commits),
                                               commitToPresent: Percentile.summary(screens), touchToPresent: Percentile.summary(presents),
                                               presentHistogram: presents.isEmpty ? nil : .of(presents, width: 4, top: 80)),
                agreesWithLiveRun: differing.allSatisfy { step in step.again.filter { named.contains($0.validator) } == step.live })
            report.run = run
            return report
        }
    }

    /// Contacts as the report plots them: seconds from the step's first report, mm to the
    /// hundredth.
    static func plotted(_ contacts: [Contact]) -> [[[Double]]] {
        let start = contacts.map(\.began).min() ?? 0
        func r(_ v: Double, _ k: Double) -> Double { (v * k).rounded() / k }
        return contacts.map { contact in
            contact.samples.map { [r($0.time - start, 1e6), r($0.point.x, 100), r($0.point.y, 100)] }
                .filter { $0.allSatisfy(\.isFinite) }  // a hostile log's 1e300 px is no point to plot
        }
    }
}
