import TouchCore
import TouchRobot
import XCTest

/// The stroke validators on lines drawn as people draw them, through a perfect panel: a
/// speed that rises and falls (minimum jerk), a hook where the finger lands, a slight
/// tremor, a pause a third of the way for some (on a panel that keeps reporting a finger at rest, and
/// on one that does not), at paces from 1.5 to 5 seconds. None of it is a fault: no gap,
/// no reversed motion, report rate and linearity pass. Rates per class are printed.
final class PeopleOnValidatorsTests: XCTestCase {
    struct Person {
        let seconds: Double
        let hook: Double      // mm sideways over the first 4 % of the line
        let tremor: Double    // mm
        let pause: Bool
    }

    static let people: [Person] = (0..<24).map { i in
        Person(seconds: [1.5, 2.5, 3.5, 5][i % 4], hook: [0, 1.5, 3][i % 3], tremor: [0.05, 0.15, 0.3][(i / 3) % 3],
               pause: i % 2 == 1)
    }

    /// Minimum-jerk position along the line (0...1) at fraction f of the time.
    static func minimumJerk(_ f: Double) -> Double { f * f * f * (10 - 15 * f + 6 * f * f) }

    static func finger(_ person: Person, panel: Size, seed: UInt64) -> IdealFinger {
        let from = Point(x: 0.1 * panel.width, y: 0.5 * panel.height), to = Point(x: 0.9 * panel.width, y: 0.5 * panel.height)
        let pauseAt = 0.3, pause = person.pause ? 0.4 : 0
        let total = person.seconds + pause
        return IdealFinger(down: 0, up: total) { t in
            // Moving time: the pause holds the finger where it is.
            var moving = t
            if person.pause && t > person.seconds * pauseAt { moving = max(person.seconds * pauseAt, t - pause) }
            let f = minimumJerk(min(1, max(0, moving / person.seconds)))
            let x = from.x + (to.x - from.x) * f
            let hook = f < 0.04 ? person.hook * (1 - f / 0.04) : 0
            // A smooth tremor: two slow waves.
            let wobble = person.tremor * (cosineOfDegrees(t * 360 * 7 + Double(seed)) + 0.5 * cosineOfDegrees(t * 360 * 13))
            return Point(x: x, y: from.y + hook + wobble)
        }
    }

    func testPeoplesLinesPassThroughAPerfectPanel() {
        let panel = FaultTableTests.panel
        var failures: [QualifyValidator: Int] = [:], strokes = 0
        for (index, person) in Self.people.enumerated() {
            for restingReports in [true, false] {
                let digitizer = Digitizer(panel: panel, millimetresPerPixel: FaultTableTests.millimetresPerPixel)
                var contacts = digitizer.contacts([Self.finger(person, panel: panel, seed: UInt64(index))])
                if !restingReports {
                    // A panel that sends nothing until the finger has moved 0.5 mm from
                    // its last report (a hysteresis, as many controllers have).
                    var kept = [contacts[0].samples[0]]
                    for sample in contacts[0].samples.dropFirst() where sample.point.distance(to: kept.last!.point) > 0.5 {
                        kept.append(sample)
                    }
                    XCTAssertLessThan(kept.count, contacts[0].samples.count, "the hysteresis drops reports")
                    contacts[0].samples = kept
                }
                var judge = QualifyJudge(panel: panel)
                let step = QualifyStep.line(from: .zero, to: .zero, seconds: person.seconds)
                strokes += 1
                for verdict in judge.judge(step, contacts: contacts) where !verdict.passed {
                    failures[verdict.validator, default: 0] += 1
                    print("person \(index) (\(person)), resting reports \(restingReports): \(verdict)")
                }
            }
        }
        print("people's lines: \(strokes) strokes; failed: \(failures.isEmpty ? "none" : failures.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    /// The same people's lines through panels with a line fault: each is caught on every
    /// person's line.
    func testLineFaultsAreCaughtOnPeoplesLines() {
        let panel = FaultTableTests.panel
        let faults: [(PanelFault, QualifyValidator)] = [(.droppedSamples, .noGap), (.backwardStep, .noReversedMotion),
                                                             (.split, .trackingIDs), (.ghost, .trackingIDs),
                                                             (.lowReportRate, .reportRate)]
        for (fault, validator) in faults {
            var caught = 0
            for (index, person) in Self.people.enumerated() {
                let digitizer = Digitizer(panel: panel, millimetresPerPixel: FaultTableTests.millimetresPerPixel, fault: fault)
                var judge = QualifyJudge(panel: panel)
                let verdicts = judge.judge(.line(from: .zero, to: .zero, seconds: person.seconds),
                                           contacts: digitizer.contacts([Self.finger(person, panel: panel, seed: UInt64(index))],
                                                                        eventful: true))
                if verdicts.contains(where: { $0.validator == validator && !$0.passed }) { caught += 1 }
            }
            print("people's lines, \(fault.rawValue): \(validator) failed on \(caught) of \(Self.people.count)")
            XCTAssertEqual(caught, Self.people.count, fault.rawValue)
        }
    }
}
