import TouchCore
@testable import WaylandClient
import XCTest

/// The buffer pool's rules against real wl_shm buffers of the in-process test compositor:
/// the size limit, a resize that changes nothing, a free buffer reused before another is
/// made, the spare, and each buffer's repaint area (all of a new buffer; then what changed
/// on screen since that buffer was last drawn, however many frames other buffers drew).
final class BufferPoolTests: XCTestCase {
    private var compositor: CompositorThread!
    private var registry: Registry!

    override func setUpWithError() throws {
        compositor = try CompositorThread()
        compositor.start()
        registry = try Registry(display: try Display(name: compositor.displayName))
    }

    override func tearDown() {
        registry = nil
        compositor.stop()
        compositor.close()
    }

    func testSizesOutsideTheLimitAreRefused() throws {
        let pool = BufferPool(registry: registry)
        XCTAssertThrowsError(try pool.resize(width: 0, height: 10))
        XCTAssertThrowsError(try pool.resize(width: 10, height: -1))
        // 8192 x 8193 x 4 bytes is just over 256 MiB.
        XCTAssertThrowsError(try pool.resize(width: 8192, height: 8193))
        XCTAssertTrue(try pool.resize(width: 8192, height: 8192), "exactly 256 MiB is allowed")
        XCTAssertFalse(try pool.resize(width: 8192, height: 8192), "the same size again changes nothing")
    }

    func testAFreeBufferIsReusedAndTheSpareIsMadeOnce() throws {
        let pool = BufferPool(registry: registry)
        XCTAssertTrue(try pool.resize(width: 64, height: 32))
        let first = try XCTUnwrap(try pool.acquire())
        XCTAssertEqual([first.width, first.height], [64, 32])
        XCTAssertTrue(try pool.acquire() === first, "a buffer the compositor does not hold is used again")
        try pool.addSpare()
        try pool.addSpare()
        first.isBusy = true
        let second = try XCTUnwrap(try pool.acquire())
        XCTAssertFalse(second === first, "the spare, while the first is held")
        second.isBusy = true
        let third = try XCTUnwrap(try pool.acquire(), "a third buffer while two are held")
        third.isBusy = true
        XCTAssertNil(try pool.acquire(), "no more than \(BufferPool.maxBuffers) buffers")
    }

    func testEachBufferRepaintsWhatChangedSinceItWasLastDrawn() throws {
        let pool = BufferPool(registry: registry)
        _ = try pool.resize(width: 100, height: 100)
        let a = try XCTUnwrap(try pool.acquire())
        let whole = PixelRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(pool.repaintArea(of: a, adding: []), [whole], "a new buffer is drawn whole")
        a.isBusy = true
        let b = try XCTUnwrap(try pool.acquire())
        let spot = PixelRect(x: 10, y: 10, width: 5, height: 5)
        XCTAssertEqual(pool.repaintArea(of: b, adding: [spot]), [whole, spot], "b is new: whole (and the spot)")
        a.isBusy = false
        b.isBusy = true
        let next = PixelRect(x: 20, y: 20, width: 5, height: 5)
        XCTAssertEqual(pool.repaintArea(of: a, adding: [next]), [spot, next],
                       "a missed the spot drawn into b, and repaints what changed now")
        XCTAssertEqual(pool.repaintArea(of: a, adding: []), [], "then nothing is owed")
        XCTAssertTrue(try pool.resize(width: 50, height: 50))
        let c = try XCTUnwrap(try pool.acquire())
        XCTAssertEqual(pool.repaintArea(of: c, adding: []), [PixelRect(x: 0, y: 0, width: 50, height: 50)],
                       "after a resize, a buffer is drawn whole")
    }
}
