@testable import WaylandClient
import XCTest

/// When the loop reads ahead and how long it waits for the rest of a burst, so that a
/// touch group is never cut between two reads and an ordinary frame never waits.
final class SocketReadRulesTests: XCTestCase {
    private func groups(endOfRead: Bool = false, upAwaitingFrame: Bool = false, events: Int = 0) -> PendingTouchGroups {
        PendingTouchGroups(handedOnAtEndOfRead: endOfRead, holdUpAwaitingFrame: upAwaitingFrame, eventsSinceFlush: events)
    }

    func testReadsAheadOnlyWhenAGroupWouldBeHandedOn() {
        XCTAssertTrue(SocketReadRules.readsAhead(groups(endOfRead: true)))
        XCTAssertFalse(SocketReadRules.readsAhead(groups(endOfRead: false)), "groups wait for their frame: no extra poll")
        XCTAssertTrue(SocketReadRules.readsAhead(.unknown), "before anything is known")
    }

    func testGraceOnlyForAnUpAwaitingItsFrame() {
        XCTAssertEqual(SocketReadRules.graceMilliseconds(groups(events: 500)), 0, "nothing held: no wait")
        XCTAssertEqual(SocketReadRules.graceMilliseconds(groups(upAwaitingFrame: true, events: 3)), 2, "an ordinary frame's pieces")
        XCTAssertEqual(SocketReadRules.graceMilliseconds(groups(upAwaitingFrame: true, events: SocketReadRules.burstEvents - 1)), 2)
        XCTAssertEqual(SocketReadRules.graceMilliseconds(groups(upAwaitingFrame: true, events: SocketReadRules.burstEvents)), 20,
                       "mid-burst: the writer's next piece")
    }
}
