import TouchCore
import TouchRobot
import XCTest

/// The end of a qualify run: the outcome first, every step under its name with its
/// verdicts, all of them inside the window or on a page its page control reaches, none
/// over another, the page control centred.
final class EndScreenTests: XCTestCase {
    static let sizes = [Size(width: 800, height: 600), Size(width: 1280, height: 800)]
    /// As long as a log's path gets: the end-to-end tests' own is 150 characters with its note.
    static let longLogPath = "/home/someone/.local/state/touchspots/" + String(repeating: "long-folder-name/", count: 4)
        + "qualify-quick-2026-12-06T08-25-54Z/events.jsonl"

    func testEveryVerdictOfTheQuickPlanLiesInsideTheWindow() throws {
        for size in Self.sizes {
            for fault in [PanelFault.none, .mirror] {
                let run = QualifySceneTests.played(fault, size: size, logPath: Self.longLogPath)
                try checkEndScreen(run, plan: "quick", size: size)
                // The log's note fits across the window, its file's name kept.
                let note = run.scene.note
                XCTAssertLessThanOrEqual(Double(note.text.count) * 0.56 * note.fontSize, size.width - 24, note.text)
                XCTAssertGreaterThanOrEqual(note.fontSize, 12)
                XCTAssertTrue(note.text.hasPrefix("The run's log: /home/") && note.text.hasSuffix("events.jsonl"), note.text)
            }
        }
    }

    func testEveryVerdictOfTheLongPlansIsReachable() throws {
        var paged = 0
        for name in ["chromeos", "windows"] {
            let plan = try QualifyRobot.shippedPlan(name)
            for size in Self.sizes + [Size(width: 640, height: 480)] {
                let run = QualifySceneTests.played(.none, plan: plan, size: size)
                try checkEndScreen(run, plan: name, size: size)
                if run.scene.verdictsView.layout.pages.count > 1 { paged += 1 }
            }
        }
        XCTAssertGreaterThan(paged, 0, "some window too small for one page, so that the page control is tried")
    }

    /// Every step skipped: said so, not "0 of 0 checks passed", and each step named as skipped.
    func testARunThatJudgedNothingSaysSo() {
        let run = SceneRun(millimetresPerPixel: QualifySceneTests.millimetresPerPixel)
        for id in 1...8 { run.tap(run.scene.nextButton.frame.center, id: Int32(id)) }
        XCTAssertTrue(run.scene.finished)
        XCTAssertEqual(run.scene.prompt.text, "Not qualified: no step was judged (all 8 steps skipped)")
        let lines = run.scene.verdictsView.layout.pages.flatMap { $0 }.map(\.line)
        XCTAssertEqual(lines.map(\.text).first, "1 · Line: skipped")
        XCTAssertEqual(lines.map(\.tone), Array(repeating: .skipped, count: 8))
    }

    /// The screen's rule is the report's: a skipped step or a failed check is not qualified.
    func testQualifiedIsEveryStepJudgedAndEveryCheckPassed() {
        XCTAssertTrue(QualifyOutcome(steps: 8, judged: 8, checks: 18, passed: 18).isQualified)
        XCTAssertFalse(QualifyOutcome(steps: 8, judged: 7, checks: 16, passed: 16).isQualified)
        XCTAssertFalse(QualifyOutcome(steps: 8, judged: 8, checks: 18, passed: 17).isQualified)
        XCTAssertEqual(QualifyOutcome(steps: 8, judged: 7, checks: 16, passed: 15).headline,
                       "Not qualified: 15 of 16 checks passed, 1 of 8 steps skipped")
    }

    private func checkEndScreen(_ run: (session: TouchSession, device: DeviceID, scene: QualifyScene, progress: [QualifyProgress]),
                                plan: String, size: Size, file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = run.scene, at = "\(plan) at \(Int(size.width))x\(Int(size.height))"
        let finished = try XCTUnwrap(run.progress.last, at)
        XCTAssertEqual(finished.state, .finished, at)
        let qualified = finished.verdicts.allSatisfy(\.passed) && !run.progress.contains { $0.state == .skipped }
        XCTAssertTrue(scene.prompt.text.hasPrefix(qualified ? "Qualified: " : "Not qualified: "), "\(at): \(scene.prompt.text)")
        XCTAssertFalse(scene.redoButton.isHidden == false || scene.nextButton.isHidden == false, "no step's buttons at the end")

        let layout = scene.verdictsView.layout
        let origin = scene.verdictsView.frame.origin
        let paged = layout.pages.count > 1
        let controls = [scene.previousPageButton, scene.pageLabel, scene.nextPageButton] as [View]
        XCTAssertEqual(controls.map(\.isHidden), Array(repeating: !paged, count: 3), "the page control only when paged: \(at)")
        let bottom = paged ? controls.map(\.frame.minY).min()! : size.height
        // Every verdict, in the plan's order, each once, under its step's heading.
        var told: [String] = []
        var headings: [String] = []
        for page in layout.pages {
            let frames = page.map { $0.frame.offsetBy(dx: origin.x, dy: origin.y) }
            for (item, frame) in zip(page, frames) {
                XCTAssertTrue(frame.minX >= 0 && frame.maxX <= size.width && frame.maxY <= bottom
                              && frame.minY >= max(scene.prompt.frame.maxY, scene.note.text.isEmpty ? 0 : scene.note.frame.maxY),
                              "\(at): \(item.line.text) at \(frame)")
                XCTAssertLessThanOrEqual(VerdictsLayout.estimatedWidth(item.line.text, fontSize: layout.fontSize), frame.width + 1e-9,
                                         "\(at): \(item.line.text) wider than its place")
                if item.line.tone == .heading { headings.append(item.line.text) } else { told.append(item.line.text) }
            }
            for i in frames.indices {
                for j in frames.indices where j > i {
                    let overlap = frames[i].intersection(frames[j])
                    XCTAssertFalse(overlap.width > 1e-6 && overlap.height > 1e-6,
                                   "\(at): \(page[i].line.text) over \(page[j].line.text)")
                }
            }
        }
        XCTAssertEqual(told, finished.verdicts.map { VerdictsLayout.Line($0).text }, at)
        XCTAssertEqual(headings.count, finished.of, at)
        XCTAssertTrue(headings.allSatisfy { $0.contains(" · ") }, "\(at): \(headings)")
        XCTAssertGreaterThanOrEqual(layout.fontSize, 11, at)
        guard paged else { return }
        // The page control, centred, reaches every page and comes back round.
        XCTAssertEqual((scene.previousPageButton.frame.minX + scene.nextPageButton.frame.maxX) / 2, size.width / 2,
                       accuracy: 0.5, at)
        for page in 1...layout.pages.count {
            XCTAssertEqual(scene.verdictsView.page, page - 1, at)
            XCTAssertEqual(scene.pageLabel.text, "Page \(scene.verdictsView.page + 1) of \(layout.pages.count)", at)
            tap(scene.nextPageButton.frame.center, run)
            XCTAssertEqual(scene.verdictsView.page, page % layout.pages.count, at)
        }
        tap(scene.previousPageButton.frame.center, run)
        XCTAssertEqual(scene.verdictsView.page, layout.pages.count - 1, "Previous from the first page: the last: \(at)")
    }

    private func tap(_ point: Point, _ run: (session: TouchSession, device: DeviceID, scene: QualifyScene, progress: [QualifyProgress])) {
        run.session.touchscreens.down(run.device, id: 700, at: point, time: 900_000)
        run.session.touchscreens.frame(run.device)
        run.session.touchscreens.up(run.device, id: 700, time: 900_050)
        run.session.touchscreens.frame(run.device)
    }
}
