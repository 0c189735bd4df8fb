import TouchCore
import TouchRobot
import XCTest

/// `touchspots-harness qualify --fault NAME[=N]`: what the parser takes and refuses, and
/// faults given together each doing what they do alone (docs/qualify.md, "The robot, live").
final class DigitizerFaultTests: XCTestCase {
    func testNamesAndSizes() throws {
        XCTAssertTrue(try PanelFault.parse("mirrored") == (.mirror, 0))
        XCTAssertTrue(try PanelFault.parse("report-rate") == (.lowReportRate, 30), "the table's size unless given")
        XCTAssertTrue(try PanelFault.parse("report-rate=40") == (.lowReportRate, 40))
        XCTAssertTrue(try PanelFault.parse("jitter=0.25") == (.noise, 0.25))
        // Every fault by its name, each name once.
        XCTAssertEqual(Set(PanelFault.allCases.map(\.name)).count, PanelFault.allCases.count)
        for fault in PanelFault.allCases { XCTAssertEqual(try PanelFault.parse(fault.name).fault, fault) }
        let refused: [(String, String)] = [
            ("bogus", "unknown fault 'bogus': one of none, gap,"), ("", "unknown fault ''"),
            ("mirrored=2", "the fault 'mirrored' takes no size"), ("jitter=abc", "--fault jitter=N: N (mm sigma) must be a number in"),
            ("jitter=nan", "must be a number in"), ("jitter=inf", "must be a number in"), ("report-rate=0", "must be a number in"),
            ("gap=2.5", "--fault gap=N: N counts reports dropped, a whole number"), ("contact-limit=1e300", "must be a number in"),
        ]
        for (text, message) in refused {
            XCTAssertThrowsError(try PanelFault.parse(text), text) { XCTAssertTrue("\($0)".contains(message), "\(text): \($0)") }
        }
        XCTAssertTrue(PanelFault.helpText.contains("report-rate[=N]: the panel's report rate (N reports a second, 30 unless given)"),
                      PanelFault.helpText)
    }

    /// A gap and a step back together: the reports are lost and the step back is still
    /// made (each is what it is alone), and a size given is the size used.
    func testFaultsTogether() {
        let panel = FaultTableTests.panel, scale = FaultTableTests.millimetresPerPixel
        let line = QualifyStep.line(from: Point(x: 20, y: 68), to: Point(x: 196, y: 68), seconds: 3)
        let fingers = QualifyRobot.fingers(for: line, panel: panel)
        let perfect = Digitizer(panel: panel, millimetresPerPixel: scale).contacts(fingers, eventful: true)
        let both = Digitizer(panel: panel, millimetresPerPixel: scale, faults: [.droppedSamples: 5, .backwardStep: 3])
            .contacts(fingers, eventful: true)
        XCTAssertEqual(both[0].samples.count, perfect[0].samples.count - 5, "five reports lost, as given")
        let xs = both[0].samples.map(\.point.x)
        let back = zip(xs, xs.dropFirst()).map { $0 - $1 }.max() ?? 0
        XCTAssertEqual(back, 3, accuracy: 0.01, "a step of 3 mm back, as given")
        var judge = QualifyJudge(panel: panel)
        let failed = Set(judge.judge(line, contacts: both).filter { !$0.passed }.map(\.validator))
        XCTAssertEqual(failed, [.noGap, .noReversedMotion])
        // The one fault of several, for the table's single-fault runs, is the same each time.
        XCTAssertEqual(Digitizer(panel: panel, millimetresPerPixel: scale, faults: [.split: 0, .ghost: 1]).fault, .ghost)
    }
}
