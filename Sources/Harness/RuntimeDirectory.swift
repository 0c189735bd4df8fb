import Foundation
import Glibc

/// A compositor's runtime directory (its `XDG_RUNTIME_DIR`, where its socket lies), made by
/// `mkdtemp` under /tmp and removed when the compositor stops.
///
/// A harness killed outright (SIGKILL: a CI job cancelled, a test runner's timeout) runs no
/// cleanup; its compositors die with it (the parent-death signal, `ChildProcess`) but their
/// directories stayed, sockets and all: every CI run left six in /tmp, one per compositor of
/// `HarnessLifetimeEndToEndTests`. So each directory holds `harness.lock`, locked (`flock`)
/// for as long as the harness that made it runs, through a descriptor no child inherits:
/// the kernel drops the lock however the process ends. Making a directory first removes
/// the abandoned ones, those whose lock is free. Only a real directory (not a link) named
/// `touchspots-...` that holds a `harness.lock` owned by this user counts as one: a
/// folder of the user's that happens to match the name is never touched, nor one another
/// harness still runs in.
public final class RuntimeDirectory {
    public let path: String
    /// The descriptor holding the lock, -1 once removed.
    private var lock: Int32

    /// The name of the lock file in every runtime directory the harness makes.
    static let lockName = "harness.lock"

    /// A new directory `parent/prefix` + six random characters, mode 0700, locked. `prefix`
    /// starts with `touchspots-` (what `removeAbandoned` looks at).
    public init(prefix: String, in parent: String = "/tmp") throws {
        precondition(prefix.hasPrefix("touchspots-"), "runtime directories are named touchspots-...")
        Self.removeAbandoned(in: parent)
        var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot make a runtime directory in \(parent): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
        chmod(path, 0o700)
        // Locked under another name, then renamed: a sweep never sees `harness.lock`
        // unlocked in a live directory (a lock belongs to the open file, not its name).
        let pending = "\(path)/.\(Self.lockName)"
        let fd = open(pending, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0, rename(pending, "\(path)/\(Self.lockName)") == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            try? FileManager.default.removeItem(atPath: path)
            throw HarnessError("cannot lock the runtime directory \(path): \(reason)")
        }
        lock = fd
    }

    /// Removes the directory and everything in it (sockets, logs, screenshots), then lets
    /// the lock go. Safe to call twice.
    public func remove() {
        guard lock >= 0 else { return }
        try? FileManager.default.removeItem(atPath: path)
        close(lock)
        lock = -1
    }

    deinit { remove() }

    /// Removes every directory of `parent` a harness made and no harness runs in any more;
    /// returns their paths. Runs before each new directory is made, so a killed harness's
    /// leftovers last until the next run at most.
    @discardableResult
    public static func removeAbandoned(in parent: String = "/tmp") -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix("touchspots-") {
            let directory = "\(parent)/\(name)"
            var info = stat()
            guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let fd = open("\(directory)/\(lockName)", O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            if (try? FileManager.default.removeItem(atPath: directory)) != nil { removed.append(directory) }
        }
        return removed
    }
}
