import Foundation
import EventLogFormat
import ToolSupport
import TouchCore
import TouchRobot

/// The robot playing a qualify run live (docs/qualify.md, "The robot, live"): it follows the
/// steps touchspots announces in its event log (`qualify` lines), puts the robot's fingers
/// for each step through the digitizer model, injects what the panel would report through
/// the compositor in real time, and taps Next where the line says the button is. Nothing
/// of the plan is known to it beforehand: a step's `started` line says what to do.
public struct QualifyPlayer {
    public let run: HeadlessRun
    /// The panel's faults and their sizes (`Digitizer.faults`).
    public var faults: [PanelFault: Double]
    public var seed: UInt64
    /// The panel's true millimetres per pixel, for the card calibration of an output that
    /// does not say its size: the robot drags the outline to a real card's width at it.
    public var millimetresPerPixel: Double?

    public init(run: HeadlessRun, fault: PanelFault = .none, seed: UInt64 = 1, millimetresPerPixel: Double? = nil) {
        self.init(run: run, faults: Digitizer(panel: Size(width: 1, height: 1), millimetresPerPixel: 1, fault: fault).faults,
                  seed: seed, millimetresPerPixel: millimetresPerPixel)
    }

    public init(run: HeadlessRun, faults: [PanelFault: Double], seed: UInt64 = 1, millimetresPerPixel: Double? = nil) {
        self.run = run
        self.faults = faults
        self.seed = seed
        self.millimetresPerPixel = millimetresPerPixel
    }

    /// Plays every step until the run's `finished` line, and returns it. A step its faults
    /// leave unjudgeable (a dead band over the whole panel, one contact at most for the
    /// pinch, a report rate too low to see a tap) is skipped as a person would: nothing is
    /// judged within the scene's settling and the corners' wait for arrivals after the
    /// fingers lift, so the robot taps Skip, and the run goes on to its report.
    public func play() throws -> QualifyProgress {
        var handled = 0
        var skipped = Set<Int>()
        while true {
            var line: QualifyProgress?
            try run.eventLog.waitUntil(timeout: 30, "of the qualify run after its \(handled) so far (the run stopped going on)",
                                       abandon: { run.client.hasExited }) { events in
                var lines = events.compactMap(\.qualify)[...]
                guard lines.count > handled else { return false }
                lines = lines.dropFirst(handled)
                // A step (or the card) asked again (the window changed size) is played as
                // asked last.
                var skip = 0
                while lines.count > skip + 1, [.started, .calibrating].contains(lines[lines.startIndex + skip].state),
                      lines[lines.startIndex + skip + 1].state == lines[lines.startIndex + skip].state,
                      lines[lines.startIndex + skip + 1].step == lines[lines.startIndex + skip].step { skip += 1 }
                handled += skip + 1
                line = lines[lines.startIndex + skip]
                return true
            }
            guard let q = line else { continue }
            switch q.state {
            case .started:
                guard q.panel.width > 0, let step = q.guide else {
                    throw HarnessError("step \(q.step) (\(q.kind.rawValue)) started without its panel or guide: panel \(q.panel), guide \(q.guide.map { "\($0)" } ?? "none")")
                }
                let size = q.panel
                let digitizer = Digitizer(panel: size, millimetresPerPixel: q.millimetresPerPixel, faults: faults, seed: seed &+ UInt64(q.step))
                let contacts = digitizer.contacts(QualifyRobot.fingers(for: step, panel: size), eventful: QualifyRobot.isEventful(step))
                try inject(contacts, reportRate: digitizer.reportRate, millimetresPerPixel: q.millimetresPerPixel, panel: size)
                let judged = (try? run.eventLog.waitUntil(timeout: QualifyScene.settle + QualifyScene.arrivalTimeout + 3,
                                                              "step \(q.step) judged", abandon: { run.client.hasExited }) { events in
                    events.lazy.compactMap(\.qualify).dropFirst(handled).contains { $0.state != .started || $0.step != q.step }
                }) != nil
                if !judged, !run.client.hasExited, let skip = q.next {
                    skipped.insert(q.step)
                    try tap(x: skip.x, y: skip.y)
                }
            case .judged:
                guard let next = q.next else { throw HarnessError("step \(q.step) judged without its Next button") }
                try tap(x: next.x, y: next.y)
            case .finished:
                return q
            case .calibrating:
                try calibrate(q)
            case .calibrated:
                continue
            case .skipped:
                guard skipped.contains(q.step) else {
                    throw HarnessError("step \(q.step) was skipped, yet the robot did not skip it")
                }
            }
        }
    }

    /// The panel's reports, in real time: a report's fingers in one frame; a contact's up
    /// one report after its last, as a panel notices a lift; never closer together than
    /// the panel sent them. Places in window pixels, kept
    /// inside the window (a report on its far edge is half a pixel in).
    func inject(_ contacts: [Contact], reportRate: Double, millimetresPerPixel scale: Double, panel: Size) throws {
        var moments: [Double: [String]] = [:]
        let interval = 1 / reportRate
        let width = panel.width / scale, height = panel.height / scale
        func key(_ t: Double) -> Double { (t * 10_000).rounded() / 10_000 }
        func place(_ p: Point) -> String {
            let x = min(max(p.x / scale, 0), width - 0.5), y = min(max(p.y / scale, 0), height - 0.5)
            return "\(x) \(y)"
        }
        for (index, contact) in contacts.enumerated() {
            let id = index + 1
            for (n, sample) in contact.samples.enumerated() {
                moments[key(sample.time), default: []].append(n == 0 ? "down \(id) \(place(sample.point))" : "motion \(id) \(place(sample.point))")
            }
            guard let last = contact.samples.last else { continue }
            // Ups before downs at one moment: a contact that lifts as another lands (a split).
            moments[key(last.time + interval), default: []].insert("up \(id)", at: 0)
        }
        guard let first = moments.keys.min() else { return }
        var start = Date()
        for moment in moments.keys.sorted() {
            let due = moment - first - Date().timeIntervalSince(start)
            if due > 0 {
                usleep(useconds_t(due * 1_000_000))
            } else {
                // Late (a loaded machine, a sanitized harness): the rest of the schedule
                // slips with this report, so no two reports come closer together than the
                // panel sent them; catching up would make a tap of 100 ms a ghost.
                start = start.addingTimeInterval(-due)
            }
            let commands = moments[moment]!
            let ups = commands.filter { $0.hasPrefix("up") }, rest = commands.filter { !$0.hasPrefix("up") }
            try run.send(batch: ups + rest + ["frame"])
        }
    }

    /// The card calibration as a person does it with a real card: the outline's corner
    /// dragged to where a card's width ends at the panel's true scale, then Done.
    public func calibrate(_ q: QualifyProgress) throws {
        guard let truth = millimetresPerPixel, let card = q.card, let done = q.next else {
            throw HarnessError("the run asks for the card calibration, but the robot was given no panel scale (or the line no card)")
        }
        try drag(from: (card.maxX, card.maxY), toX: card.minX + CardCalibrationView.cardWidth / truth)
        try tap(x: done.x, y: done.y)
    }

    /// A finger dragging the card's corner to `x`, as a person would, in 20 moves.
    func drag(from start: (x: Double, y: Double), toX x: Double) throws {
        try run.send(batch: ["down 98 \(start.x) \(start.y)", "frame"])
        for step in 1...20 {
            usleep(16_000)
            let f = Double(step) / 20
            try run.send(batch: ["motion 98 \(start.x + (x - start.x) * f) \(start.y)", "frame"])
        }
        try run.send(batch: ["up 98", "frame"])
    }

    func tap(x: Double, y: Double) throws {
        try run.send(batch: ["down 99 \(x) \(y)", "frame"])
        usleep(60_000)
        try run.send(batch: ["up 99", "frame"])
    }
}
