import TouchCore
import XCTest

/// The session's events are values copied on every hand-on: each is as large as the
/// enum's largest case, so one large payload makes every frame's events that large to
/// copy. Hits and deliveries held a whole touch (238 bytes) until they held its id, and
/// the touch path took 13 % fewer instructions once they did (docs/design/performance.md, "The
/// session's events at the size of a frame"); lessons and qualify runs are boxed.
final class TouchSessionEventTests: XCTestCase {
    func testAnEventIsNoLargerThanAFramesCase() {
        let frameCase = MemoryLayout<TouchFrame>.size + MemoryLayout<Int>.size
        XCTAssertLessThanOrEqual(MemoryLayout<TouchSessionEvent>.size, frameCase + 1,
                                 "a case larger than the frame's makes every event larger: box it (indirect)")
        XCTAssertLessThan(MemoryLayout<TouchHit>.size, MemoryLayout<Touch>.size / 4, "a hit holds the touch's id, not the touch")
        XCTAssertLessThan(MemoryLayout<ResponderDelivery>.size, MemoryLayout<Touch>.size / 4)
    }

    func testASceneEventIsNoLargerThanAPlacardsCase() {
        XCTAssertLessThanOrEqual(MemoryLayout<SceneEvent>.size, MemoryLayout<PlacardState>.size + 1,
                                 "the placard moves with every frame of a drag: larger cases are boxed")
    }
}
