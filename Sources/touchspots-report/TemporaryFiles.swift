import Glibc

/// The report tool's temporary files: short names of their own in the output's folder
/// (`.touchspots-report-PID-N.tmp`, so that an output name the file system accepts, up to
/// its 255 bytes, is never refused for the suffix a longer temporary name would add), and
/// removed when SIGINT, SIGTERM or SIGHUP ends the tool (a report written to a slow FIFO
/// while the others wait their rename, interrupted, once left `out.json.PID.tmp` behind).
///
/// The handler may run at any instruction, so what it reads is a fixed table of C strings
/// made before the file is, and all it calls is unlink(2) and raise(3), which a signal
/// handler may.
enum TemporaryFiles {
    private static let capacity = 8
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var made = 0

    /// A new temporary name in the folder of `target`, registered for removal on a signal;
    /// nil when the table is full (the tool writes at most three outputs).
    static func name(beside target: String) -> String? {
        installHandlers()
        guard let slot = (0..<capacity).first(where: { table[$0] == nil }) else { return nil }
        made += 1
        let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
        let name = "\(folder).touchspots-report-\(getpid())-\(made).tmp"
        table[slot] = strdup(name)
        return name
    }

    /// The file is renamed or removed: a signal no longer removes it.
    static func forget(_ name: String) {
        for slot in 0..<capacity {
            guard let entry = table[slot], String(cString: entry) == name else { continue }
            table[slot] = nil
            free(entry)
        }
    }

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                for slot in 0..<TemporaryFiles.capacity {
                    if let entry = TemporaryFiles.table[slot] { unlink(entry) }
                }
                // Ended by the signal, as the shell expects.
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        for slot in 0..<capacity { table[slot] = nil }
    }
}
