import Foundation
import Glibc
import ToolSupport

/// A compositor's runtime directory (its `XDG_RUNTIME_DIR`, where its socket lies), made by
/// `mkdtemp` under /tmp and removed when the compositor stops.
///
/// A harness killed outright (SIGKILL: a CI job cancelled, a test runner's timeout) runs no
/// cleanup; its compositors die with it (the parent-death signal, `ChildProcess`) but their
/// directories stayed, sockets and all: every CI run left six in /tmp, one per compositor of
/// `HarnessLifetimeEndToEndTests`. So each directory holds `harness.lock`, locked (`flock`)
/// for as long as the harness that made it runs, through a descriptor no child inherits:
/// the kernel drops the lock however the process ends. Making a directory first removes
/// the abandoned ones, those whose lock is free.
///
/// The harness runs as root and some compositors as `nobody` (sway refuses root,
/// gnome-shell shows a banner). Such a compositor never owns the directory the harness
/// removes: the directory stays the harness's (mode 0711) and the compositor gets a
/// subfolder `run` of its own (`runtimePath`). Were the directory nobody's, nobody could
/// move a lock file of root's into a directory it made and swap folders for links while
/// root removed it by path, and root would delete files anywhere. So a directory is swept
/// only if it is a real directory (not a link) named `touchspots-...`, owned by this user,
/// writable by no one else, holding a `harness.lock` that is a regular file of this user's
/// with one link; and everything is removed through directory descriptors opened without
/// following links (`removeContents`), never by path. A folder of the user's that matches
/// the name is never touched, nor one another harness still runs in.
public final class RuntimeDirectory: @unchecked Sendable {
    /// The harness's own directory: the lock, and files the harness writes itself.
    public let path: String
    /// What the compositor gets as `XDG_RUNTIME_DIR`: `path` itself, or `path/run` when the
    /// compositor runs as another user (owned by that user once `handOver()` has run).
    public let runtimePath: String
    private let runUser: (uid: uid_t, gid: gid_t)?
    /// The descriptor holding the lock, -1 once removed. Guarded by `state`: a signal
    /// handler's stop and the main thread's can both remove.
    private var lock: Int32
    private let state = NSLock()

    /// The name of the lock file in every runtime directory the harness makes.
    static let lockName = "harness.lock"

    /// The user compositors that refuse root run as (`ChildProcess.asNobody`).
    public static var nobody: (uid: uid_t, gid: gid_t) {
        guard let entry = getpwnam("nobody") else { return (65534, 65534) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// A new directory `parent/prefix` + six random characters, locked. `prefix` starts with
    /// `touchspots-` (what `removeAbandoned` looks at). With `runAs`, the compositor's
    /// folder `run` is made inside, still the harness's until `handOver()`: fill it first.
    public init(prefix: String, in parent: String = "/tmp", runAs user: (uid: uid_t, gid: gid_t)? = nil) throws {
        precondition(prefix.hasPrefix("touchspots-"), "runtime directories are named touchspots-...")
        Self.removeAbandoned(in: parent)
        var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot make a runtime directory in \(parent): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
        runUser = user
        runtimePath = user == nil ? path : "\(path)/run"
        // Locked under another name, then renamed: a sweep never sees `harness.lock`
        // unlocked in a live directory (a lock belongs to the open file, not its name).
        let pending = "\(path)/.\(Self.lockName)"
        let fd = open(pending, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0, rename(pending, "\(path)/\(Self.lockName)") == 0,
              user == nil || mkdir(runtimePath, 0o700) == 0,
              chmod(path, user == nil ? 0o700 : 0o711) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            Self.removeTree(path)
            throw HarnessError("cannot lock the runtime directory \(path): \(reason)")
        }
        lock = fd
    }

    /// Gives `runtimePath` and everything in it to the user the compositor runs as, without
    /// following links. Until then the folder is the harness's alone, so nothing of that
    /// user's can be planted in it while the harness writes its configuration there.
    public func handOver() throws {
        guard let runUser else { return }
        let fd = open(runtimePath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw HarnessError("cannot open \(runtimePath): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        Self.walk(fd, depth: 0) { parent, name, _ in
            _ = fchownat(parent, name, runUser.uid, runUser.gid, AT_SYMLINK_NOFOLLOW)
        }
        guard fchown(fd, runUser.uid, runUser.gid) == 0 else {
            throw HarnessError("cannot give \(runtimePath) to uid \(runUser.uid): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the directory and everything in it (sockets, logs, screenshots), then lets
    /// the lock go. Safe to call twice and from two threads.
    public func remove() {
        state.lock()
        defer { state.unlock() }
        guard lock >= 0 else { return }
        Self.removeTree(path)
        close(lock)
        lock = -1
    }

    deinit { remove() }

    /// Removes every directory of `parent` a harness made and no harness runs in any more;
    /// returns their paths. Runs before each new directory is made, so a killed harness's
    /// leftovers last until the next run at most.
    @discardableResult
    public static func removeAbandoned(in parent: String = "/tmp") -> [String] {
        let parentFD = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFD >= 0 else { return [] }
        defer { close(parentFD) }
        var removed: [String] = []
        for name in entries(of: parentFD) where name.starts(with: Array("touchspots-".utf8CString.dropLast())) {
            let fd = openat(parentFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            // Only this user can change what is in it: no one swaps a lock or a folder in.
            guard fstat(fd, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else { continue }
            let lockFD = openat(fd, lockName, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard lockFD >= 0 else { continue }
            defer { close(lockFD) }
            guard fstat(lockFD, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_nlink == 1, flock(lockFD, LOCK_EX | LOCK_NB) == 0 else { continue }
            if removeContents(of: fd), unlinkat(parentFD, name, AT_REMOVEDIR) == 0 {
                removed.append("\(parent)/\(String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            }
        }
        return removed
    }

    /// Removes `path` (a directory of ours) and everything in it through descriptors.
    private static func removeTree(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        let emptied = removeContents(of: fd)
        close(fd)
        if emptied { rmdir(path) }
    }

    /// How deep a walk goes before it moves a folder up (`removeContents`).
    static let deepest = 32

    /// Empties the directory open as `top`, its lock last, and says whether it is empty.
    /// Every step is relative to a descriptor and opens folders with O_NOFOLLOW, so a link
    /// put where a folder was is unlinked, never followed. What cannot be removed (a mount
    /// inside, which is not entered; a tree growing as it is removed) keeps the lock, so the
    /// next sweep tries again: a directory whose lock went first was never swept again. A
    /// folder deeper than `deepest` is moved up into `top` (the harness's own, which no
    /// one else can write) and removed on the next pass, so no depth runs out descriptors
    /// or leaves a tree behind.
    @discardableResult
    static func removeContents(of top: Int32) -> Bool {
        var info = stat()
        guard fstat(top, &info) == 0 else { return false }
        let device = info.st_dev
        let lock = Array(lockName.utf8CString)
        var moved = 0
        for _ in 0..<256 {
            var movedThisPass = false
            func empty(_ fd: Int32, depth: Int) {
                for name in entries(of: fd) where depth > 0 || name != lock {
                    let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
                    guard child >= 0 else {
                        _ = unlinkat(fd, name, 0)
                        continue
                    }
                    var childInfo = stat()
                    guard fstat(child, &childInfo) == 0, childInfo.st_dev == device else {
                        close(child)
                        continue
                    }
                    if depth + 1 >= deepest {
                        close(child)
                        while true {
                            moved += 1
                            if renameat(fd, name, top, ".deep-\(moved)") == 0 { movedThisPass = true; break }
                            if errno != EEXIST { break }
                        }
                        continue
                    }
                    empty(child, depth: depth + 1)
                    close(child)
                    _ = unlinkat(fd, name, AT_REMOVEDIR)
                }
            }
            empty(top, depth: 0)
            if !movedThisPass { break }
        }
        guard entries(of: top) == [lock] || entries(of: top).isEmpty else { return false }
        _ = unlinkat(top, lock, 0)
        return entries(of: top).isEmpty
    }

    /// Calls `visit` for everything under the directory open as `fd` on its file system,
    /// a folder's contents before the folder, at most 64 levels down (`handOver`'s folder is
    /// the harness's own, a few levels deep).
    private static func walk(_ fd: Int32, depth: Int, _ visit: (Int32, [CChar], Bool) -> Void) {
        guard depth < 64 else { return }
        for name in entries(of: fd) {
            let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            if child >= 0 {
                walk(child, depth: depth + 1, visit)
                close(child)
                visit(fd, name, true)
            } else {
                visit(fd, name, false)
            }
        }
    }

    /// The names in the directory open as `fd` (not `.` or `..`), as NUL-terminated bytes:
    /// a name that is not UTF-8 is still removed.
    private static func entries(of fd: Int32) -> [[CChar]] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [[CChar]] = []
        while let entry = readdir(directory) {
            // Up to the name's NUL only: the record may end before d_name's 256 bytes do.
            var name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
            }
            if name == [46] || name == [46, 46] { continue }
            name.append(0)
            names.append(name)
        }
        return names
    }
}
