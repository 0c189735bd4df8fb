import TouchCore
import TouchRobot
import XCTest

/// The quick plan played through the session's front door, as the robot would play it on
/// a compositor: each step's contacts from the digitizer become touch frames, the scene
/// judges the step, and the robot taps Next. The scene's verdicts are the offline judge's.
final class QualifySceneTests: XCTestCase {
    static let millimetresPerPixel = FaultTableTests.millimetresPerPixel
    static let plan = QualifyRobot.quickPlan

    /// Plays the plan with `fault` and returns the `qualify` events.
    static func play(_ fault: PanelFault) -> [QualifyProgress] { played(fault).progress }

    /// A plan played to its end on a window of `size`: the session, its touchscreen, the
    /// scene (on its end screen) and the `qualify` events.
    static func played(_ fault: PanelFault, plan: QualifyPlan = plan, size: Size = Size(width: 1280, height: 800),
                       logPath: String? = nil)
        -> (session: TouchSession, device: DeviceID, scene: QualifyScene, progress: [QualifyProgress]) {
        let clock = ManualClock(now: 100)
        final class Told { var progress: [QualifyProgress] = [] }
        let told = Told()
        let session = TouchSession(sceneName: .playground, size: size, clock: clock) { event in
            if case .qualify(let p) = event { told.progress.append(p) }
        }!
        let device = session.touchscreens.add()
        let scene = QualifyScene(plan: plan, millimetresPerPixel: millimetresPerPixel)
        scene.logPath = logPath
        session.show(scene)
        let panel = Size(width: size.width * millimetresPerPixel, height: size.height * millimetresPerPixel)
        let digitizer = Digitizer(panel: panel, millimetresPerPixel: millimetresPerPixel, fault: fault, seed: 7)
        var base = clock.now
        func px(_ p: Point) -> Point { Point(x: p.x / millimetresPerPixel, y: p.y / millimetresPerPixel) }
        for step in plan.steps(on: panel) {
            let contacts = digitizer.contacts(QualifyRobot.fingers(for: step, panel: panel), eventful: QualifyRobot.isEventful(step))
            // Every report, in time order, as wl_touch events and frames.
            var reports: [(time: Double, contact: Int, sample: Int)] = []
            for (c, contact) in contacts.enumerated() {
                for s in contact.samples.indices { reports.append((contact.samples[s].time, c, s)) }
            }
            reports.sort { ($0.time, $0.contact) < ($1.time, $1.contact) }
            var index = 0
            while index < reports.count {
                let time = reports[index].time
                clock.now = base + time
                let ms = UInt32((clock.now * 1000).rounded())
                while index < reports.count && reports[index].time == time {
                    let (_, c, s) = reports[index]
                    let id = Int32(c), point = px(contacts[c].samples[s].point)
                    if s == 0 { session.touchscreens.down(device, id: id, at: point, time: ms) } else {
                        session.touchscreens.motion(device, id: id, to: point, time: ms)
                    }
                    if s == contacts[c].samples.count - 1 { session.touchscreens.up(device, id: id, time: ms) }
                    index += 1
                }
                session.touchscreens.frame(device)
                session.flush()
            }
            base = clock.now + 0.5
            clock.now = base
            session.flush()  // the step is judged once no finger has been down for a while
            // The robot taps Next.
            let next = scene.nextButton.frame.center
            let ms = UInt32((clock.now * 1000).rounded())
            session.touchscreens.down(device, id: 900, at: next, time: ms)
            session.touchscreens.frame(device)
            session.touchscreens.up(device, id: 900, time: ms + 50)
            session.touchscreens.frame(device)
            base += 0.5
            clock.now = base
        }
        return (session, device, scene, told.progress)
    }

    func testAPerfectPanelPassesEveryStep() throws {
        let progress = Self.play(.none)
        XCTAssertEqual(progress.filter { $0.state == .started }.map(\.kind.rawValue),
                       ["line", "hold", "taps", "corners", "maximum-contacts", "pinch", "drumroll", "edges"])
        let judged = progress.filter { $0.state == .judged }
        XCTAssertEqual(judged.count, 8, "every step judged, none skipped: \(progress.map { "\($0.kind) \($0.state)" })")
        for step in judged {
            XCTAssertTrue(step.verdicts.allSatisfy(\.passed), "\(step.kind): \(step.verdicts)")
        }
        let finished = try XCTUnwrap(progress.last)
        XCTAssertEqual(finished.state, .finished)
        XCTAssertEqual(finished.verdicts.count, judged.flatMap(\.verdicts).count)
    }

    /// Live through the scene, each fault trips what it trips offline (FaultTableTests).
    func testFaultsTripTheSameThroughTheScene() {
        for fault in [PanelFault.droppedSamples, .noise, .lowReportRate, .rotation, .split, .deadBand, .contactLimit] {
            let verdicts = Self.play(fault).filter { $0.state == .judged }.flatMap(\.verdicts)
            XCTAssertEqual(Set(verdicts.filter { !$0.passed }.map(\.validator)), FaultTableTests.expected[fault]!, fault.rawValue)
        }
    }

    /// Skip, then Redo: a skipped step is told as skipped, a redone one judged again.
    func testSkipAndRedo() throws {
        let run = SceneRun(millimetresPerPixel: Self.millimetresPerPixel)
        let (clock, session, device, scene) = (run.clock, run.session, run.device, run.scene)
        func tap(_ p: Point, id: Int32) { run.tap(p, id: id) }
        var progress: [QualifyProgress] { run.progress }
        XCTAssertEqual(scene.nextButton.title, "Skip")
        tap(scene.nextButton.frame.center, id: 1)
        XCTAssertEqual(progress.map(\.state), [.started, .skipped, .started])
        XCTAssertEqual(scene.index, 1)
        // The hold step: a finger held 3 s on its target.
        let target = Point(x: 0.4 * 1280, y: 0.55 * 800)
        session.touchscreens.down(device, id: 2, at: target, time: UInt32(clock.now * 1000))
        session.touchscreens.frame(device)
        for _ in 0..<300 {
            clock.now += 0.01
            session.touchscreens.motion(device, id: 2, to: target, time: UInt32(clock.now * 1000))
            session.touchscreens.frame(device)
        }
        session.touchscreens.up(device, id: 2, time: UInt32(clock.now * 1000))
        session.touchscreens.frame(device)
        XCTAssertEqual(progress.last?.state, .started, "judged only once the fingers have been up a while")
        clock.now += QualifyScene.settle
        session.flush()
        XCTAssertEqual(progress.last?.state, .judged)
        XCTAssertFalse(scene.redoButton.isHidden)
        tap(scene.redoButton.frame.center, id: 3)
        XCTAssertEqual(progress.last?.state, .started)
        XCTAssertEqual(progress.last?.kind, .hold, "the same step again")
    }

    /// Corner taps that never come (the touchscreen mapped to another output): the step
    /// ends with the mapping's own verdict once nothing has come for 10 s, not before.
    func testCornerTapsThatNeverArriveEndTheStep() throws {
        let run = SceneRun(millimetresPerPixel: Self.millimetresPerPixel)
        let (clock, session, device, scene) = (run.clock, run.session, run.device, run.scene)
        func tap(_ p: Point, id: Int32) { run.tap(p, id: id) }
        var progress: [QualifyProgress] { run.progress }
        for id in 1...3 { tap(scene.nextButton.frame.center, id: Int32(id)) }  // skip to the corners
        XCTAssertEqual(progress.last?.kind, .corners)
        let corners = try XCTUnwrap(progress.last?.guide)
        guard case .corners(let points) = corners else { return XCTFail("\(corners)") }
        for (n, point) in points.prefix(2).enumerated() {
            tap(Point(x: point.x / Self.millimetresPerPixel, y: point.y / Self.millimetresPerPixel), id: Int32(10 + n))
        }
        clock.now += QualifyScene.arrivalTimeout - 0.1
        session.flush()
        XCTAssertEqual(progress.last?.state, .started, "still waiting for the other taps")
        clock.now += 0.2
        session.flush()
        let judged = try XCTUnwrap(progress.last)
        XCTAssertEqual(judged.state, .judged)
        let mapping = try XCTUnwrap(judged.verdicts.first { $0.validator == .mapping })
        XCTAssertFalse(mapping.passed)
        XCTAssertTrue(mapping.detail.hasPrefix("2 of 5 taps arrived; the others never came"), mapping.detail)
    }

    /// On a desktop of two outputs, a touchscreen spread over both (x' = 2x, as sway maps one
    /// onto a layout twice its output's width): the taps on its right half land on the other
    /// output and never come; the verdict names the spread, with no matrix.
    func testATouchscreenSpreadOverTwoOutputsIsNamed() throws {
        var judge = QualifyJudge(panel: Size(width: 200, height: 100), outputCount: 2)
        let asked = [Point(x: 10, y: 10), Point(x: 190, y: 10), Point(x: 190, y: 90), Point(x: 10, y: 90), Point(x: 100, y: 50)]
        let arrived = asked.filter { 2 * $0.x < 200 }.enumerated().map { n, p in
            Contact(id: Int32(n), samples: [ContactSample(time: Double(n), point: Point(x: 2 * p.x, y: p.y)),
                                            ContactSample(time: Double(n) + 0.15, point: Point(x: 2 * p.x, y: p.y))])
        }
        let mapping = try XCTUnwrap(judge.judge(.corners(asked), contacts: arrived).first { $0.validator == .mapping })
        XCTAssertFalse(mapping.passed)
        XCTAssertTrue(mapping.detail.contains("spread over all 2 outputs"), mapping.detail)
        XCTAssertFalse(mapping.detail.contains("LIBINPUT_CALIBRATION_MATRIX"), "no matrix corrects a spread")
        XCTAssertNil(judge.correction)
    }

    /// gnome-shell takes three fingers and more for its own gestures (wl_touch.cancel): the
    /// step is judged as taken by the compositor, not as a panel's fault.
    func testTouchesTheCompositorTookAreItsOwn() throws {
        let run = SceneRun(millimetresPerPixel: Self.millimetresPerPixel)
        for id in 1...4 { run.tap(run.scene.nextButton.frame.center, id: Int32(id)) }  // skip to the contacts
        XCTAssertEqual(run.progress.last?.kind, .maximumContacts)
        for finger in 0..<3 {
            run.session.touchscreens.down(run.device, id: Int32(10 + finger), at: Point(x: 500 + Double(finger) * 80, y: 400), time: 5000)
        }
        run.session.touchscreens.frame(run.device)
        run.session.touchscreens.cancel(run.device)
        run.clock.now += QualifyScene.settle + 0.1
        run.session.flush()
        let judged = try XCTUnwrap(run.progress.last)
        XCTAssertEqual(judged.state, .judged)
        XCTAssertEqual(judged.verdicts.map(\.validator), [.takenByTheCompositor])
        XCTAssertEqual(judged.verdicts.first?.figure, 3)
        XCTAssertTrue(judged.verdicts.first?.detail.contains("not the panel's fault") ?? false)
    }

    /// An output that does not say its size: the run begins with the card calibration, and
    /// the card's outline dragged to a real card's width gives the scale.
    func testTheCardCalibrationGivesTheScale() throws {
        let run = SceneRun(millimetresPerPixel: nil)
        let (session, device, scene) = (run.session, run.device, run.scene)
        var progress: [QualifyProgress] { run.progress }
        let asked = try XCTUnwrap(progress.last)
        XCTAssertEqual([asked.state.rawValue, asked.kind.rawValue, "\(asked.step)"], ["calibrating", "card", "0"])
        let card = try XCTUnwrap(asked.card)
        XCTAssertEqual(card.height / card.width, 53.98 / 85.60, accuracy: 1e-9, "a bank card's proportions")
        // A finger on the outline's middle does not resize it; on the handle it does.
        func drag(from: Point, to: Point, id: Int32) {
            session.touchscreens.down(device, id: id, at: from, time: 1)
            session.touchscreens.frame(device)
            for step in 1...10 {
                let f = Double(step) / 10
                session.touchscreens.motion(device, id: id, to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), time: UInt32(step + 1))
                session.touchscreens.frame(device)
            }
            session.touchscreens.up(device, id: id, time: 20)
            session.touchscreens.frame(device)
        }
        drag(from: card.center, to: Point(x: card.center.x + 200, y: card.center.y), id: 1)
        XCTAssertEqual(scene.card.cardWidth, card.width, "a drag away from the handle leaves the card")
        drag(from: Point(x: card.maxX, y: card.maxY), to: Point(x: card.minX + 428, y: card.maxY + 50), id: 2)
        XCTAssertEqual(scene.card.millimetresPerPixel, 0.2, accuracy: 1e-12)
        session.touchscreens.down(device, id: 3, at: scene.nextButton.frame.center, time: 30)
        session.touchscreens.frame(device)
        session.touchscreens.up(device, id: 3, time: 80)
        session.touchscreens.frame(device)
        XCTAssertEqual(progress.suffix(2).map(\.state), [.calibrated, .started])
        XCTAssertEqual(progress.last?.millimetresPerPixel ?? 0, 0.2, accuracy: 1e-12)
        XCTAssertEqual(progress.last?.panel.width ?? 0, 256, accuracy: 1e-9)
        XCTAssertEqual(progress.last?.kind, .line)
    }

    /// The buttons leave every target of the quick plan clear, at tablet and laptop sizes:
    /// a target under a button would be a tap on the button.
    func testTheButtonsCoverNoTarget() {
        for size in [Size(width: 1280, height: 800), Size(width: 1024, height: 640), Size(width: 1920, height: 1080),
                     Size(width: 800, height: 1280)] {
            let window = Window(size: size, clock: ManualClock(now: 0))
            let scene = QualifyScene(plan: Self.plan, millimetresPerPixel: Self.millimetresPerPixel)
            scene.install(in: window)
            let panel = Size(width: size.width * Self.millimetresPerPixel, height: size.height * Self.millimetresPerPixel)
            var targets: [Point] = []
            for step in Self.plan.steps(on: panel) {
                switch step {
                case .line(let from, let to, _): targets += [from, to]
                case .hold(let at, _), .taps(let at, _): targets.append(at)
                case .corners(let points): targets += points
                default: break
                }
            }
            for button in [scene.nextButton, scene.redoButton] {
                let clear = Rect(x: button.frame.minX - 20, y: button.frame.minY - 20,
                                 width: button.frame.width + 40, height: button.frame.height + 40)
                for target in targets {
                    let px = Point(x: target.x / Self.millimetresPerPixel, y: target.y / Self.millimetresPerPixel)
                    XCTAssertFalse(clear.contains(px), "\(button.name) covers \(px) at \(size)")
                }
            }
        }
    }
}

/// The quick plan's scene behind a session's front door on a 1280 x 800 window, on a
/// manual clock, with the `qualify` events it told.
final class SceneRun {
    private final class Told { var progress: [QualifyProgress] = [] }
    let clock = ManualClock(now: 1)
    private let told = Told()
    var progress: [QualifyProgress] { told.progress }
    let session: TouchSession
    let device: DeviceID
    let scene: QualifyScene

    init(millimetresPerPixel: Double?) {
        scene = QualifyScene(plan: QualifySceneTests.plan, millimetresPerPixel: millimetresPerPixel)
        let box = told
        session = TouchSession(sceneName: .playground, size: Size(width: 1280, height: 800), clock: clock) { event in
            if case .qualify(let p) = event { box.progress.append(p) }
        }!
        device = session.touchscreens.add()
        session.show(scene)
    }

    /// A tap of 50 ms at `p`, 0.2 s after the last thing.
    func tap(_ p: Point, id: Int32) {
        clock.now += 0.2
        session.touchscreens.down(device, id: id, at: p, time: UInt32(clock.now * 1000))
        session.touchscreens.frame(device)
        clock.now += 0.05
        session.touchscreens.up(device, id: id, time: UInt32(clock.now * 1000))
        session.touchscreens.frame(device)
    }
}
