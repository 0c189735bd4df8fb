import TouchCore
import XCTest

/// The HitTest and MoveMe scenes and scene switching.
final class ScenesTests: XCTestCase {
    private var clock: ManualClock!
    private var window: Window!
    private var sequence = 0

    override func setUp() {
        clock = ManualClock()
        window = Window(size: Size(width: 1024, height: 640), clock: clock)
    }

    @discardableResult
    private func tap(_ x: Double, _ y: Double, hold: Double = 0.05) -> Int {
        sequence += 1
        window.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: sequence, phase: .began, location: Point(x: x, y: y), time: 0)], activeTouches: []))
        clock.advance(by: hold)
        window.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: sequence, phase: .ended, location: Point(x: x, y: y), time: 0)], activeTouches: []))
        return sequence
    }

    private func settle() {
        for _ in 0..<100 {
            clock.advance(by: 0.02)
            _ = window.takeDamage()
        }
    }

    func testHitTestSceneResolvesEveryView() {
        let scene = HitTestScene()
        scene.install(in: window)
        let cases: [(Double, Double, String)] = [
            (20, 20, "A"), (100, 300, "B"), (80, 130, "B"),  // F passes through to B
            (250, 310, "B1"), (310, 330, "C"),  // C covers B1's right part
            (400, 250, "D"), (580, 250, "E"),
            (340, 370, "C"), (460, 370, "C"), (580, 370, "C"),  // Hidden, Disabled, Faint
            (650, 480, "C"),
        ]
        for (x, y, expected) in cases {
            XCTAssertEqual(window.hitTest(Point(x: x, y: y))?.name, expected, "(\(x), \(y))")
        }
    }

    func testHitTestRootHighlightsTheBoundView() {
        let scene = HitTestScene()
        scene.install(in: window)
        tap(400, 250)
        XCTAssertEqual(scene.root.highlighted?.name, "D")
        tap(580, 370)
        XCTAssertEqual(scene.root.highlighted?.name, "C", "touching Faint reaches C")
        tap(20, 20)
        XCTAssertEqual(scene.root.highlighted?.name, "A")
    }

    func testMoveMeDragReturnAndNextString() {
        let scene = MoveMeScene()
        var states: [PlacardState] = []
        scene.onEvent = { if case .placard(let p) = $0 { states.append(p) } }
        scene.install(in: window)
        let view = scene.view
        XCTAssertEqual(view.placard.center, Point(x: 512, y: 320))
        XCTAssertEqual(states.last?.phase, .idle)

        sequence += 1
        let s = sequence
        window.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: s, phase: .began, location: Point(x: 520, y: 330), time: 0)], activeTouches: []))
        XCTAssertEqual(view.phase, .dragging)
        window.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: s, phase: .moved, location: Point(x: 700, y: 500), time: 0)], activeTouches: []))
        XCTAssertEqual(view.placard.center, Point(x: 700, y: 500), "the centre follows the finger")
        window.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: s, phase: .ended, location: Point(x: 700, y: 500), time: 0)], activeTouches: []))
        XCTAssertEqual(view.phase, .returning)
        XCTAssertTrue(window.hitTest(Point(x: 100, y: 100)) === window,
                      "touches skip MoveMe while it returns; the window handles none")

        clock.advance(by: MoveMeView.returnDuration / 2)
        _ = window.takeDamage()
        XCTAssertGreaterThan(view.placard.center.x, 512)
        XCTAssertLessThan(view.placard.center.x, 700)
        settle()
        XCTAssertEqual(view.phase, .idle)
        XCTAssertEqual(view.placard.center, Point(x: 512, y: 320))
        XCTAssertEqual(states.map(\.phase).first(where: { $0 == .returning }), .returning)

        // A single tap outside changes nothing; a double tap shows the next string.
        tap(100, 100)
        XCTAssertEqual(view.placard.text, "Welcome")
        clock.advance(by: 0.1)
        tap(102, 101)
        XCTAssertEqual(view.placard.text, "Bienvenue")
        // A double tap on the placard drags; it does not change the string.
        clock.advance(by: 1)
        tap(512, 320)
        settle()
        tap(512, 320)
        settle()
        XCTAssertEqual(view.placard.text, "Bienvenue")
    }

    func testMoveMeIsSingleTouchAndStaysCentred() {
        let scene = MoveMeScene()
        scene.install(in: window)
        window.send(TouchFrame(time: 0, touches: [
            Touch(id: 1, sequence: 1, phase: .began, location: Point(x: 100, y: 100), time: 0),
            Touch(id: 2, sequence: 2, phase: .began, location: Point(x: 512, y: 320), time: 0),
        ], activeTouches: []))
        XCTAssertEqual(scene.view.phase, .idle, "the second finger, on the placard, is ignored")
        window.size = Size(width: 600, height: 400)
        scene.layout(in: window)
        XCTAssertEqual(scene.view.placard.center, Point(x: 300, y: 200))
    }

    func testStageSwitchesScenesFromTheBar() {
        let stage = Stage(window: window, sceneName: "playground")!
        var events: [SceneEvent] = []
        stage.onEvent = { events.append($0) }
        stage.start()
        XCTAssertEqual(events, [.scene("playground")])
        XCTAssertFalse(stage.bar.isHidden)
        let hittestTab = Point(x: stage.bar.frame.midX, y: stage.bar.frame.minY + SceneBar.tabSize.height * 1.5)
        tap(hittestTab.x, hittestTab.y)
        XCTAssertEqual(stage.scene.name, "hittest")
        XCTAssertEqual(events.last, .scene("hittest"))
        XCTAssertFalse(stage.bar.frame.intersects(HitTestScene.area), "the bar stays out of the experiment")
        XCTAssertTrue(window.subviews.suffix(2).first === stage.bar, "the bar is in front of the scene")
        XCTAssertTrue(window.subviews.last === stage.help, "and the help in front of all")
        XCTAssertNil(Stage(window: window, sceneName: "nope"))
    }

    func testBarIsHiddenInHitTestWhenThereIsNoRoom() {
        window.size = Size(width: 800, height: 600)
        let stage = Stage(window: window, sceneName: "hittest")!
        XCTAssertTrue(stage.bar.isHidden)
        stage.show("moveme")
        XCTAssertFalse(stage.bar.isHidden)
    }
}

private extension Rect {
    var midX: Double { center.x }
}
