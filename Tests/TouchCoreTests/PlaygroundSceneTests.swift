import TouchCore
import XCTest

/// The default scene's labels, their timeouts and the TouchExplorer panel.
final class PlaygroundSceneTests: XCTestCase {
    private var driver: SessionDriver!
    private var clock: ManualClock { driver.clock }
    private var window: Window { driver.window }
    private var scene: PlaygroundScene { driver.scene as! PlaygroundScene }
    /// Gestures and labels since the last `events.removeAll()`.
    private var events: [SceneEvent] {
        get { driver.sceneEvents }
        set { if newValue.isEmpty { driver.clearEvents() } }
    }

    override func setUp() {
        driver = SessionDriver(now: 50)
        driver.clearEvents()
    }

    private func frame(_ touches: [(Int32, TouchPhase, Double, Double)]) { driver.send(touches) }

    private func run(_ seconds: Double) { driver.run(seconds) }

    func testTapLabelAppearsAfterTheIntervalAndClearsAfter1_6s() {
        frame([(1, .began, 100, 100)])
        clock.advance(by: 0.05)
        frame([(1, .ended, 100, 100)])
        XCTAssertEqual(scene.gestureLabels[.tap]!.text, "")
        run(0.41)
        XCTAssertEqual(events, [.gesture(.tap(count: 1)), .label(slot: .tap, text: "Single Tap Detected")])
        XCTAssertEqual(scene.gestureLabels[.tap]!.text, "Single Tap Detected")
        events.removeAll()
        run(1.58)
        XCTAssertEqual(events, [], "still shown just before 1.6 s")
        run(0.03)
        XCTAssertEqual(events, [.label(slot: .tap, text: "")])
        XCTAssertNil(window.timers.nextDeadline, "nothing left to wake for")
    }

    func testSwipeLabelStaysTwoSeconds() {
        frame([(1, .began, 100, 100)])
        frame([(1, .moved, 140, 101)])
        frame([(1, .ended, 140, 101)])  // a one-finger swipe is judged at the lift
        XCTAssertEqual(scene.gestureLabels[.swipe]!.text, "Horizontal Swipe Detected")
        run(1.99)
        XCTAssertEqual(scene.gestureLabels[.swipe]!.text, "Horizontal Swipe Detected")
        run(0.02)
        XCTAssertEqual(scene.gestureLabels[.swipe]!.text, "")
    }

    func testRepeatedGestureRestartsItsLabelTimeout() {
        for start in [100.0, 300.0] {
            frame([(1, .began, start, 100)])
            frame([(1, .moved, start + 40, 100)])
            frame([(1, .ended, start + 40, 100)])
            run(1.5)
        }
        XCTAssertEqual(scene.gestureLabels[.swipe]!.text, "Horizontal Swipe Detected",
                       "the second swipe keeps the label for another 2 s")
        run(0.6)
        XCTAssertEqual(scene.gestureLabels[.swipe]!.text, "")
    }

    func testExplorerPanelDescribesEachFrame() {
        frame([(1, .began, 100, 100), (2, .began, 200, 100)])
        XCTAssertEqual(scene.phaseLabel.text, "Touches Began")
        XCTAssertEqual(scene.touchesLabel.text, "2 touches detected")
        frame([(1, .moved, 101, 100)])
        XCTAssertEqual(scene.phaseLabel.text, "Touches Moved")
        XCTAssertEqual(scene.touchesLabel.text, "1 touches detected")
        frame([(1, .ended, 101, 100), (2, .ended, 200, 100)])
        XCTAssertEqual(scene.phaseLabel.text, "Touches Ended")
        XCTAssertEqual(scene.tapsLabel.text, "1 taps detected")
        frame([(3, .began, 100, 100)])
        frame([(3, .cancelled, 100, 100)])
        XCTAssertEqual(scene.phaseLabel.text, "Touches Cancelled")
    }

    func testLabelsStayInsideSmallWindows() {
        window.size = Size(width: 200, height: 150)
        scene.layout(in: window)
        for size in [Size(width: 200, height: 150), Size(width: 320, height: 480),
                     Size(width: 1920, height: 1080), Size(width: 3000, height: 400)] {
            window.size = size
            scene.layout(in: window)
            let views = ([scene.guide, scene.phaseLabel, scene.tapsLabel, scene.touchesLabel]
                + LabelSlot.allCases.map { scene.gestureLabels[$0]! }).filter { !$0.isHidden }
            for view in views {
                XCTAssertGreaterThanOrEqual(view.frame.minY, 0, "\(view.name) at \(size)")
                XCTAssertLessThanOrEqual(view.frame.maxY, size.height, "\(view.name) at \(size)")
                XCTAssertGreaterThanOrEqual((view as! Label).fontSize, 8, "\(view.name) readable at \(size)")
                for other in views where other !== view {
                    XCTAssertFalse(view.frame.intersects(other.frame), "\(view.name) overlaps \(other.name) at \(size)")
                }
            }
            XCTAssertFalse(scene.gestureLabels[.checkmark]!.isHidden, "gesture labels always show")
        }
    }

    func testSpotsAreDrawnInFrontOfLabels() {
        // Only the scene bar, hovering pens' markers, trails, the instrument panel and the
        // help overlay, the anomaly and near-miss banners (all but the bar take no touches) are in front.
        let frame: Set<String> = ["SceneBar", "Help", "PenMarkers", "Readouts", "Trails", "Anomalies", "Near miss"]
        let order = window.subviews.map(\.name).filter { !frame.contains($0) }
        XCTAssertEqual(order.last, "TouchableView", "spots live in the frontmost view")
    }
}
