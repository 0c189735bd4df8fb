import Foundation
import Harness
import EventLogFormat
import TouchCore
import XCTest

/// The mouse as a finger on weston and mutter: presses, drags, the Alt-drag pinch, and
/// presses ignored while a finger is down.
final class PointerEndToEndTests: EndToEndTestCase {
    private func pointerFrames() throws -> [TouchFrame] {
        try frames().filter { $0.touches.first?.source == .pointer }
    }

    /// touchspots in a 600 x 400 window (not fullscreen), for the decoration tests.

    func testLeftButtonIsAFinger() throws {
        try startHeadlessRun()
        try headlessRun.send(batch: ["pointer 300 300", "button left press"])
        try headlessRun.send("pointer 340 330")
        let image = try headlessRun.screenshot("pointer-spot.png")
        XCTAssertGreaterThan(spotCoverage(image, x: 340, y: 330), 0.99, "a spot under the pointer")
        try headlessRun.send("button left release")
        let lifted = try headlessRun.screenshot("pointer-lifted.png")
        XCTAssertTrue(isBackground(lifted, x: 340, y: 330))
        let frames = try pointerFrames()
        XCTAssertEqual(frames.map(phases), [["-1 began"], ["-1 moved"], ["-1 ended"]])
        XCTAssertEqual(try spots(), [1, 1, 0], "every frame here is the pointer's")
        let moved = try XCTUnwrap(position(frames[1], id: -1))
        XCTAssertEqual(moved.0, 340, accuracy: 0.5)
        XCTAssertEqual(moved.1, 330, accuracy: 0.5)
        // Moving without the button pressed is no touch.
        try headlessRun.send("pointer 500 500")
        try headlessRun.sync()
        XCTAssertEqual(try pointerFrames().count, 3)
    }

    /// The same through a compositor's own pointer injection (mutter's RemoteDesktop),
    /// with Alt from its virtual keyboard: a pointer-marked spot, then an outward pinch.
    func testPointerFingerAndAltPinchOnMutter() throws {
        try startHeadlessRun(compositor: .mutter)
        try headlessRun.send(batch: ["pointer 300 300", "button left press", "pointer 340 330"])
        // mutter's input thread delivers on its own time: wait for what the log must show.
        try headlessRun.eventLog.waitUntil("the pointer's finger at 340, 330") { _ in
            let frames = (try? self.pointerFrames()) ?? []
            return frames.last.flatMap { self.position($0, id: -1) }.map { $0.0 == 340 && $0.1 == 330 } ?? false
        }
        let image = try headlessRun.screenshot("pointer-spot.png")
        XCTAssertGreaterThan(spotCoverage(image, x: 340, y: 330), 0.99, "a spot under the pointer")
        try headlessRun.send("button left release")
        try headlessRun.eventLog.waitUntil("the pointer's finger lifted") { _ in
            ((try? self.pointerFrames()) ?? []).flatMap(self.phases).last == "-1 ended"
        }
        XCTAssertEqual(try pointerFrames().flatMap(phases).first, "-1 began")
        XCTAssertTrue(try frames().allSatisfy { $0.touches.allSatisfy { $0.source == .pointer } },
                      "every touch here came from the pointer")

        try headlessRun.send(batch: ["key leftalt press", "pointer 600 320", "button left press"])
        for x in stride(from: 620, through: 700, by: 20) { try headlessRun.send("pointer \(x) 320") }
        try headlessRun.eventLog.waitFor("outward pinch") { $0.gesture == .pinch(.outward) }
        try headlessRun.send(batch: ["button left release", "key leftalt release"])
    }

    func testAltDragPinchesOutwardAndInward() throws {
        try startHeadlessRun()  // centre (512, 320)
        try headlessRun.send(batch: ["key leftalt press", "pointer 600 320", "button left press"])
        for x in stride(from: 620, through: 700, by: 20) { try headlessRun.send("pointer \(x) 320") }
        try headlessRun.eventLog.waitFor("outward pinch") { $0.gesture == .pinch(.outward) }
        let image = try headlessRun.screenshot("alt-drag.png")
        XCTAssertGreaterThan(spotCoverage(image, x: 700, y: 320), 0.99, "the pointer's finger")
        XCTAssertGreaterThan(spotCoverage(image, x: 324, y: 320), 0.99, "the mirrored finger")
        try headlessRun.send(batch: ["button left release"])
        try headlessRun.send(batch: ["pointer 750 320", "button left press"])
        for x in stride(from: 730, through: 630, by: -20) { try headlessRun.send("pointer \(x) 320") }
        try headlessRun.send(batch: ["button left release", "key leftalt release"])
        try headlessRun.eventLog.waitFor("inward pinch") { $0.gesture == .pinch(.inward) }
        let mirrored = try pointerFrames().flatMap(\.touches).filter { $0.id == -2 }
        XCTAssertFalse(mirrored.isEmpty)
        XCTAssertTrue(mirrored.allSatisfy { $0.source == .pointer })
    }

    func testPointerIsIgnoredWhileAFingerIsDown() throws {
        try startHeadlessRun()
        try headlessRun.send(batch: ["down 1 200 200", "frame"])
        try headlessRun.send(batch: ["pointer 600 300", "button left press"])
        try headlessRun.send(batch: ["button left release"])
        try headlessRun.sync()
        XCTAssertTrue(try pointerFrames().isEmpty, "a press during a touch is not a second finger")
    }
}
