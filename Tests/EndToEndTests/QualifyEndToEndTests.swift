import ToolSupport
import TouchCore
import Foundation
import Harness
import EventLogFormat
import XCTest

/// A qualify run on weston, as a person starts one: the first step's guide on screen, a
/// line drawn along it, its verdicts judged and drawn.
final class QualifyEndToEndTests: EndToEndTestCase {
    private var plan: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/plans/quick.json")
            .standardized.path
    }

    func testTheFirstStepIsGuidedAndJudged() throws {
        try startHeadlessRun(arguments: ["--qualify", plan, "--millimetres-per-pixel", "0.2"])
        let started = try headlessRun.eventLog.waitFor("the first step") { $0.qualify?.state == .started }.qualify!
        XCTAssertEqual([started.step, started.of], [1, 8])
        XCTAssertEqual(started.kind, .line)
        XCTAssertEqual(started.millimetresPerPixel, 0.2)
        let guide = try headlessRun.screenshot("qualify-line-guide.png")
        // The guide runs across the middle from 10 % to 90 % of the width, in blue.
        XCTAssertTrue(guide.pixel(x: 512, y: 320).b > 200 && guide.pixel(x: 512, y: 320).r < 100, "the line is drawn")
        let judged = try drawTheLine()
        XCTAssertEqual(judged.verdicts.map(\.validator), QualifyValidator.checks(of: .line))
        XCTAssertTrue(judged.verdicts.first { $0.validator == .linearity }!.passed, "a straight line is straight")
        let shown = try headlessRun.screenshot("qualify-line-verdicts.png")
        let verdictRows = shown.count(x: 10, y: 360, width: 600, height: 270) { $0.g > 100 && $0.r < 80 && $0.b < 100 }
        XCTAssertGreaterThan(verdictRows, 100, "the verdicts are drawn, green where they pass")
    }

    /// A finger that starts on Skip and slides off (Skip does not fire) is no part of the
    /// step, on screen and in `touchspots-report`'s judging of the run's log: the line step
    /// is judged from the line alone, and the report agrees with the run.
    func testAFingerThatStartsOnSkipAndSlidesOffIsNoPartOfTheStep() throws {
        try startHeadlessRun(arguments: ["--qualify", plan, "--millimetres-per-pixel", "0.2"])
        // The step as asked on the fullscreen window (1024 x 640 px, 204.8 x 128 mm): the
        // first `started` line may be the window's size before it was made fullscreen.
        let started = try headlessRun.eventLog.waitFor("the first step, fullscreen") {
            $0.qualify?.state == .started && $0.qualify?.panel == Size(width: 204.8, height: 128)
        }.qualify!
        let skip = try XCTUnwrap(started.buttons.first, "the started line names the Skip button")
        let next = try XCTUnwrap(started.next)
        XCTAssertEqual(skip.minX + skip.width / 2, next.x, accuracy: 0.01, "the button whose centre is next")
        XCTAssertEqual(skip.minY + skip.height / 2, next.y, accuracy: 0.01)
        // Down on Skip, up and off it by 150 px, lifted there.
        try headlessRun.send(batch: ["down 2 \(next.x) \(next.y)", "frame"])
        for step in 1...15 {
            try headlessRun.send(batch: ["motion 2 \(next.x) \(next.y - Double(step * 10))", "frame"])
            usleep(8_000)
        }
        try headlessRun.send(batch: ["up 2", "frame"])
        let judged = try drawTheLine()
        XCTAssertEqual(judged.step, 1, "Skip did not fire: the line step was judged")
        XCTAssertFalse(try headlessRun.eventLog.events().contains { $0.qualify?.state == .skipped })
        let json = "\(outputDirectory)/report.json"
        let run = try runReport(["judge", "\(outputDirectory)/events.jsonl", "--json", json])
        XCTAssertNotEqual(run.status, 64, run.errors)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        XCTAssertEqual(report["agreesWithLiveRun"] as? Bool, true, "offline, the verdicts the run showed")
        let step = (report["steps"] as! [[String: Any]])[0]
        XCTAssertEqual((step["contacts"] as? [Any])?.count, 1, "the line alone; the finger that began on Skip is not the step's")
        let offline = (step["verdicts"] as! [[String: Any]])
        XCTAssertEqual(offline.map { $0["passed"] as! Bool }, judged.verdicts.map(\.passed))
        print("skip-and-slide on weston: live \(judged.verdicts.map { "\($0.validator) \($0.passed)" }), offline contacts 1")
    }

    /// The prompts are readable at 1x and at 2x: drawn at the output's scale, sharp, and
    /// whole (the longest prompt, the edges step's, fits the window's width).
    func testThePromptsFitAtOneAndTwiceTheScale() throws {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        for (scale, width, height) in [(1.0, 1024, 640), (2.0, 640, 400)] {
            headlessRun = try HeadlessRun(outputDirectory: "\(outputDirectory)/\(Int(scale))x", width: width, height: height, scale: scale,
                                  clientArguments: ["--qualify", plan, "--millimetres-per-pixel", "0.2"])
            let started = try headlessRun.eventLog.waitFor("the first step") { $0.qualify?.state == .started }.qualify!
            // Skip to the edges step, whose prompt is the longest.
            for _ in 1..<8 {
                let next = try XCTUnwrap(headlessRun.eventLog.events().compactMap(\.qualify).last?.next)
                try headlessRun.send(batch: ["down 9 \(next.x) \(next.y)", "frame"])
                try headlessRun.send(batch: ["up 9", "frame"])
            }
            try headlessRun.eventLog.waitFor("the edges step") { $0.qualify?.kind == .edges && $0.qualify?.state == .started }
            XCTAssertEqual(started.of, 8)
            let image = try headlessRun.screenshot("qualify-edges-\(Int(scale))x.png")
            XCTAssertEqual(image.width, Int(Double(width) * scale), "drawn at the output's scale")
            let band = Int(44 * scale)
            var columns: [Int] = []
            for x in 0..<image.width where (0..<band).contains(where: { y in
                let p = image.pixel(x: x, y: y)
                return p.r < 80 && p.g < 80 && p.b < 80
            }) { columns.append(x) }
            let first = try XCTUnwrap(columns.first, "the prompt is drawn"), last = columns.last!
            XCTAssertGreaterThan(first, Int(4 * scale), "the prompt starts inside the window at \(scale)x")
            XCTAssertLessThan(last, image.width - Int(4 * scale), "the prompt ends inside the window at \(scale)x")
            XCTAssertGreaterThan(last - first, image.width / 2, "and is large enough to read")
            headlessRun.stop()
        }
    }

    /// The shipped profiles: their steps asked in order and judged by their own limits,
    /// which the `started` lines carry (Windows' report rate resolved to weston's 60 Hz).
    func testTheShippedProfilesCarryTheirLimits() throws {
        try? FileManager.default.removeItem(atPath: outputDirectory)
        let plans = URL(fileURLWithPath: plan).deletingLastPathComponent().path
        for (name, limits) in [("chromeos", ["tap-accuracy": 0.5, "report-rate": 60, "range": 0.5]),
                               ("windows", ["tap-accuracy": 1, "report-rate": 60, "range": 1, "linearity-maximum": 1])] {
            headlessRun = try HeadlessRun(outputDirectory: "\(outputDirectory)/\(name)",
                                  clientArguments: ["--qualify", "\(plans)/\(name).json", "--millimetres-per-pixel", "0.2"])
            let started = try headlessRun.eventLog.waitFor("the first step") { $0.qualify?.state == .started }.qualify!
            XCTAssertEqual(started.plan, name)
            XCTAssertEqual(started.kind, .line)
            let given = Dictionary(uniqueKeysWithValues: try XCTUnwrap(started.thresholds).named.map { ($0.name, $0.value) })
            for (key, value) in limits { XCTAssertEqual(given[key], value, "\(name): \(key)") }
            headlessRun.stop()
        }
    }

    /// Started from the app grid there is no --event-log: the run keeps its log in the
    /// state folder all the same, and says where, once it has a compositor (with none it
    /// makes no log: HostileArgumentsEndToEndTests).
    func testARunKeepsItsLogWithoutEventLog() throws {
        try startHeadlessRun()
        let state = "\(outputDirectory)/state"
        let second = try ChildProcess(name: "touchspots", arguments: [Products.touchspots, "--qualify", plan,
                                                                     "--millimetres-per-pixel", "0.2"],
                                      environment: headlessRun.compositor.clientEnvironment.merging(["XDG_STATE_HOME": state]) { $1 },
                                      logPath: "\(outputDirectory)/second.log")
        defer { _ = try? second.stop() }
        let folder = "\(state)/touchspots"
        var kept: [String] = []
        for _ in 0..<100 where kept.isEmpty {
            kept = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("qualify-quick-") }
            if kept.isEmpty { usleep(100_000) }  // a file appearing: no event to wait on
        }
        XCTAssertEqual(kept.count, 1, "the run's log is kept in the state folder")
        let told = try String(contentsOfFile: "\(outputDirectory)/second.log", encoding: .utf8)
        XCTAssertTrue(told.contains("this run's event log: \(folder)/qualify-quick-"), told)
    }

    func testABadPlanIsAUsageError() throws {
        let file = NSTemporaryDirectory() + "touchspots-bad-plan-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try #"{"name":"x","steps":[{"kind":"wave"}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try ChildProcess.run([Products.touchspots, "--qualify", file])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.errors.contains("step 1 (wave): unknown kind"), run.errors)
        try #"{"name":"x","steps":[{"kind":"pinch"}],"thresholds":{"wobble":2}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let threshold = try ChildProcess.run([Products.touchspots, "--qualify", file])
        XCTAssertEqual(threshold.status, 64)
        XCTAssertTrue(threshold.errors.contains("threshold 'wobble': unknown"), threshold.errors)
    }

    /// Draws the quick plan's first step, the line across the middle (10 % to 90 % of the
    /// fullscreen 1024 px), at a hand's pace (8 px every 8 ms), and returns its judged line.
    private func drawTheLine() throws -> QualifyProgress {
        try headlessRun.send(batch: ["down 1 102 320", "frame"])
        for step in 1...100 {
            try headlessRun.send(batch: ["motion 1 \(102 + step * 8) 320", "frame"])
            usleep(8_000)  // pacing the strokes like a hand, not waiting for an event
        }
        try headlessRun.send(batch: ["up 1", "frame"])
        return try headlessRun.eventLog.waitFor("the line judged") { $0.qualify?.state == .judged }.qualify!
    }
}
