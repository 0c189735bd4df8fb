import TouchCore
import TouchRobot
import XCTest

/// Every fault of docs/qualify.md's table, fed through the digitizer model to the judge on
/// the quick plan's steps, trips exactly the validators whose rules say they catch it
/// (`QualifyValidator.faultTable`, derived from the rules' `catches`); a perfect panel
/// trips none. The table the test produced is printed, and is the one in docs/qualify.md.
final class FaultTableTests: XCTestCase {
    /// A 10.1-inch 16:10 tablet panel: 1280 x 800 px, 216.96 x 135.6 mm.
    static let panel = Size(width: 216.96, height: 135.6)
    static let millimetresPerPixel = 216.96 / 1280

    static let expected = QualifyValidator.faultTable

    /// Every step of the quick plan played with `fault`, judged in order.
    static func verdicts(_ fault: PanelFault, seed: UInt64 = 7) -> (verdicts: [Verdict], judge: QualifyJudge) {
        let digitizer = Digitizer(panel: panel, millimetresPerPixel: millimetresPerPixel, fault: fault, seed: seed)
        var judge = QualifyJudge(panel: panel)
        var all: [Verdict] = []
        for step in QualifyRobot.quickSteps(panel: panel) {
            let contacts = digitizer.contacts(QualifyRobot.fingers(for: step, panel: panel),
                                              eventful: QualifyRobot.isEventful(step))
            all += judge.judge(step, contacts: contacts)
        }
        return (all, judge)
    }

    func testEachFaultTripsWhatTheTableSays() {
        var table = "| fault, injected alone | failed | expected |\n|---|---|---|\n"
        for fault in PanelFault.allCases {
            let (verdicts, _) = Self.verdicts(fault)
            let failed = Set(verdicts.filter { !$0.passed }.map(\.validator))
            let expected = Self.expected[fault]!
            table += "| \(fault.rawValue) | \(failed.map(\.rawValue).sorted().joined(separator: ", ")) | \(expected.map(\.rawValue).sorted().joined(separator: ", ")) |\n"
            XCTAssertEqual(failed, expected, "\(fault.rawValue):\n" + verdicts.map { "  \($0)" }.joined(separator: "\n"))
        }
        print(table)
    }

    /// The table holds whatever the noise's seed.
    func testNoiseTripsTheSameOnOtherSeeds() {
        for seed in UInt64(1)...20 {
            let failed = Set(Self.verdicts(.noise, seed: seed).verdicts.filter { !$0.passed }.map(\.validator))
            XCTAssertEqual(failed, Self.expected[.noise]!, "seed \(seed)")
        }
    }
}
