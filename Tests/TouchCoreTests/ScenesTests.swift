import TouchCore
import XCTest

/// The HitTest and MoveMe scenes and scene switching.
final class ScenesTests: XCTestCase {
    private var driver: SessionDriver!
    private var clock: ManualClock { driver.clock }
    private var window: Window { driver.window }

    private func start(_ scene: SceneName) {
        driver = SessionDriver(scene: scene, size: Size(width: 1024, height: 640))
    }

    private func tap(_ x: Double, _ y: Double, hold: Double = 0.05) { driver.tap(1, x, y, hold: hold) }

    private func settle() { driver.settle() }

    func testHitTestSceneResolvesEveryView() {
        start(.hittest)
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
        start(.hittest)
        let scene = driver.scene as! HitTestScene
        tap(400, 250)
        XCTAssertEqual(scene.root.highlighted?.name, "D")
        tap(580, 370)
        XCTAssertEqual(scene.root.highlighted?.name, "C", "touching Faint reaches C")
        tap(20, 20)
        XCTAssertEqual(scene.root.highlighted?.name, "A")
    }

    func testMoveMeDragReturnAndNextString() {
        start(.moveme)
        let scene = driver.scene as! MoveMeScene
        var states: [PlacardState] {
            driver.sceneEvents.compactMap { if case .placard(let p) = $0 { return p } else { return nil } }
        }
        let view = scene.view
        XCTAssertEqual(view.placard.center, Point(x: 512, y: 320))
        XCTAssertEqual(view.phase, .idle)

        driver.send([(1, .began, 520, 330)])
        XCTAssertEqual(view.phase, .dragging)
        driver.send([(1, .moved, 700, 500)])
        XCTAssertEqual(view.placard.center, Point(x: 700, y: 500), "the centre follows the finger")
        driver.send([(1, .ended, 700, 500)])
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
        start(.moveme)
        let scene = driver.scene as! MoveMeScene
        driver.send([(1, .began, 100, 100), (2, .began, 512, 320)])
        XCTAssertEqual(scene.view.phase, .idle, "the second finger, on the placard, is ignored")
        driver.session.resize(to: Size(width: 600, height: 400))
        XCTAssertEqual(scene.view.placard.center, Point(x: 300, y: 200))
    }

    func testStageSwitchesScenesFromTheBar() {
        start(.playground)
        let stage = driver.session.stage
        var events: [SceneEvent] { driver.sceneEvents }
        XCTAssertEqual(events, [.scene(.playground)])
        XCTAssertFalse(stage.bar.isHidden)
        let hittestTab = Point(x: stage.bar.frame.midX, y: stage.bar.frame.minY + SceneBar.tabSize.height * 1.5)
        tap(hittestTab.x, hittestTab.y)
        XCTAssertEqual(stage.scene.name, .hittest)
        XCTAssertEqual(events.last, .scene(.hittest))
        XCTAssertFalse(stage.bar.frame.intersects(HitTestScene.area), "the bar stays out of the experiment")
        XCTAssertTrue(window.subviews.suffix(3).first === stage.bar, "the bar is in front of the scene")
        XCTAssertTrue(window.subviews.suffix(2).first === stage.overlays.pens, "hovering pens' markers above it")
        XCTAssertTrue(window.subviews.last === stage.overlays.help, "and the help in front of all")
        XCTAssertNil(TouchSession(sceneName: .teach, size: Size(width: 800, height: 600),
                                  clock: ManualClock(), sink: { _ in }), "a lesson is no scene of the bar")
    }

    func testBarIsHiddenInHitTestWhenThereIsNoRoom() {
        driver = SessionDriver(scene: .hittest, size: Size(width: 800, height: 600))
        let stage = driver.session.stage
        XCTAssertTrue(stage.bar.isHidden)
        driver.session.showScene(.moveme)
        XCTAssertFalse(stage.bar.isHidden)
    }
}

private extension Rect {
    var midX: Double { center.x }
}
