import EventLogFormat
import QualifyReport
import TouchCore
import XCTest

/// Live and offline judging draw one boundary around a step (`StepTouches`): a finger that
/// starts on Skip and slides off before it lifts (so Skip does not fire) is no part of the
/// step, on screen and in the report made from the run's log.
final class StepBoundaryTests: XCTestCase {
    static let millimetresPerPixel = 0.17
    static let size = Size(width: 1280, height: 800)
    /// Two taps on a target at (0.3, 0.35) of the screen, then a hold (never played).
    static let plan = QualifyPlan(name: "skip-and-slide", steps: [.taps(at: Point(x: 0.3, y: 0.35), count: 2),
                                                               .hold(at: Point(x: 0.4, y: 0.55), seconds: 3)])

    /// A run through the session's front door whose events are written as the client
    /// writes its log (`LogLine.encode`), and read back as `touchspots-report` reads it.
    final class Run {
        let clock = ManualClock(now: 10)
        private final class Written { var bytes: [UInt8] = []; var progress: [QualifyProgress] = [] }
        private let written = Written()
        let session: TouchSession
        let device: DeviceID
        let scene = QualifyScene(plan: StepBoundaryTests.plan, millimetresPerPixel: StepBoundaryTests.millimetresPerPixel)

        init() {
            let box = written
            session = TouchSession(sceneName: .playground, size: StepBoundaryTests.size, clock: clock) { event in
                if case .qualify(let progress) = event { box.progress.append(progress) }
                LogLine.encode(event, seat: nil, into: &box.bytes)
                box.bytes.append(UInt8(ascii: "\n"))
            }!
            session.reportsRouting = false
            device = session.touchscreens.add()
            session.show(scene)
        }

        var progress: [QualifyProgress] { written.progress }
        var log: [UInt8] { written.bytes }

        var ms: UInt32 { UInt32((clock.now * 1000).rounded()) }

        /// A finger from `from` to `to` in `steps` moves 10 ms apart, then lifted.
        func slide(_ id: Int32, from: Point, to: Point, steps: Int = 20) {
            session.touchscreens.down(device, id: id, at: from, time: ms)
            session.touchscreens.frame(device)
            for i in 1...steps {
                clock.now += 0.01
                let f = Double(i) / Double(steps)
                session.touchscreens.motion(device, id: id, to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f),
                                            time: ms)
                session.touchscreens.frame(device)
            }
            session.touchscreens.up(device, id: id, time: ms)
            session.touchscreens.frame(device)
            session.flush()
        }

        func tap(_ id: Int32, at point: Point) {
            clock.now += 0.2
            session.touchscreens.down(device, id: id, at: point, time: ms)
            session.touchscreens.frame(device)
            clock.now += 0.05
            session.touchscreens.up(device, id: id, time: ms)
            session.touchscreens.frame(device)
            session.flush()
        }

        /// Time for the step to be judged.
        func settle() {
            clock.now += QualifyScene.settle + 0.1
            session.flush()
        }
    }

    /// The log's lines, as `touchspots-report` reads them.
    static func lines(_ bytes: [UInt8]) throws -> [LogLine] {
        try bytes.split(separator: UInt8(ascii: "\n")).map { try LogLine(json: $0) }
    }

    func testAFingerThatStartsOnSkipAndSlidesOffIsNoPartOfTheStepLiveOrOffline() throws {
        let run = Run()
        let skip = run.scene.nextButton.frame
        XCTAssertEqual(run.scene.nextButton.title, "Skip")
        let target = Point(x: 0.3 * Self.size.width, y: 0.35 * Self.size.height)
        // From Skip's middle up and off it, lifted 200 px above the target: Skip does not fire.
        run.slide(1, from: skip.center, to: Point(x: target.x + 150, y: target.y + 120))
        XCTAssertEqual(run.progress.map(\.state), [.started], "Skip did not fire, nothing was judged")
        run.tap(2, at: target)
        run.tap(3, at: Point(x: target.x + 2, y: target.y - 1))
        run.settle()
        XCTAssertEqual(run.progress.map(\.state), [.started, .judged])

        // The `started` line names the button the finger began on.
        let lines = try Self.lines(run.log)
        let started = try XCTUnwrap(lines.compactMap(\.qualify).first { $0.state == .started })
        XCTAssertEqual(started.buttons, [skip])

        // Live: the two taps, not the slide.
        let live = try XCTUnwrap(run.progress.last).verdicts
        XCTAssertFalse(live.isEmpty)
        // Offline, from the log the run wrote: the same contacts and verdicts.
        let report = try OfflineJudge().report(lines, source: "skip-and-slide")
        XCTAssertEqual(report.steps.first?.state, .judged)
        XCTAssertEqual(report.steps.first?.contacts.count, 2, "two taps; the finger that began on Skip is not the step's")
        XCTAssertTrue(report.agreesWithLiveRun, "one answer: the offline verdicts are the live ones")
        let logged = try XCTUnwrap(lines.compactMap(\.qualify).first { $0.state == .judged }).verdicts
        XCTAssertEqual(report.steps.first?.verdicts, logged)
        XCTAssertEqual(report.steps.first?.verdicts.map(\.passed), live.map(\.passed))
        let offline = report.steps[0].verdicts
        let liveText = live.map { "\($0.validator) \($0.passed ? "pass" : "FAIL")" }.joined(separator: ", ")
        let offlineText = offline.map { "\($0.validator) \($0.passed ? "pass" : "FAIL")" }.joined(separator: ", ")
        print("skip-and-slide: live [\(liveText)]; offline [\(offlineText)], \(report.steps[0].contacts.count) contacts")
    }

    /// The log without `buttons` (written before it was added) is judged as it was then:
    /// every touch the step's, so the slide is a third contact and the verdicts differ.
    func testALogWithoutButtonsCountsTheSlide() throws {
        let run = Run()
        let skip = run.scene.nextButton.frame
        let target = Point(x: 0.3 * Self.size.width, y: 0.35 * Self.size.height)
        run.slide(1, from: skip.center, to: Point(x: target.x + 150, y: target.y + 120))
        run.tap(2, at: target)
        run.tap(3, at: Point(x: target.x + 2, y: target.y - 1))
        run.settle()
        let old = try Self.lines(run.log).map { line -> LogLine in
            guard var qualify = line.qualify else { return line }
            qualify.buttons = []
            return .qualify(qualify)
        }
        let report = try OfflineJudge().report(old, source: "old")
        XCTAssertEqual(report.steps.first?.contacts.count, 3)
    }

    /// A finger that starts on Skip and lifts on it skips the step, live and offline.
    func testAFingerThatLiftsOnSkipSkipsTheStep() throws {
        let run = Run()
        let skip = run.scene.nextButton.frame
        run.slide(1, from: skip.center, to: Point(x: skip.center.x + 10, y: skip.center.y))
        XCTAssertEqual(run.progress.map(\.state), [.started, .skipped, .started])
        let report = try OfflineJudge().report(try Self.lines(run.log), source: "skipped")
        XCTAssertEqual(report.steps.map(\.state), [.skipped, .notReached])
    }

    /// The one millimetres-per-pixel rule: an output's physical width over its logical
    /// width; unknown (0) and weston's placeholder (its mode as millimetres) say nothing.
    func testOneMillimetresPerPixelRule() {
        let panel = OutputSize(physicalWidth: 217, physicalHeight: 136, width: 1280, height: 800, scale: 1)
        XCTAssertEqual(try XCTUnwrap(panel.millimetresPerPixel), 217.0 / 1280, accuracy: 1e-12)
        let scaled = OutputSize(physicalWidth: 217, physicalHeight: 136, width: 2560, height: 1600, scale: 2)
        XCTAssertEqual(try XCTUnwrap(scaled.millimetresPerPixel), 217.0 / 1280, accuracy: 1e-12)
        let placeholder = OutputSize(physicalWidth: 1280, physicalHeight: 800, width: 1280, height: 800, scale: 1)
        XCTAssertNil(placeholder.millimetresPerPixel)
        XCTAssertNil(OutputSize.millimetresPerPixel(of: [placeholder, panel]), "the first output that says a size is the run's")
        XCTAssertEqual(OutputSize.millimetresPerPixel(of: [OutputSize(physicalWidth: 0, physicalHeight: 0, width: 800, height: 600, scale: 1), panel]),
                       panel.millimetresPerPixel)
    }

    /// The report says the scale was the output's by the same rule: weston's placeholder
    /// size with a given scale of 1 mm a pixel is a given scale, not the output's.
    func testTheReportReadsOutputsByTheSameRule() throws {
        let run = Run()
        run.tap(2, at: Point(x: 0.3 * Self.size.width, y: 0.35 * Self.size.height))
        run.tap(3, at: Point(x: 0.3 * Self.size.width, y: 0.35 * Self.size.height))
        run.settle()
        var lines = try Self.lines(run.log)
        let placeholder = LogOutput(name: "headless", physicalWidth: 1280, physicalHeight: 800, width: 1280, height: 800,
                                    refreshMillihertz: 60000, transform: .normal, scale: 1)
        lines.insert(.output(placeholder), at: 0)
        lines = lines.map { line in
            guard var qualify = line.qualify else { return line }
            qualify.millimetresPerPixel = 1
            return .qualify(qualify)
        }
        XCTAssertEqual(try OfflineJudge().report(lines, source: "placeholder").scale.from, .given)
    }
}
