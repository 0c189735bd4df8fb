@testable import TouchCore
import XCTest

/// Touch-to-view binding, the responder chain and the multiple-touch rule
/// (docs/concepts.md), through the session's front door.
final class ResponderChainTests: XCTestCase {
    /// Records what reaches it and handles only the phases it is told to.
    final class Probe: View {
        var handles: Set<TouchPhase> = []
        var received: [(TouchPhase, [Int32])] = []
        private func note(_ phase: TouchPhase, _ touches: [Touch]) -> Bool {
            received.append((phase, touches.map(\.id)))
            return handles.contains(phase)
        }
        override func touchesBegan(_ t: [Touch], with e: TouchFrame) -> Bool { note(.began, t) }
        override func touchesMoved(_ t: [Touch], with e: TouchFrame) -> Bool { note(.moved, t) }
        override func touchesEnded(_ t: [Touch], with e: TouchFrame) -> Bool { note(.ended, t) }
        override func touchesCancelled(_ t: [Touch], with e: TouchFrame) -> Bool { note(.cancelled, t) }
    }

    /// What the session reported of hit-testing and delivery.
    struct Recorder {
        let driver: SessionDriver
        var hits: [(Int32, String?, Bool)] {
            driver.events.compactMap {
                if case .hit(let hit) = $0 { return (hit.id, hit.view, hit.ignored) }
                return nil
            }
        }
        var deliveries: [(Int32, TouchPhase, [String], String?)] {
            driver.events.compactMap {
                if case .responder(let d) = $0 { return (d.id, d.phase, d.chain, d.handledBy) }
                return nil
            }
        }
    }

    private var driver: SessionDriver!
    private var window: Window { driver.window }
    private var outer: Probe!
    private var inner: Probe!
    private var recorder: Recorder { Recorder(driver: driver) }

    override func setUp() {
        driver = SessionDriver(size: Size(width: 400, height: 400))
        outer = Probe(name: "Outer", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        inner = Probe(name: "Inner", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        // In front of the scene, the scene bar and the help.
        window.addSubview(outer)
        outer.addSubview(inner)
    }

    private func send(_ touches: [(Int32, TouchPhase, Double, Double)]) { driver.send(touches) }

    func testRoutingIsReportedOnlyWhileAskedFor() {
        outer.handles = [.began, .moved, .ended]
        driver.session.reportsRouting = false
        send([(1, .began, 150, 150)])
        send([(1, .moved, 160, 150)])
        XCTAssertTrue(recorder.hits.isEmpty)
        XCTAssertTrue(recorder.deliveries.isEmpty)
        XCTAssertEqual(outer.received.map(\.0), [.began, .moved], "the touches themselves still arrive")
        driver.session.reportsRouting = true
        send([(1, .ended, 160, 150)])
        XCTAssertEqual(recorder.deliveries.map(\.1), [.ended])
    }

    func testUnhandledTouchClimbsToTheHandler() {
        outer.handles = [.began, .moved, .ended]
        send([(1, .began, 150, 150)])
        XCTAssertEqual(recorder.deliveries.last!.2, ["Inner", "Outer"])
        XCTAssertEqual(recorder.deliveries.last!.3, "Outer")
        XCTAssertEqual(inner.received.count, 1, "the bound view is asked first")
    }

    func testUnhandledEverywhereGoesToWindowThenApplicationThenIsDropped() {
        send([(1, .began, 150, 150)])
        XCTAssertEqual(recorder.deliveries.last!.2, ["Inner", "Outer", "Window", "Application"])
        XCTAssertNil(recorder.deliveries.last!.3, "dropped")
    }

    func testBindingSurvivesLeavingTheView() {
        inner.handles = Set(TouchPhase.allCases)
        send([(1, .began, 150, 150)])
        send([(1, .moved, 350, 20)])  // far outside Inner
        send([(1, .ended, 350, 20)])
        XCTAssertEqual(inner.received.map(\.0), [.began, .moved, .ended])
        XCTAssertTrue(outer.received.isEmpty)
        XCTAssertNil(window.boundView(for: driver.frames[0].touches[0].finger), "unbound after ended")
    }

    func testOneCallPerPhaseWithAllOfTheViewsTouches() {
        inner.isMultipleTouchEnabled = true
        inner.handles = Set(TouchPhase.allCases)
        send([(1, .began, 110, 110), (2, .began, 150, 150), (3, .began, 190, 190)])
        XCTAssertEqual(inner.received.count, 1)
        XCTAssertEqual(inner.received[0].1, [1, 2, 3])
    }

    func testMultipleTouchRuleIgnoresSecondTouchOnTheSameView() {
        inner.handles = Set(TouchPhase.allCases)
        send([(1, .began, 150, 150)])
        send([(2, .began, 160, 160)])
        XCTAssertEqual(recorder.hits.map(\.2), [false, true], "second touch ignored")
        XCTAssertEqual(inner.received.count, 1)
        send([(2, .moved, 170, 170)])
        XCTAssertEqual(inner.received.count, 1, "an ignored touch gets nothing later either")
        // Another view still gets its own touch.
        outer.handles = [.began]
        send([(3, .began, 10, 10)])
        XCTAssertEqual(outer.received.count, 1)
        // Once the first lifts, the view takes a new touch again.
        send([(1, .ended, 150, 150)])
        send([(4, .began, 150, 150)])
        XCTAssertEqual(recorder.hits.last!.2, false)
    }

    func testMultipleTouchEnabledViewTakesEveryTouch() {
        inner.isMultipleTouchEnabled = true
        send([(1, .began, 150, 150)])
        send([(2, .began, 160, 160)])
        XCTAssertEqual(recorder.hits.map(\.2), [false, false])
    }

    func testTapCountLikeUIKit() {
        var counts: [Int] = []
        final class Counter: View {
            var onBegan: (Int) -> Void = { _ in }
            override func touchesBegan(_ t: [Touch], with e: TouchFrame) -> Bool { onBegan(t[0].tapCount); return true }
            override func touchesEnded(_ t: [Touch], with e: TouchFrame) -> Bool { true }
        }
        let counter = Counter(name: "Counter", frame: window.bounds)
        counter.onBegan = { counts.append($0) }
        window.addSubview(counter)
        func tap(_ x: Double, after gap: Double) {
            driver.clock.advance(by: gap)
            driver.tap(1, x, 50, hold: 0.05)
        }
        tap(50, after: 0)
        tap(52, after: 0.2)
        tap(54, after: 0.2)
        tap(300, after: 0.2)  // far away: starts again
        tap(300, after: 0.6)  // too late: starts again
        XCTAssertEqual(counts, [1, 2, 3, 1, 1])
    }
}
