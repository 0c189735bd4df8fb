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
        try startSession(arguments: ["--qualify", plan, "--millimetres-per-pixel", "0.2"])
        let started = try session.eventLog.waitFor("the first step") { $0.qualify?.state == "started" }.qualify!
        XCTAssertEqual([started.step, started.of], [1, 8])
        XCTAssertEqual(started.kind, "line")
        XCTAssertEqual(started.millimetresPerPixel, 0.2)
        let guide = try session.screenshot("qualify-line-guide.png")
        // The guide runs across the middle from 10 % to 90 % of the width, in blue.
        XCTAssertTrue(guide.pixel(x: 512, y: 320).b > 200 && guide.pixel(x: 512, y: 320).r < 100, "the line is drawn")
        try session.send(batch: ["down 1 102 320", "frame"])
        for step in 1...100 {
            try session.send(batch: ["motion 1 \(102 + step * 8) 320", "frame"])
            usleep(8_000)
        }
        try session.send(batch: ["up 1", "frame"])
        let judged = try session.eventLog.waitFor("the line judged") { $0.qualify?.state == "judged" }.qualify!
        XCTAssertEqual(judged.verdicts.map(\.validator), ["linearity", "no gap", "no reversed motion", "report rate", "tracking ids"])
        XCTAssertTrue(judged.verdicts.first { $0.validator == "linearity" }!.passed, "a straight line is straight")
        let shown = try session.screenshot("qualify-line-verdicts.png")
        let verdictRows = shown.count(x: 10, y: 360, width: 600, height: 270) { $0.g > 100 && $0.r < 80 && $0.b < 100 }
        XCTAssertGreaterThan(verdictRows, 100, "the verdicts are drawn, green where they pass")
    }

    func testABadPlanIsAUsageError() throws {
        let file = NSTemporaryDirectory() + "touchspots-bad-plan.json"
        try #"{"name":"x","steps":[{"kind":"wave"}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: Products.touchspots)
        run.arguments = ["--qualify", file]
        let errors = Pipe()
        run.standardError = errors
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 64)
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(told.contains("step 1 (wave): unknown kind"), told)
    }
}
