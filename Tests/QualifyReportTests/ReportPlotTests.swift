import Foundation
import QualifyReport
import TouchCore
import TouchRobot
import XCTest

/// The HTML report's step plots (docs/qualify.md, "The report"): each failed check's place
/// marked with its size, a step that failed framed red and said FAILED, never green, and
/// the plot zoomed to the step's contacts. Faults are the robot's digitizer's, judged by the
/// core's judge, as `FaultTableTests` makes them.
final class ReportPlotTests: XCTestCase {
    /// What each validator's mark says, for the validators whose failure has a place.
    static let markLabels: [QualifyValidator: String] = [
        .noGap: "gap ", .linearity: " off the line", .noReversedMotion: "went back ", .reportRate: " ms between reports",
        .stationaryJitter: "spread ", .tapAccuracy: "radius ", .tapOffset: "offset ", .mapping: " from where asked",
        .range: " short of the ",
    ]

    /// The quick plan's steps as a panel with `fault` reports them, judged, in a report.
    static func report(fault: PanelFault) throws -> QualifyReport {
        var report = try OfflineJudgeTests.report("qualify-quick-weston.jsonl")
        let panel = Size(width: report.scale.panel[0], height: report.scale.panel[1])
        let digitizer = Digitizer(panel: panel, millimetresPerPixel: report.scale.millimetresPerPixel, fault: fault, seed: 7)
        var judge = QualifyJudge(panel: panel)
        report.steps = QualifyRobot.quickSteps(panel: panel).enumerated().map { index, step in
            let contacts = digitizer.contacts(QualifyRobot.fingers(for: step, panel: panel), eventful: QualifyRobot.isEventful(step))
            let kind = report.steps.indices.contains(index) ? report.steps[index].kind : nil
            return QualifyReport.Step(number: index + 1, kind: kind, state: .judged, guide: step,
                                      verdicts: judge.judge(step, contacts: contacts),
                                      contacts: contacts.map { $0.samples.map { [$0.time, $0.point.x, $0.point.y] } })
        }
        return report
    }

    /// Each step's section of the page, in order.
    static func sections(_ page: String) -> [String] {
        page.components(separatedBy: #"<section class="step "#).dropFirst().map { $0.components(separatedBy: "<section").first! }
    }

    /// The labels of a section's marks.
    static func markTexts(_ section: String) -> [String] {
        section.components(separatedBy: #"<g class="mark""#).dropFirst().compactMap { mark in
            mark.components(separatedBy: "</g>").first?.components(separatedBy: "paint-order=\"stroke\">").last?
                .components(separatedBy: "</text>").first
        }
    }

    /// A failed step is said FAILED and framed red, never green; a passed one is framed
    /// green and has no mark.
    static func assertColours(_ report: QualifyReport, file: StaticString = #filePath, line: UInt = #line) {
        let sections = sections(ReportHTML.render(report))
        XCTAssertEqual(sections.count, report.steps.count, file: file, line: line)
        for (step, section) in zip(report.steps, sections) {
            let failed = step.verdicts.contains { !$0.passed }
            let plot = section.components(separatedBy: "<svg").last ?? ""
            if failed {
                XCTAssertTrue(section.hasPrefix("fail"), "step \(step.number)", file: file, line: line)
                XCTAssertTrue(section.contains("✗ FAILED"), "step \(step.number)", file: file, line: line)
                XCTAssertTrue(plot.contains(##"stroke="#c92a2a" stroke-width="3""##), "step \(step.number) framed red", file: file, line: line)
                XCTAssertFalse(plot.contains("#2b8a3e"), "step \(step.number): nothing green in a failed step's plot", file: file, line: line)
            } else {
                XCTAssertTrue(section.hasPrefix("pass"), "step \(step.number)", file: file, line: line)
                XCTAssertTrue(section.contains("✓ passed"), "step \(step.number)", file: file, line: line)
                XCTAssertTrue(plot.contains(##"stroke="#2b8a3e" stroke-width="3""##), "step \(step.number) framed green", file: file, line: line)
                XCTAssertTrue(markTexts(section).isEmpty, "step \(step.number): a passed step has no mark", file: file, line: line)
            }
        }
    }

    func testTheMirroredRunMarksItsTapOffsetAndItsMapping() throws {
        let report = try OfflineJudgeTests.report("qualify-quick-weston-mirrored.jsonl")
        Self.assertColours(report)
        let sections = Self.sections(ReportHTML.render(report))
        let taps = try XCTUnwrap(report.steps.firstIndex { $0.kind == .taps })
        let corners = try XCTUnwrap(report.steps.firstIndex { $0.kind == .corners })
        XCTAssertEqual(Self.markTexts(sections[taps]), ["offset 86.80 mm"], "the offset's figure, from the target to the taps")
        XCTAssertEqual(Self.markTexts(sections[corners]).count, 1)
        XCTAssertTrue(Self.markTexts(sections[corners])[0].hasSuffix("mm from where asked"), Self.markTexts(sections[corners])[0])
    }

    /// Every fault of the table: each step that failed a check with a place has that
    /// place marked, its label the validator's own (a gap's length as its detail says it,
    /// a hold's spread and the taps' radius as their figures).
    func testEveryFaultsFailuresAreMarkedWhereTheyHappened() throws {
        for fault in PanelFault.allCases {
            let report = try Self.report(fault: fault)
            Self.assertColours(report)
            let sections = Self.sections(ReportHTML.render(report))
            for (step, section) in zip(report.steps, sections) {
                let marks = Self.markTexts(section)
                for verdict in step.verdicts where !verdict.passed {
                    let fragment = verdict.validator == .trackingIDs && verdict.detail.contains("ghost")
                        ? "ghost" : Self.markLabels[verdict.validator]
                    guard let fragment else { continue }
                    XCTAssertTrue(marks.contains { $0.contains(fragment) }, "\(fault.rawValue), step \(step.number): \(verdict) not marked in \(marks)")
                    switch verdict.validator {
                    case .noGap:
                        let length = try XCTUnwrap(verdict.detail.components(separatedBy: " mm after").first)
                        XCTAssertTrue(marks.contains("gap \(length) mm"), "\(fault.rawValue): \(marks) vs \(verdict.detail)")
                    case .stationaryJitter:
                        XCTAssertTrue(marks.contains("spread \(fixed(verdict.figure, decimals: 2)) mm"), "\(fault.rawValue): \(marks)")
                    case .tapAccuracy:
                        XCTAssertTrue(marks.contains("radius \(fixed(verdict.figure, decimals: 2)) mm"), "\(fault.rawValue): \(marks)")
                    case .tapOffset:
                        XCTAssertTrue(marks.contains("offset \(fixed(verdict.figure, decimals: 2)) mm"), "\(fault.rawValue): \(marks)")
                    default: break
                    }
                }
            }
        }
    }

    /// The gap marked is the one no gap judged: the core's `largestGap` gives the
    /// verdict's figure.
    func testTheMarkedGapIsTheOneNoGapJudged() throws {
        let report = try Self.report(fault: .droppedSamples)
        let line = try XCTUnwrap(report.steps.first { $0.kind == .line })
        let stroke = try XCTUnwrap(line.contacts.max { $0.count < $1.count })
        let contact = Contact(id: 0, samples: stroke.map { ContactSample(time: $0[0], point: Point(x: $0[1], y: $0[2])) })
        let gap = try XCTUnwrap(StrokeValidators.largestGap(contact))
        let verdict = try XCTUnwrap(line.verdicts.first { $0.validator == .noGap })
        XCTAssertFalse(verdict.passed)
        XCTAssertEqual(gap.ratio, verdict.figure, accuracy: 1e-9)
        XCTAssertGreaterThan(contact.samples[gap.index + 1].point.distance(to: contact.samples[gap.index].point), 1)
    }

    /// A hold of millimetres of jitter is drawn at a scale to see it: its scale bar is a
    /// few millimetres, not the panel's 50, and its axes' ticks are a millimetre or two apart.
    func testAHoldsPlotIsZoomedToItsContacts() throws {
        let report = try Self.report(fault: .noise)
        let hold = try XCTUnwrap(report.steps.firstIndex { $0.kind == .hold })
        let section = Self.sections(ReportHTML.render(report))[hold]
        let bar = try XCTUnwrap(section.components(separatedBy: #"<g class="scale-bar">"#).last?
            .components(separatedBy: " mm</text>").first?.components(separatedBy: ">").last)
        XCTAssertLessThanOrEqual(try XCTUnwrap(Double(bar)), 5, "the scale bar of a hold's plot, mm")
        XCTAssertTrue(section.contains("on the panel"), "an inset says where on the panel the hold was")
    }
}
