import CHarness
import Foundation
import Glibc

/// A process the harness started. Its output goes to a log file, never to the harness's
/// own stdout (a test runner waiting on inherited pipes hangs), and it dies with the
/// harness: it runs under `setpriv --pdeathsig KILL` when setpriv exists.
public final class ChildProcess {
    public let pid: pid_t
    public let name: String
    public let logPath: String
    private let pidFD: Int32
    public private(set) var exitStatus: Int32?

    /// The start of a command line that runs the rest as `nobody` (mutter, gnome-shell and
    /// the wlroots compositors refuse to run as root, or run wrongly), without
    /// WAYLAND_DISPLAY or DISPLAY for a parent to join. It sets the parent-death signal
    /// again: changing the user clears it (prctl(2): a change of effective uid or gid), so
    /// the one `init` puts in front was gone for these compositors, and a harness killed
    /// mid-run left sway and cage running (`HarnessLifetimeEndToEndTests`).
    public static let asNobody = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--pdeathsig", "KILL",
                                  "env", "-u", "WAYLAND_DISPLAY", "-u", "DISPLAY"]

    /// Starts `arguments[0]` (searched in PATH) with `environment` added to ours.
    /// `inheritedFDs` maps a descriptor of ours to the number the child sees it as.
    public init(name: String, arguments: [String], environment: [String: String] = [:],
                logPath: String, inheritedFDs: [Int32: Int32] = [:]) throws {
        self.name = name
        self.logPath = logPath
        var argv = arguments
        if let setpriv = ChildProcess.which("setpriv") {
            argv = [setpriv, "--pdeathsig", "KILL", "--"] + argv
        }

        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Never through a symbolic link placed where the log goes.
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        for (ours, theirs) in inheritedFDs {
            // dup2 to itself would keep CLOEXEC; the harness's descriptors are never 3...9.
            posix_spawn_file_actions_adddup2(&actions, ours, theirs)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child gets default signal handling, and its own process group so that a
        // terminal's Ctrl-C reaches only the harness, which then stops it cleanly.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
                                                    | POSIX_SPAWN_SETPGROUP))

        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, argv[0], &actions, &attributes, cArgs, cEnv)
        guard status == 0 else {
            throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        pid = child
        pidFD = harness_pidfd_open(child)
    }

    deinit {
        if exitStatus == nil { _ = try? stop(timeout: 2) }
        if pidFD >= 0 { close(pidFD) }
    }

    /// Runs a short command to its end and returns what it wrote to stdout; throws with
    /// its stderr when it fails.
    public static func output(of arguments: [String]) throws -> String {
        let run = try self.run(arguments)
        guard run.status == 0 else { throw HarnessError("\(arguments.joined(separator: " ")) failed: \(run.errors)") }
        return run.output
    }

    /// Runs a short command to its end: its exit status, stdout and stderr.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        guard let program = which(arguments[0]) else { throw HarnessError("\(arguments[0]) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(arguments.dropFirst())
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    public static func which(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Whether the process has exited (reaps it if so).
    public var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = Self.decode(status)
            return true
        }
        return false
    }

    /// Waits up to `timeout` seconds for the process to exit; returns its status
    /// (128 + signal when killed by one), or nil on timeout.
    @discardableResult
    public func wait(timeout: Double) -> Int32? {
        if hasExited { return exitStatus }
        if pidFD >= 0 {
            var fds = [pollfd(fd: pidFD, events: Int16(POLLIN), revents: 0)]
            let deadline = Date().addingTimeInterval(timeout)
            while !hasExited {
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { return nil }
                _ = poll(&fds, 1, Int32(remaining * 1000) + 1)
            }
            return exitStatus
        }
        // No pidfd (very old kernel): a blocking wait after a bounded grace period.
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited && Date() < deadline { usleep(10_000) }
        return exitStatus
    }

    /// SIGTERM to its process group (it leads one of its own: what it started goes with
    /// it; a nested compositor that was a script left its `sleep` children running under
    /// init, one per start), then SIGKILL to the group if it has not exited within
    /// `timeout`, and SIGKILL to whatever of the group outlived its leader.
    @discardableResult
    public func stop(timeout: Double = 5) throws -> Int32 {
        if let status = exitStatus { return status }
        kill(-pid, SIGTERM)
        if let status = wait(timeout: timeout) {
            kill(-pid, SIGKILL)
            return status
        }
        kill(-pid, SIGKILL)
        guard let status = wait(timeout: 5) else {
            throw HarnessError("\(name) (pid \(pid)) survived SIGKILL")
        }
        return status
    }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// Waits up to `timeout` seconds for process `pid` (ours or not) to end; whether it
    /// has: for checking that what a killed process started died with it. Without pidfds
    /// (an old kernel, a seccomp filter), it looks once in /proc instead of waiting.
    public static func waitForEnd(of pid: pid_t, timeout: Double) -> Bool {
        let fd = harness_pidfd_open(pid)
        guard fd >= 0 else { return errno == ESRCH || !isRunning(pid) }
        defer { close(fd) }
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, Int32(timeout * 1000)) == 1
    }

    /// Whether `pid` names a process that has not ended (a zombie has).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = stat(of: pid) else { return false }
        return state.state != "Z"
    }

    /// A process's state letter and parent, from /proc/PID/stat ("PID (COMM) STATE PPID
    /// ..."; the command may hold spaces, parentheses and, cut at 15 bytes by the kernel,
    /// half a UTF-8 character, so the bytes are decoded leniently).
    private static func stat(of pid: pid_t) -> (state: Substring, parent: pid_t)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (fields[0], parent)
    }

    /// The processes `pid` started that are still running, and theirs, from /proc.
    public static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(name), let stat = stat(of: child), stat.state != "Z" else { continue }
            parents[child] = stat.parent
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found.sorted()
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The tail of the process's log, for error messages.
    public func logTail(lines: Int = 20) -> String {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
            .joined(separator: "\n")
    }
}
