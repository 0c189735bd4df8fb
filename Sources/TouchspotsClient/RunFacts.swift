import EventLogFormat
import QualifyPlans
import Glibc
import TouchCore
import WaylandClient

/// What the event log's first line says of the run (`LogRun`): read once at start, from
/// the kernel (uname, the clock), the Wayland socket's peer (`/proc/PID/comm`, and the
/// binary `/proc/PID/exe` links to where this user may read it) and the session's
/// environment. Nothing here is asked again while touches flow.
enum RunFacts {
    static func current(display: Display) -> LogRun {
        var run = LogRun.here(touchspots: touchspotsVersion, commit: PackageData.commit())
        if let pid = display.peerProcessID {
            run.compositor = firstLine(ofFile: "/proc/\(pid)/comm")
            run.compositorExecutable = link("/proc/\(pid)/exe")
        }
        run.desktop = getenv("XDG_CURRENT_DESKTOP").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return run
    }

    /// The first line of a small file (a process's `comm`), or nil.
    private static func firstLine(ofFile path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return nil }
        let line = String(decoding: bytes[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.isEmpty ? nil : line
    }

    private static func link(_ path: String) -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, target.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
