import TouchCore
import TouchRobot
import XCTest

/// `StepFinder` on the robot's contacts for the quick plan, as a recording made without
/// touchspots on screen holds them: each step's touches found in order, a stray tap left
/// out, a line whose id jumps kept whole, a step not drawn found nowhere while the others
/// are still found (docs/qualify.md, "Steps found from the touches").
final class StepFinderTests: XCTestCase {
    static let panel = FaultTableTests.panel
    static let steps = QualifyRobot.quickSteps(panel: panel)

    /// The plan's steps drawn one after another, `pause` seconds apart, with the digitizer's
    /// `fault`; which step each contact was drawn for.
    static func drawn(fault: PanelFault = .none, leaving skipped: Int? = nil, pause: Double = 1.5)
        -> (contacts: [Contact], step: [Int]) {
        let digitizer = Digitizer(panel: panel, millimetresPerPixel: FaultTableTests.millimetresPerPixel, fault: fault, seed: 3)
        var contacts: [Contact] = [], step: [Int] = []
        var start = 0.0
        for (index, asked) in steps.enumerated() where index != skipped {
            var drawn = digitizer.contacts(QualifyRobot.fingers(for: asked, panel: panel), eventful: QualifyRobot.isEventful(asked))
            for c in drawn.indices { for s in drawn[c].samples.indices { drawn[c].samples[s].time += start } }
            contacts += drawn
            step += Array(repeating: index, count: drawn.count)
            start = (contacts.map(\.ended).max() ?? start) + pause
        }
        return (contacts, step)
    }

    private func assertFound(_ found: [StepFinder.Found], _ step: [Int], file: StaticString = #filePath, line: UInt = #line) {
        for (index, result) in found.enumerated() {
            XCTAssertEqual(result.contacts.sorted(), step.indices.filter { step[$0] == index }, "step \(index + 1): \(result.reason)",
                           file: file, line: line)
        }
    }

    func testEveryStepIsFoundInOrder() {
        let (contacts, step) = Self.drawn()
        let (found, leftOut) = StepFinder(steps: Self.steps, panel: Self.panel).find(contacts)
        assertFound(found, step)
        XCTAssertEqual(leftOut, [])
        XCTAssertTrue(found[2].reason.hasPrefix("20 short still contact(s) in one place, asked 20 taps"), found[2].reason)
    }

    func testAStrayTapIsLeftOut() {
        var (contacts, step) = Self.drawn()
        // A tap far from everything, between the hold and the taps.
        let holdEnd = contacts[step.firstIndex(of: 1)!].ended
        contacts.append(Contact(id: 99, samples: [ContactSample(time: holdEnd + 0.7, point: Point(x: 200, y: 125)),
                                                  ContactSample(time: holdEnd + 0.78, point: Point(x: 200, y: 125))]))
        step.append(-1)
        let (found, leftOut) = StepFinder(steps: Self.steps, panel: Self.panel).find(contacts)
        assertFound(found, step)
        XCTAssertEqual(leftOut, [[contacts.count - 1]])
    }

    func testALineWhoseIdJumpsStaysWhole() {
        let (contacts, step) = Self.drawn(fault: .split)
        XCTAssertEqual(step.filter { $0 == 0 }.count, 2, "the line is two contacts")
        assertFound(StepFinder(steps: Self.steps, panel: Self.panel).find(contacts).steps, step)
    }

    func testAStepNotDrawnIsFoundNowhere() {
        let (contacts, step) = Self.drawn(leaving: 1)
        let found = StepFinder(steps: Self.steps, panel: Self.panel).find(contacts).steps
        XCTAssertEqual(found[1].contacts, [], "the hold was not drawn: \(found[1].reason)")
        assertFound(found, step)
    }

    /// The finder looks at shapes, not places: a mirrored panel's steps are found all the same.
    func testAMirroredPanelsStepsAreFound() {
        let (contacts, step) = Self.drawn(fault: .mirror)
        assertFound(StepFinder(steps: Self.steps, panel: Self.panel).find(contacts).steps, step)
    }
}
