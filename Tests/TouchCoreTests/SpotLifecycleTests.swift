import TouchCore
import XCTest

/// The spot views (docs/concepts.md): created at began, grow over 0.2 s, follow the
/// finger, removed at ended or cancelled; never hit-tested.
final class SpotLifecycleTests: XCTestCase {
    private var driver: SessionDriver!
    private var clock: ManualClock { driver.clock }
    private var window: Window { driver.window }
    private var scene: PlaygroundScene { driver.scene as! PlaygroundScene }
    private var spotCount: Int { driver.scene.spotCount }

    override func setUp() {
        driver = SessionDriver(now: 100)
    }

    private func touch(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double)
        -> (Int32, TouchPhase, Double, Double) { (id, phase, x, y) }

    private func send(_ touches: (Int32, TouchPhase, Double, Double)...) { driver.send(touches) }

    func testSpotIsCreatedGrowsAndFollows() {
        send(touch(1, .began, 200, 150))
        XCTAssertEqual(spotCount, 1)
        let spot = scene.touchable.spots[1]!
        XCTAssertEqual(spot.frame.size, Size(width: 1, height: 1), "starts at 1 x 1")
        XCTAssertEqual(spot.center, Point(x: 200, y: 150))

        clock.advance(by: 0.1)
        _ = window.takeDamage()
        XCTAssertEqual(spot.frame.width, 50.5, accuracy: 0.001, "half-way with ease-in-out")
        XCTAssertTrue(window.needsRedraw, "still animating")

        send(touch(1, .moved, 260, 180))
        XCTAssertEqual(spot.center, Point(x: 260, y: 180), "follows the finger while growing")

        clock.advance(by: 0.15)
        _ = window.takeDamage()
        XCTAssertEqual(spot.frame.size, Size(width: 100, height: 100))
        XCTAssertEqual(spot.center, Point(x: 260, y: 180))
        _ = window.takeDamage()
        XCTAssertFalse(window.needsRedraw, "idle once the growth is done")
    }

    /// A spot lifted while it grows in stops growing: its steps would show nothing, and
    /// the window would keep committing frames for them until 0.2 s had passed.
    func testASpotLiftedWhileGrowingLeavesNothingToAnimate() {
        send(touch(1, .began, 200, 150))
        clock.advance(by: 0.05)
        _ = window.takeDamage()
        XCTAssertTrue(window.needsRedraw, "growing")
        send(touch(1, .ended, 200, 150))
        _ = window.takeDamage()
        XCTAssertFalse(window.needsRedraw, "nothing left to draw once the spot's area is repainted")
        clock.advance(by: 0.05)
        XCTAssertFalse(window.needsRedraw, "and nothing later")
    }

    /// A spot still growing when its window goes away goes with it: the growth must not
    /// hold the animator that holds the growth (a cycle LeakSanitizer found at exit).
    func testAGrowingSpotIsFreedWithItsWindow() {
        var other: SessionDriver? = SessionDriver(now: 100)
        other!.send([(1, .began, 200, 150)])
        weak var spot = (other!.scene as! PlaygroundScene).touchable.spots[1]
        weak var window = other!.window
        XCTAssertNotNil(spot)
        other = nil
        XCTAssertNil(window, "the window is freed")
        XCTAssertNil(spot, "nothing holds a growing spot once its window is gone")
    }

    func testSpotsAreRemovedAtEndedAndCancelled() {
        send(touch(1, .began, 10, 10), touch(2, .began, 20, 20), touch(3, .began, 30, 30))
        XCTAssertEqual(spotCount, 3)
        send(touch(2, .ended, 20, 20))
        XCTAssertEqual(spotCount, 2)
        XCTAssertNil(scene.touchable.spots[2])
        send(touch(1, .cancelled, 10, 10), touch(3, .cancelled, 30, 30))
        XCTAssertEqual(spotCount, 0)
    }

    func testDownAndUpInOneFrameLeavesNoSpot() {
        send(touch(5, .began, 10, 10), touch(5, .ended, 10, 10))
        XCTAssertEqual(spotCount, 0)
    }

    func testReusedIDAfterCancelGetsAFreshSpot() {
        send(touch(7, .began, 10, 10))
        // A down for an id still down: the old touch is cancelled, a new one begins.
        send(touch(7, .began, 90, 90))
        XCTAssertEqual(driver.frames.last.map { $0.touches.map(\.phase) }, [.cancelled, .began])
        XCTAssertEqual(spotCount, 1)
        XCTAssertEqual(scene.touchable.spots[7]!.center, Point(x: 90, y: 90))
    }

    func testSpotsAndTheGuideTakeNoPartInHitTesting() {
        send(touch(1, .began, 400, 300))
        clock.advance(by: 1)
        _ = window.takeDamage()
        XCTAssertTrue(window.hitTest(Point(x: 400, y: 300)) === scene.touchable)
        XCTAssertTrue(window.hitTest(scene.guide.frame.center) === scene.touchable)
        send(touch(2, .began, 400, 300))
        XCTAssertEqual(spotCount, 2, "a second finger on the first spot gets its own")
    }

    func testMovingASpotDamagesOnlyItsOldAndNewPlace() {
        send(touch(1, .began, 200, 200))
        // A first, diagonal move (no swipe label) puts "Touches Moved" in the panel.
        send(touch(1, .moved, 260, 260))
        clock.advance(by: 1)
        _ = window.takeDamage()
        _ = window.takeDamage()
        send(touch(1, .moved, 360, 360))
        let damage = window.takeDamage()
        XCTAssertEqual(Set(damage), [Rect(x: 210, y: 210, width: 100, height: 100),
                                     Rect(x: 310, y: 310, width: 100, height: 100)])
    }

    func testALabelDamagesOnlyItsOldAndNewText() {
        window.measureText = { text, _ in Double(text.count) * 10 }
        let label = Label(name: "L", text: "abcd", fontSize: 10)  // 40 px of text
        label.frame = Rect(x: 0, y: 100, width: 800, height: 30)
        window.addSubview(label)
        _ = window.takeDamage()
        label.text = "ab"
        let damage = window.takeDamage()
        XCTAssertEqual(damage.count, 1, "the new text lies inside the old: one rect")
        let rect = damage[0]
        XCTAssertEqual(rect.center.x, 400, accuracy: 0.5, "centred")
        XCTAssertLessThan(rect.width, 60, "about the old text, not the 800 px label")
        XCTAssertEqual(rect.minY, 100)
        XCTAssertEqual(rect.height, 30)
        window.measureText = nil
        label.text = "abc"
        XCTAssertEqual(window.takeDamage(), [Rect(x: 0, y: 100, width: 800, height: 30)],
                       "unmeasurable text damages the whole label")
    }

    func testGuideLabelIsAtTheTopAndRelaysOut() {
        XCTAssertEqual(scene.guide.text, PlaygroundScene.guideText)
        XCTAssertEqual(scene.guide.frame.minY, 4)
        XCTAssertEqual(scene.guide.frame.width, 800)
        XCTAssertEqual(scene.guide.fontSize, 20)
        window.size = Size(width: 300, height: 400)
        scene.layout(in: window)
        XCTAssertEqual(scene.guide.frame.width, 300)
        XCTAssertEqual(scene.touchable.frame, Rect(x: 0, y: 0, width: 300, height: 400))
        XCTAssertLessThan(scene.guide.fontSize, 20, "shrinks to fit a narrow window")
    }

    /// Damage is merged where a bounding box costs no more pixels than its parts: a spot's
    /// old and new places become one rectangle, distant spots stay apart.
    func testOverlappingDamageIsMergedAndDistantDamageIsNot() {
        var rects = [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 7, y: 0, width: 100, height: 100),
                     Rect(x: 500, y: 500, width: 100, height: 100), Rect(x: 10, y: 3, width: 100, height: 100)]
        Window.merge(&rects)
        XCTAssertEqual(Set(rects), [Rect(x: 0, y: 0, width: 110, height: 103),
                                    Rect(x: 500, y: 500, width: 100, height: 100)])
        var apart = [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 150, y: 0, width: 100, height: 100)]
        Window.merge(&apart)
        XCTAssertEqual(apart.count, 2, "a box over both would repaint 50 x 100 px nobody changed")
    }
}

/// Every finger seen (issue 38): a finger on the scene bar or a button still gets its spot.
final class EveryFingerSeenTests: XCTestCase {
    func testAFingerOnTheSceneBarGetsASpotThatFollowsAndGoes() throws {
        let driver = SessionDriver(size: Size(width: 1024, height: 768))
        let bar = driver.session.stage.bar.frame
        let scene = try XCTUnwrap(driver.scene as? PlaygroundScene)
        driver.send([(1, .began, 300, 300), (2, .began, 350, 300), (3, .began, 400, 300)])
        // The fourth finger lands on the scene bar's last tab and slides off it.
        let onBar = Point(x: bar.center.x, y: bar.maxY - 10)
        driver.send([(4, .began, onBar.x, onBar.y)])
        XCTAssertEqual(scene.touchable.spotCount, 4, "four fingers, four spots")
        XCTAssertEqual(driver.spotCounts.last, 4)
        driver.send([(4, .moved, onBar.x + 200, onBar.y)])
        let spot = try XCTUnwrap(scene.touchable.spots[4])
        XCTAssertEqual(spot.center.x, onBar.x + 200 - scene.touchable.frame.minX, accuracy: 0.01, "it follows the finger")
        driver.send([(4, .ended, onBar.x + 200, onBar.y)])
        XCTAssertEqual(scene.touchable.spotCount, 3, "and goes when it lifts")
        XCTAssertTrue(driver.scene === scene, "a finger slid off a tab switches nothing")
        driver.send([(1, .ended, 300, 300), (2, .ended, 350, 300), (3, .ended, 400, 300)])
        XCTAssertEqual(scene.touchable.spotCount, 0)
    }

    func testAFingerOnTheLessonsButtonsGetsASpot() throws {
        let driver = SessionDriver(size: Size(width: 1024, height: 768))
        let lesson = TeachStrokeScene(strokeName: "zed")
        driver.session.show(lesson)
        let bar = driver.session.stage.bar.frame
        driver.send([(7, .began, bar.center.x, bar.minY + 10)])
        XCTAssertEqual(lesson.touchable.spotCount, 1)
        driver.send([(7, .cancelled, bar.center.x, bar.minY + 10)])
        XCTAssertEqual(lesson.touchable.spotCount, 0)
    }
}
