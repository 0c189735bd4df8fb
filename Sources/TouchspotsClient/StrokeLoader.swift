import Glibc
import Synchronization
import TouchCore
import WaylandClient

/// Reads the stroke files and claims the common shapes (`StrokeFiles.prepare`) on a second
/// thread, started once the window's initial commit has gone out, so that neither the
/// first frame nor a touch waits for them (a lift may: below).
///
/// Why a thread: the shipped strokes and common shapes take 15-20 ms to read, parse and
/// claim in a release build (250 ms in a debug one). Read in the loop after the first
/// frame, they held a touch that came meanwhile unread that long; read before the first
/// frame, they made every start 13 ms later (docs/design/performance.md, "Stroke files on a second
/// thread"). The thread only reads files and builds values; the loop hands them to the
/// session (`handOver`) and tells what was skipped. The session asks for them at the
/// first lift of a finger, pen or mouse button (`TouchSession.awaitStrokes`), which then
/// waits for the thread if it has not finished: only a lift in the window's first 15-20
/// ms can (250 ms in a debug build). A sync (SIGUSR1) is answered once they are handed
/// over; a compositor's ping is not held for them.
final class StrokeLoader {
    /// What the thread makes, and whether it has; written by the thread before `done`.
    private final class Work: @unchecked Sendable {
        let base: StrokeTemplates
        // Looked up on the main thread: the environment is read there only.
        let folders = StrokeFiles.directories, shapesFolder = StrokeFiles.shapesDirectory
        var result: StrokeFiles.Prepared?
        let done = Atomic<Bool>(false)
        /// Wakes the loop once `done`, so it need not look on a timer.
        let waker: EventLoopWaker
        init(base: StrokeTemplates, waker: EventLoopWaker) { self.base = base; self.waker = waker }

        func run() {
            result = StrokeFiles.prepare(base, folders: folders, shapesFolder: shapesFolder)
            done.store(true, ordering: .releasing)
            waker.wake()
        }
    }

    private let work: Work
    private var thread: pthread_t?
    private unowned let session: TouchSession
    private let log: EventLog?
    /// The strokes are the session's.
    private(set) var isHandedOver = false

    /// Starts reading the files for `session` (with the limits it matches with), and has
    /// it ask for them at its first lift; the thread wakes the loop through `waker` when
    /// it is done. Where no thread can be made, reads them at once.
    init(for session: TouchSession, log: EventLog?, waker: EventLoopWaker) {
        self.session = session
        self.log = log
        work = Work(base: session.strokes, waker: waker)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if made == 0 {
            self.thread = thread
        } else {
            Unmanaged<Work>.fromOpaque(context).release()
            work.run()
        }
        session.awaitStrokes = { [unowned self] in handOver(waiting: true) }
    }

    /// Hands the strokes to the session if the thread has finished (or, `waiting`, once
    /// it has), and tells what was skipped: on stderr and as `template` warnings. The
    /// loop's idle call asks; the thread's wake makes sure one comes once it is done.
    func handOver(waiting: Bool) {
        guard !isHandedOver, waiting || work.done.load(ordering: .acquiring) else { return }
        join()
        isHandedOver = true
        session.awaitStrokes = nil
        guard let prepared = work.result else { return }
        work.result = nil
        for problem in prepared.problems { log.tell(problem, kind: .template) }
        session.strokes = prepared.templates
    }

    private func join() {
        guard let thread else { return }
        self.thread = nil
        pthread_join(thread, nil)
    }

    /// A client gone before the thread finished waits for it (milliseconds at most).
    deinit { join() }
}
