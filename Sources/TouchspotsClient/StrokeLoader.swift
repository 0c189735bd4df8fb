import Glibc
import Synchronization
import TouchCore

/// Reads the stroke files and claims the common shapes (`StrokeFiles.prepare`) on a second
/// thread, started once the window's initial commit has gone out, so that neither the
/// first frame nor any touch waits for them.
///
/// Why a thread: the shipped strokes and common shapes take 15-20 ms to read, parse and
/// claim in a release build (250 ms in a debug one). Read in the loop after the first
/// frame, they held a touch that came meanwhile unread that long; read before the first
/// frame, they made every start 13 ms later (docs/benchmark.md, "Stroke files on a second
/// thread"). The thread only reads files and builds values; the loop hands them to the
/// session (`take`) and tells what was skipped. The session asks for them at the first
/// lift (`TouchSession.awaitStrokes`), which then waits for the thread if it has not
/// finished: only a stroke lifted in the first few milliseconds of the window can.
final class StrokeLoader {
    /// What the thread makes, and whether it has; written by the thread before `done`.
    private final class Work: @unchecked Sendable {
        let base: StrokeTemplates
        var result: StrokeFiles.Prepared?
        let done = Atomic<Bool>(false)
        init(base: StrokeTemplates) { self.base = base }

        func run() {
            result = StrokeFiles.prepare(base)
            done.store(true, ordering: .releasing)
        }
    }

    private let work: Work
    private var thread: pthread_t?

    /// Starts reading; `base` holds the limits the strokes are matched with. Where no
    /// thread can be made, the files are read at once.
    init(base: StrokeTemplates) {
        work = Work(base: base)
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
    }

    /// The strokes, once the thread has finished (or, `waiting`, after waiting for it);
    /// nil while it reads. Answers once.
    func take(waiting: Bool) -> StrokeFiles.Prepared? {
        guard waiting || work.done.load(ordering: .acquiring) else { return nil }
        join()
        defer { work.result = nil }
        return work.result
    }

    private func join() {
        guard let thread else { return }
        self.thread = nil
        pthread_join(thread, nil)
    }

    /// A client gone before the thread finished waits for it (milliseconds at most).
    deinit { join() }
}
