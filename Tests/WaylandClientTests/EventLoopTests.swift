@testable import WaylandClient
import XCTest

/// The loop's rules with a real display (the in-process test compositor): it wakes for
/// its owner's deadline and for nothing else while nothing happens (idle means idle), and
/// `stop()` from the idle pass ends `run()` with `.stopped`.
final class EventLoopTests: XCTestCase {
    func testItWakesForTheDeadlineOnlyAndStopsWhenTold() throws {
        let compositor = try CompositorThread()
        compositor.start()
        defer { compositor.stop(); compositor.close() }
        let display = try Display(name: compositor.displayName)
        let loop = try EventLoop(display: display)
        let start = EventLoop.monotonicNow()
        let owner = DeadlineOwner(loop: loop, deadline: start + 0.2)
        loop.owner = owner
        XCTAssertEqual(try loop.run(), .stopped)
        let elapsed = EventLoop.monotonicNow() - start
        XCTAssertGreaterThanOrEqual(elapsed, 0.2, "the loop ran until the deadline")
        XCTAssertLessThan(elapsed, 2, "and woke for it")
        // One pass before the first wait, one (or, after an early wake-up, two) for the deadline.
        XCTAssertLessThanOrEqual(owner.passes, 3, "no idle pass without something to do: \(owner.passes)")
    }
}

private final class DeadlineOwner: EventLoop.Owner {
    unowned let loop: EventLoop
    let deadline: Double
    var passes = 0

    init(loop: EventLoop, deadline: Double) {
        self.loop = loop
        self.deadline = deadline
    }

    var pendingTouchGroups: PendingTouchGroups { .unknown }
    var nextDeadline: Double? { deadline }
    func loopReceivedUserSignal() {}
    func loopIsIdle() {
        passes += 1
        if EventLoop.monotonicNow() >= deadline { loop.stop() }
    }
}
