import ToolSupport
import TouchCore
import Foundation
import Harness
import EventLogFormat
import XCTest

/// Teaching a stroke through weston as a person does (`--record-gesture`): the harness
/// follows the lesson's `teach` lines, draws the stroke three times, taps Save, then draws
/// it once more and sees its label; a bad stroke file is told and the others still load.
final class StrokesEndToEndTests: EndToEndTestCase {
    /// A "Z" from `origin`, `size` px, as one finger's batches of motions.
    private func drawZed(at origin: (Double, Double), size: Double) throws {
        let corners = [(0.0, 0.0), (1.0, 0.05), (0.05, 0.95), (1.0, 1.0)]
        var points: [(Double, Double)] = []
        for index in 1..<corners.count {
            let from = corners[index - 1], to = corners[index]
            for step in 0...10 {
                let t = Double(step) / 10
                points.append((origin.0 + (from.0 + (to.0 - from.0) * t) * size, origin.1 + (from.1 + (to.1 - from.1) * t) * size))
            }
        }
        try headlessRun.send(batch: ["down 1 \(Int(points[0].0)) \(Int(points[0].1))", "frame"])
        for point in points.dropFirst() {
            try headlessRun.send(batch: ["motion 1 \(Int(point.0)) \(Int(point.1))", "frame"])
        }
        try headlessRun.send(batch: ["up 1", "frame"])
    }

    private func teachLine(_ what: String, _ matches: @escaping (LessonProgress) -> Bool) throws -> LessonProgress {
        try headlessRun.eventLog.waitFor(what) { $0.teach.map(matches) ?? false }.teach!
    }

    func testTeachAStrokeThenDrawIt() throws {
        // Beside the output folder, which startHeadlessRun empties.
        let config = "\(outputDirectory)-config"
        try? FileManager.default.removeItem(atPath: config)
        let strokes = "\(config)/touchspots/strokes"
        try FileManager.default.createDirectory(atPath: strokes, withIntermediateDirectories: true)
        try "example 0,0 10,10\n".write(toFile: "\(strokes)/broken.stroke", atomically: true, encoding: .utf8)
        // A stroke taught earlier, still recognized beside the broken file.
        try "# touchspots stroke 1\nexample 0,0 100,0 100,100 0,100\n"
            .write(toFile: "\(strokes)/hook.stroke", atomically: true, encoding: .utf8)
        try startHeadlessRun(arguments: ["--record-gesture", "zed"], environment: ["XDG_CONFIG_HOME": config])
        let warning = try headlessRun.eventLog.waitFor("the broken file's warning") { $0.warningKind == .template }
        XCTAssertTrue(warning.warning?.contains("broken.stroke") ?? false, "\(warning)")
        _ = try teachLine("the lesson starts") { $0.step == .draw && $0.examples == 0 }
        try headlessRun.screenshot("lesson-start.png")
        for (n, (origin, size)) in [((300.0, 200.0), 260.0), ((380.0, 240.0), 200.0), ((250.0, 180.0), 300.0)].enumerated() {
            try drawZed(at: origin, size: size)
            _ = try teachLine("drawing \(n + 1)") { $0.examples == n + 1 }
        }
        let confirm = try teachLine("Save or Again") { $0.step == .confirm }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(confirm.agreement), 0.89, "three Z's agree")
        let image = try headlessRun.screenshot("lesson-confirm.png")
        let save = try XCTUnwrap(confirm.saveAt)
        XCTAssertLessThan(image.pixel(x: Int(save.x), y: Int(save.y)).r, 100, "the Save button is drawn")
        try headlessRun.send(batch: ["down 2 \(Int(save.x)) \(Int(save.y))", "frame"])
        try headlessRun.send(batch: ["up 2", "frame"])
        let taught = try teachLine("saved") { $0.step == .taught }
        XCTAssertEqual(taught.savedTo, "\(strokes)/zed.stroke")
        let text = try String(contentsOfFile: "\(strokes)/zed.stroke", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# touchspots stroke 1\nexample "), text)
        XCTAssertEqual(text.split(separator: "\n").count, 4, "three drawings")
        try headlessRun.eventLog.waitFor("the playground follows") { $0 == .scene(name: .playground) }

        try drawZed(at: (400, 260), size: 220)
        let gesture = try headlessRun.eventLog.waitFor("the taught stroke") { $0.gesture?.kind == .template }.gesture!
        guard case .template("zed", _) = gesture else { return XCTFail("\(gesture)") }
        try headlessRun.eventLog.waitFor("its label") { $0.label.map { $0.slot == .template && $0.text.contains("zed") } ?? false }
        let labelled = try headlessRun.screenshot("taught-label.png")
        // The template slot is the seventh label band below the guide (PlaygroundScene.layout).
        let unit = min(1024.0 / 800, 640.0 / 600), top = Int((44 + 6 * 36) * unit)
        XCTAssertGreaterThan(labelled.count(x: 0, y: top + 2, width: 1024, height: Int(36 * unit) - 4) { $0.r < 100 }, 100,
                             "the label is on screen")
        try headlessRun.send(batch: ["down 3 300 250", "frame", "motion 3 500 250", "frame", "motion 3 500 450", "frame",
                                     "motion 3 300 450", "frame", "up 3", "frame"])
        try headlessRun.eventLog.waitFor("the stroke taught earlier") { if case .template("hook", _)? = $0.gesture { true } else { false } }

        let list = Process()
        list.executableURL = URL(fileURLWithPath: Products.touchspots)
        list.arguments = ["--list-strokes"]
        list.environment = ["XDG_CONFIG_HOME": config, "HOME": outputDirectory]
        let output = Pipe(), errors = Pipe()
        list.standardOutput = output
        list.standardError = errors
        try list.run()
        list.waitUntilExit()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(list.terminationStatus, 0)
        // The build's binary also finds the shipped strokes in the source tree's data/.
        let names = listed.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        XCTAssertEqual(names.filter { !["arrow", "caret", "circle", "v", "x"].contains($0) }, ["hook", "zed"], listed)
        XCTAssertTrue(told.contains("broken.stroke"), told)
    }

    /// A save that fails (`strokes` is a file, not a folder): the lesson stays on screen
    /// with the reason, the line says `unsaved`, never `taught` (issue 39), and a
    /// `template` warning says why.
    func testAFailedSaveIsShownAndNotTaught() throws {
        let config = "\(outputDirectory)-config"
        try? FileManager.default.removeItem(atPath: config)
        try FileManager.default.createDirectory(atPath: "\(config)/touchspots", withIntermediateDirectories: true)
        try "not a folder".write(toFile: "\(config)/touchspots/strokes", atomically: true, encoding: .utf8)
        try startHeadlessRun(arguments: ["--record-gesture", "zed"], environment: ["XDG_CONFIG_HOME": config])
        _ = try teachLine("the lesson starts") { $0.step == .draw && $0.examples == 0 }
        for (n, (origin, size)) in [((300.0, 200.0), 260.0), ((380.0, 240.0), 200.0), ((250.0, 180.0), 300.0)].enumerated() {
            try drawZed(at: origin, size: size)
            _ = try teachLine("drawing \(n + 1)") { $0.examples == n + 1 }
        }
        let save = try XCTUnwrap(try teachLine("Save or Again") { $0.step == .confirm }.saveAt)
        try headlessRun.send(batch: ["down 2 \(Int(save.x)) \(Int(save.y))", "frame"])
        try headlessRun.send(batch: ["up 2", "frame"])
        _ = try teachLine("not saved") { $0.step == .unsaved }
        let warning = try headlessRun.eventLog.waitFor("the reason") { $0.warningKind == .template }
        XCTAssertTrue(warning.warning?.contains("was not saved") ?? false, "\(warning)")
        let image = try headlessRun.screenshot("lesson-unsaved.png")
        XCTAssertLessThan(image.pixel(x: Int(save.x), y: Int(save.y)).r, 100, "Save is offered again")
        XCTAssertFalse(try headlessRun.eventLog.events().contains { $0.teach?.step == .taught }, "no taught line")
        let events = try headlessRun.eventLog.events()
        let unsaved = try XCTUnwrap(events.firstIndex { $0.teach?.step == .unsaved })
        XCTAssertFalse(events[unsaved...].contains { $0 == .scene(name: .playground) }, "the lesson stays")
    }

    func testABadStrokeNameIsAUsageError() throws {
        let run = Process()
        run.executableURL = URL(fileURLWithPath: Products.touchspots)
        run.arguments = ["--record-gesture", "../evil"]
        let errors = Pipe()
        run.standardError = errors
        run.standardOutput = Pipe()
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 64)
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(told.contains("--record-gesture") && told.contains("a-z"), told)
    }
}
