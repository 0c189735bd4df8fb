import Foundation
import Glibc
@testable import WaylandClient
import XCTest

/// `EventLoopWaker`: another thread's wake makes the loop's poll return (its eventfd is
/// readable), and the loop's drain leaves it asleep again, so the stroke loader's thread
/// is heard at once and no timer is needed to look for it (it was a 2 ms one).
final class EventLoopWakerTests: XCTestCase {
    private func readable(_ waker: EventLoopWaker, waitingMs: Int32) -> Bool {
        var fd = pollfd(fd: waker.fd, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, waitingMs) == 1 && fd.revents & Int16(POLLIN) != 0
    }

    func testAnotherThreadsWakeEndsThePollAndTheDrainEmptiesIt() throws {
        let waker = try EventLoopWaker()
        XCTAssertFalse(readable(waker, waitingMs: 0), "asleep until woken")
        let woken = DispatchSemaphore(value: 0)
        let thread = Thread { waker.wake(); waker.wake(); woken.signal() }
        thread.start()
        XCTAssertTrue(readable(waker, waitingMs: 5_000), "the other thread's wake is heard")
        woken.wait()  // both wakes written before the drain, or the second would outlive it
        waker.drain()
        XCTAssertFalse(readable(waker, waitingMs: 0), "two wakes, one drain: asleep again")
        XCTAssertEqual(fcntl(waker.fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC, "not inherited by children")
    }
}
