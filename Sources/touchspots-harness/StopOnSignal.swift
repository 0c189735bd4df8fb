import Dispatch
import Glibc

/// Ctrl-C or SIGTERM while a scenario plays: stop weston and touchspots, then exit, so
/// nothing is left running and no runtime directory is left behind.
enum StopOnSignal {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install(_ cleanup: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                cleanup()
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
