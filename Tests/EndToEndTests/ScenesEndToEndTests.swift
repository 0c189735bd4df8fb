import Foundation
import Harness
import ToolSupport
import XCTest

/// The HitTest and MoveMe scenes driven through weston: hit and responder lines, placard
/// lines and what the screen shows.
final class ScenesEndToEndTests: EndToEndTestCase {
    private func tap(_ id: Int, _ x: Double, _ y: Double) throws {
        try headlessRun.send(batch: ["down \(id) \(x) \(y)", "frame"])
        try headlessRun.send(batch: ["up \(id)", "frame"])
    }

    func testHitTestSceneRoutesEveryTouchAsTheExperimentSays() throws {
        try startHeadlessRun(arguments: ["--scene", "hittest"])
        // The log's first line says what ran (`run`); the first scene is the one asked for.
        let events = try headlessRun.eventLog.events()
        XCTAssertNotNil(events.first?.run, "the log begins with its run line")
        XCTAssertEqual(events.compactMap(\.sceneName).first, .hittest)
        // (x, y, bound view, visited, chain)
        let cases: [(Double, Double, String, [String], [String])] = [
            (400, 250, "D", ["Faint", "Disabled", "Hidden", "E", "D", "C", "A"], ["D", "C", "A"]),
            (580, 250, "E", ["Faint", "Disabled", "Hidden", "E", "C", "A"], ["E", "C", "A"]),
            (100, 300, "B", ["C", "B1", "F", "B", "A"], ["B", "A"]),
            (80, 130, "B", ["C", "B1", "F", "B", "A"], ["B", "A"]),   // F passes through
            (250, 310, "B1", ["C", "B1", "B", "A"], ["B1", "B", "A"]),
            (310, 330, "C", ["Faint", "Disabled", "Hidden", "E", "D", "C", "A"], ["C", "A"]),  // C over B1
            (340, 370, "C", ["Faint", "Disabled", "Hidden", "E", "D", "C", "A"], ["C", "A"]),  // Hidden
            (460, 370, "C", ["Faint", "Disabled", "Hidden", "E", "D", "C", "A"], ["C", "A"]),  // Disabled
            (580, 370, "C", ["Faint", "Disabled", "Hidden", "E", "D", "C", "A"], ["C", "A"]),  // Faint
            (20, 560, "A", ["C", "B", "A"], ["A"]),
        ]
        for (index, (x, y, view, visited, chain)) in cases.enumerated() {
            let id = 10 + index
            try tap(id, x, y)
            try headlessRun.sync()
            let hit = try XCTUnwrap(headlessRun.eventLog.hits().first { $0.id == Int32(id) })
            XCTAssertEqual(hit.view, view, "(\(x), \(y))")
            XCTAssertEqual(hit.visited, visited, "(\(x), \(y))")
            let deliveries = try headlessRun.eventLog.responders().filter { $0.id == Int32(id) }
            XCTAssertEqual(deliveries.map(\.phase), [.began, .ended])
            for delivery in deliveries {
                XCTAssertEqual(delivery.chain, chain, "(\(x), \(y))")
                XCTAssertEqual(delivery.handledBy, "A")
            }
        }
        // The last touch hit A: A itself is highlighted. Touch D and look.
        try tap(99, 400, 250)
        let d = try headlessRun.screenshot("highlight-d.png")
        let yellow: (PNGImage.Pixel) -> Bool = { $0.r > 240 && $0.g > 200 && $0.g < 230 && $0.b < 80 }
        XCTAssertGreaterThan(d.count(x: 330, y: 190, width: 130, height: 110, where: yellow), 12000, "D lit")
        XCTAssertEqual(d.count(x: 510, y: 190, width: 130, height: 110, where: yellow), 0, "E not lit")
        try tap(100, 580, 370)  // Faint: reaches C
        let c = try headlessRun.screenshot("highlight-c.png")
        XCTAssertEqual(c.count(x: 330, y: 190, width: 130, height: 110, where: yellow), 0, "D no longer lit")
        XCTAssertGreaterThan(c.count(x: 305, y: 450, width: 390, height: 45, where: yellow), 15000, "C lit")
    }

    func testMultipleTouchRuleIsLogged() throws {
        try startHeadlessRun(arguments: ["--scene", "moveme"])
        try headlessRun.send(batch: ["down 1 100 100", "frame"])
        try headlessRun.send(batch: ["down 2 120 100", "frame"])
        try headlessRun.sync()
        let hits = try headlessRun.eventLog.hits()
        XCTAssertEqual(hits.count, 2)
        XCTAssertFalse(hits[0].ignored)
        XCTAssertTrue(hits[1].ignored, "MoveMe is bound to touch 1 and takes one touch")
        XCTAssertTrue(try headlessRun.eventLog.responders().allSatisfy { $0.id == 1 })
    }

    func testMoveMeDragReturnAndStringChange() throws {
        try startHeadlessRun(arguments: ["--scene", "moveme"])
        let start = try XCTUnwrap(headlessRun.eventLog.placards().first)
        XCTAssertEqual(start.center.x, 512)
        XCTAssertEqual(start.center.y, 320)
        XCTAssertEqual(start.phase, .idle)
        let initial = try headlessRun.screenshot("centred.png")
        let blue: (PNGImage.Pixel) -> Bool = { $0.b > 140 && $0.r < 60 }
        XCTAssertGreaterThan(initial.count(x: 362, y: 275, width: 300, height: 90, where: blue), 15000)

        try headlessRun.send(batch: ["down 1 520 330", "frame"])
        for step in 1...6 {
            try headlessRun.send(batch: ["motion 1 \(520 + step * 30) \(330 + step * 20)", "frame"])
        }
        let dragged = try headlessRun.screenshot("dragged.png")
        XCTAssertGreaterThan(dragged.count(x: 560, y: 415, width: 300, height: 90, where: blue), 15000,
                             "the placard is under the finger at (700, 450)")
        XCTAssertEqual(dragged.count(x: 362, y: 275, width: 150, height: 40, where: blue), 0,
                       "and gone from the centre")
        let last = try XCTUnwrap(headlessRun.eventLog.placards().last)
        XCTAssertEqual(last.phase, .dragging)
        XCTAssertEqual(last.center.x, 700)
        XCTAssertEqual(last.center.y, 450)

        try headlessRun.send(batch: ["up 1", "frame"])
        try headlessRun.eventLog.waitUntil("placard back to idle") { events in
            let placards = events.compactMap(\.placard)
            guard let returning = placards.firstIndex(where: { $0.phase == .returning }) else {
                return false
            }
            return placards[returning...].contains { $0.phase == .idle }
        }
        let states = try headlessRun.eventLog.placards().map(\.phase)
        XCTAssertEqual(states.last, .idle)
        XCTAssertTrue(states.contains(.returning))
        let home = try XCTUnwrap(headlessRun.eventLog.placards().last)
        XCTAssertEqual(home.center.x, 512)
        XCTAssertEqual(home.center.y, 320)
        let back = try headlessRun.screenshot("back.png")
        XCTAssertGreaterThan(back.count(x: 362, y: 275, width: 300, height: 90, where: blue), 15000)

        // Double tap outside: next display string.
        try tap(2, 150, 150)
        try tap(2, 152, 151)
        let changed = try XCTUnwrap(headlessRun.eventLog.waitFor("next string") {
            $0.placard?.text == "Bienvenue"
        }.placard)
        XCTAssertEqual(changed.phase, .idle)
        let image = try headlessRun.screenshot("bienvenue.png")
        XCTAssertGreaterThan(image.count(x: 362, y: 275, width: 300, height: 90, where: blue), 15000)
        XCTAssertNotEqual(image.count(x: 362, y: 275, width: 300, height: 90) { $0.r > 230 && $0.g > 230 },
                          back.count(x: 362, y: 275, width: 300, height: 90) { $0.r > 230 && $0.g > 230 },
                          "the white text differs")
    }

    func testSceneBarSwitchesScenes() throws {
        try startHeadlessRun()
        // The bar's middle tab (hittest) at the bottom-right of 1024 x 640.
        try tap(1, 1024 - 8 - 60, 640 - 8 - 34 * 1.5)
        let scene = try headlessRun.eventLog.waitFor("hittest scene") { $0.sceneName == .hittest }
        XCTAssertEqual(scene, .scene(name: .hittest))
        let image = try headlessRun.screenshot("hittest.png")
        XCTAssertGreaterThan(image.count(x: 320, y: 160, width: 150, height: 150) { $0.r > 240 && $0.g < 210 && $0.g > 180 }, 10000,
                             "D's colour is on screen")
    }
}
