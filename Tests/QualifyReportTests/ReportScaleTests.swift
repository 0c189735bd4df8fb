import TouchCore
import EventLogFormat
import Foundation
import QualifyReport
import XCTest

/// Reports of sizes no person makes, made in time and in bounded size (issue 39):
/// `compare` of 100,000 steps took 26.9 s, and a step of a million reports made a page of
/// 68 MB.
final class ReportScaleTests: XCTestCase {
    private func report(steps: Int, validators: Int) throws -> QualifyReport {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        let verdict = report.steps[0].verdicts[0]
        let template = report.steps[0]
        let verdicts = (0..<validators).map { v in
            Verdict(validator: QualifyValidator.allCases[v % QualifyValidator.allCases.count], figure: verdict.figure, comparison: verdict.comparison, threshold: verdict.threshold,
                    unit: verdict.unit, passed: verdict.passed, detail: verdict.detail)
        }
        report.steps = (1...steps).map { number in
            var step = template
            step.number = number
            step.verdicts = verdicts
            step.contacts = []
            return step
        }
        return report
    }

    func testComparingManyStepsOrValidatorsIsQuick() throws {
        for (steps, validators) in [(100_000, 1), (1, 100_000)] {
            let a = try report(steps: steps, validators: validators)
            let start = Date()
            let comparison = ReportComparison(a, a)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(steps) steps of \(validators) validators")
            // A step's first verdict of each validator makes its row.
            XCTAssertEqual(comparison.rows.count, steps * min(validators, QualifyValidator.allCases.count))
            XCTAssertFalse(comparison.rows.contains(where: \.changed))
        }
    }

    /// A guide of more places than any plan asks (a hostile log's) draws a few of them: a
    /// corners step of 170,000 places made 25 MB of page.
    func testAGuideOfManyPlacesMakesASmallPage() throws {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        let corners = try XCTUnwrap(report.steps.firstIndex { $0.kind == .corners })
        let places = (0..<170_000).map { Point(x: Double($0 % 200), y: 50) }
        report.steps[corners].guide = .corners(places)
        let page = ReportHTML.render(report)
        XCTAssertLessThan(page.utf8.count, 2 << 20, "the guide draws at most some places")
        XCTAssertTrue(page.contains("</html>"))
    }

    func testAStepOfAMillionReportsMakesASmallPage() throws {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        report.steps[0].contacts = [(0..<1_000_000).map { [Double($0) / 1000, Double($0 % 1000) / 10, 50] }]
        let page = ReportHTML.render(report)
        XCTAssertLessThan(page.utf8.count, 2 << 20, "the plot keeps at most some thousand reports")
        XCTAssertTrue(page.contains("</html>"))
    }

    /// A step of half a million contacts of one report each (a hostile log's flood of
    /// landings; a broken panel's ghost touches make hundreds) draws some of them and says
    /// how many it left out: every contact drew its dot and ring, 73 MB of page for a 21 MB log.
    func testAStepOfManyContactsMakesASmallPage() throws {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        report.steps[0].contacts = (0..<500_000).map { [[Double($0) / 1000, Double($0 % 1000) / 10, 50]] }
        let page = ReportHTML.render(report)
        XCTAssertLessThan(page.utf8.count, 2 << 20, "the plot draws at most some contacts")
        XCTAssertTrue(page.contains("499000 more contacts not drawn"), "the page says what it left out")
        XCTAssertTrue(page.contains("</html>"))
    }
}
