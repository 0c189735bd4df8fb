import TouchCore
import XCTest

/// Touch-to-view binding, the responder chain and the multiple-touch rule (seeds 001-004).
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

    final class Recorder: TouchObserver {
        var hits: [(Int32, String?, Bool)] = []
        var deliveries: [(Int32, TouchPhase, [String], String?)] = []
        func didHitTest(_ touch: Touch, view: View?, visited: [View], ignored: Bool) {
            hits.append((touch.id, view?.name, ignored))
        }
        func didDeliver(_ touches: [Touch], phase: TouchPhase, chain: [Responder], handledBy: Responder?) {
            for t in touches { deliveries.append((t.id, phase, chain.map(\.name), handledBy?.name)) }
        }
    }

    private var window: Window!
    private var outer: Probe!
    private var inner: Probe!
    private var recorder: Recorder!
    private var sequence = 0

    override func setUp() {
        window = Window(size: Size(width: 400, height: 400), clock: ManualClock())
        outer = Probe(name: "Outer", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        inner = Probe(name: "Inner", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        recorder = Recorder()
        window.touchObserver = recorder
    }

    private func send(_ touches: [(Int32, TouchPhase, Double, Double)]) {
        window.send(TouchFrame(time: 0, touches: touches.map {
            Touch(id: $0.0, sequence: Int($0.0), phase: $0.1, location: Point(x: $0.2, y: $0.3), time: 0)
        }, activeTouches: []))
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
        XCTAssertNil(window.boundView(forTouchID: 1), "unbound after ended")
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
        let clock = ManualClock()
        let w = Window(size: Size(width: 400, height: 400), clock: clock)
        let counter = Counter(name: "Counter", frame: w.bounds)
        counter.onBegan = { counts.append($0) }
        w.addSubview(counter)
        var seq = 0
        func tap(_ x: Double, after gap: Double) {
            clock.advance(by: gap)
            seq += 1
            w.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: seq, phase: .began, location: Point(x: x, y: 50), time: 0)], activeTouches: []))
            clock.advance(by: 0.05)
            w.send(TouchFrame(time: 0, touches: [Touch(id: 1, sequence: seq, phase: .ended, location: Point(x: x, y: 50), time: 0)], activeTouches: []))
        }
        tap(50, after: 0)
        tap(52, after: 0.2)
        tap(54, after: 0.2)
        tap(300, after: 0.2)  // far away: starts again
        tap(300, after: 0.6)  // too late: starts again
        XCTAssertEqual(counts, [1, 2, 3, 1, 1])
    }
}
