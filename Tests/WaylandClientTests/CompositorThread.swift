import Foundation
import Glibc
import TestCompositor

/// The in-process test compositor, dispatched on a thread of its own, so that the code
/// under test can make its roundtrips on the test's thread as the client does. Set the
/// compositor up before `start()` and read it after `stop()`: it is never touched from two
/// threads at once.
final class CompositorThread: @unchecked Sendable {
    let tc: OpaquePointer
    /// The display name to connect to: an absolute path, so no `$XDG_RUNTIME_DIR` is needed.
    let displayName: String
    private let runtime: String
    private let lock = NSLock()
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)

    init(options: Int32 = 0, capabilities: UInt32 = UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue)) throws {
        var template = Array("/tmp/touchspots-wlc-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CompositorThreadError("mkdtemp failed") }
        runtime = String(cString: made)
        guard let tc = tc_create(runtime, "tc-0", options) else { throw CompositorThreadError("cannot listen on \(runtime)/tc-0") }
        self.tc = tc
        displayName = "\(runtime)/tc-0"
        tc_set_capabilities(tc, capabilities)
    }

    /// Dispatches the compositor until `stop()`.
    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ stopping }) { tc_dispatch(tc, 10) }
            stopped.signal()
        }
        thread.start()
    }

    /// Stops dispatching; returns once the thread has let go of the compositor.
    func stop() {
        lock.withLock { stopping = true }
        stopped.wait()
    }

    /// Destroys the compositor and its folder (after `stop()`).
    func close() {
        tc_destroy(tc)
        try? FileManager.default.removeItem(atPath: runtime)
    }
}

struct CompositorThreadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
