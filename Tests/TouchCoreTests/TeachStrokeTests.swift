@testable import TouchCore
import XCTest

/// Teaching a stroke (`--record-gesture`) through the session's front door: three drawings,
/// Save, and the stroke is matched from then on, by fingers, the mouse and pens alike.
final class TeachStrokeTests: XCTestCase {
    /// A "Z" about `size` px wide at `origin`, `jitter` px of wobble on its corners.
    private func zed(at origin: Point, size: Double = 200, jitter: Double = 0) -> [Point] {
        let corners = [Point(x: 0, y: 0), Point(x: 1, y: 0.05), Point(x: 0.05, y: 0.95), Point(x: 1, y: 1)]
        var points: [Point] = []
        for (index, corner) in corners.enumerated().dropFirst() {
            let from = corners[index - 1]
            for step in 0...12 {
                let t = Double(step) / 12
                let wobble = jitter * Double((index * 7 + step * 3) % 5 - 2) / 2
                points.append(Point(x: origin.x + (from.x + (corner.x - from.x) * t) * size + wobble,
                                    y: origin.y + (from.y + (corner.y - from.y) * t) * size - wobble))
            }
        }
        return points
    }

    private func draw(_ points: [Point], with driver: SessionDriver) {
        driver.send([(1, .began, points[0].x, points[0].y)])
        for point in points.dropFirst() {
            driver.clock.advance(by: 0.008)
            driver.send([(1, .moved, point.x, point.y)])
        }
        driver.clock.advance(by: 0.008)
        driver.send([(1, .ended, points.last!.x, points.last!.y)])
    }

    private func lessons(_ driver: SessionDriver) -> [LessonProgress] {
        driver.events.compactMap { if case .lesson(let lesson) = $0 { lesson } else { nil } }
    }

    private func teach(_ driver: SessionDriver) throws -> LessonProgress {
        driver.session.teach("zed")
        draw(zed(at: Point(x: 100, y: 100)), with: driver)
        draw(zed(at: Point(x: 300, y: 150), size: 160, jitter: 3), with: driver)
        draw(zed(at: Point(x: 200, y: 120), size: 240, jitter: 2), with: driver)
        return try XCTUnwrap(lessons(driver).last)
    }

    func testThreeDrawingsThenSaveTeachesTheStroke() throws {
        let driver = SessionDriver()
        let confirm = try teach(driver)
        XCTAssertEqual(lessons(driver).map(\.step), [.draw, .draw, .draw, .confirm])
        XCTAssertEqual(lessons(driver).map(\.examples), [0, 1, 2, 3])
        XCTAssertEqual(confirm.step, .confirm)
        XCTAssertGreaterThan(try XCTUnwrap(confirm.agreement), 0.89, "three drawings of one Z agree")
        XCTAssertTrue(driver.gestures.isEmpty, "a lesson's drawings are not gestures")
        let save = try XCTUnwrap(confirm.saveAt)
        driver.tap(5, save.x, save.y)
        let taught = try XCTUnwrap(lessons(driver).last)
        XCTAssertEqual(taught.step, .taught)
        XCTAssertEqual(taught.examples, 3)
        XCTAssertNil(taught.savedTo, "nothing keeps strokes here: no file named")
        XCTAssertEqual(driver.scene.name, .playground, "the playground follows, to try the stroke")
        driver.run(2)
        driver.clearEvents()
        draw(zed(at: Point(x: 250, y: 200), size: 180, jitter: 2), with: driver)
        guard case .template(let name, let score)? = driver.gestures.last else {
            return XCTFail("a taught stroke is recognized: \(driver.gestures)")
        }
        XCTAssertEqual(name, "zed")
        XCTAssertGreaterThanOrEqual(score, 0.89)
        driver.clearEvents()
        draw((0...30).map { Point(x: 100 + Double($0) * 10, y: 300) }, with: driver)
        XCTAssertFalse(driver.gestures.contains { if case .template = $0 { true } else { false } }, "a line is no Z")
    }

    func testTapsAndTwoFingerStrokesDoNotCount() throws {
        let driver = SessionDriver()
        driver.session.teach("zed")
        let scene = try XCTUnwrap(driver.scene as? TeachStrokeScene)
        driver.tap(1, 300, 300)
        XCTAssertEqual(scene.lesson.examples.count, 0)
        XCTAssertTrue(scene.hint.text.contains("tap"), scene.hint.text)
        driver.send([(1, .began, 100, 100)])
        driver.send([(2, .began, 400, 100)])
        driver.send([(1, .moved, 200, 200), (2, .moved, 500, 200)])
        driver.send([(1, .ended, 300, 300), (2, .ended, 600, 300)])
        XCTAssertEqual(scene.lesson.examples.count, 0)
        XCTAssertTrue(scene.hint.text.contains("One finger"), scene.hint.text)
        XCTAssertEqual(lessons(driver).count, 1, "only the lesson's start was told")
    }

    func testAgainStartsOver() throws {
        let driver = SessionDriver()
        let confirm = try teach(driver)
        let scene = try XCTUnwrap(driver.scene as? TeachStrokeScene)
        XCTAssertFalse(scene.againButton.isHidden)
        let again = scene.againButton.frame.center
        XCTAssertNotEqual(again, confirm.saveAt)
        driver.tap(5, again.x, again.y)
        XCTAssertEqual(lessons(driver).last?.step, .draw)
        XCTAssertEqual(lessons(driver).last?.examples, 0)
        XCTAssertTrue(scene.saveButton.isHidden)
        XCTAssertEqual(driver.scene.name, .teach)
    }

    func testDrawingsThatDifferSaySo() throws {
        let driver = SessionDriver()
        driver.session.teach("mixed")
        draw(zed(at: Point(x: 100, y: 100)), with: driver)
        draw((0...30).map { Point(x: 100 + Double($0) * 10, y: 300 + Double($0 % 2)) }, with: driver)
        draw((0...40).map { Point(x: 400 + 100 * cosineOfDegrees(Double($0) * 9), y: 300 + 100 * cosineOfDegrees(Double($0) * 9 - 90)) },
             with: driver)
        let confirm = try XCTUnwrap(lessons(driver).last)
        XCTAssertEqual(confirm.step, .confirm)
        XCTAssertLessThan(try XCTUnwrap(confirm.agreement), 0.89)
        let scene = try XCTUnwrap(driver.scene as? TeachStrokeScene)
        XCTAssertTrue(scene.hint.text.contains("differ"), scene.hint.text)
    }

    /// The mouse teaches, and a pen's stroke is matched like a finger's.
    func testTheMouseTeachesAndAPenIsRecognized() throws {
        let driver = SessionDriver()
        let s = driver.session!
        s.teach("zed")
        func mouse(_ points: [Point]) {
            var time: UInt32 = 1000
            s.pointerMoved(to: points[0], time: time)
            s.pointerButton(pressed: true, time: time)
            for point in points.dropFirst() {
                time += 8
                driver.clock.advance(by: 0.008)
                s.pointerMoved(to: point, time: time)
            }
            s.pointerButton(pressed: false, time: time + 8)
        }
        mouse(zed(at: Point(x: 100, y: 100)))
        mouse(zed(at: Point(x: 200, y: 100), size: 150, jitter: 2))
        mouse(zed(at: Point(x: 300, y: 150), size: 220, jitter: 3))
        let save = try XCTUnwrap(lessons(driver).last?.saveAt)
        mouse([save, Point(x: save.x + 1, y: save.y)])
        XCTAssertEqual(lessons(driver).last?.step, .taught)
        driver.run(2)
        driver.clearEvents()
        let pen = s.pens.add(eraser: false)
        s.pens.proximityIn(pen, tablet: 1)
        let points = zed(at: Point(x: 150, y: 120), size: 190, jitter: 2)
        s.pens.motion(pen, to: points[0])
        s.pens.down(pen)
        s.pens.frame(pen, time: 10)
        for (index, point) in points.enumerated().dropFirst() {
            driver.clock.advance(by: 0.008)
            s.pens.motion(pen, to: point)
            s.pens.frame(pen, time: UInt32(10 + index * 8))
        }
        s.pens.up(pen)
        s.pens.frame(pen, time: 1000)
        guard case .template(let name, _)? = driver.gestures.last else {
            return XCTFail("a pen's Z is recognized: \(driver.gestures)")
        }
        XCTAssertEqual(name, "zed")
    }
}

extension TouchSession {
    /// A lesson teaching `name`, as `--record-gesture` starts one.
    func teach(_ name: String) { show(TeachStrokeScene(strokeName: name)) }
}
