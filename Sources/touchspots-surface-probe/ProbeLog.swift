import EventLogFormat
import Glibc

/// The probe's event log: the few lines of touchspots' format a harness waits for, each
/// encoded by `LogLine` (the one declaration of the format) and written whole with one
/// write(2). A new file only: the probe never replaces one.
final class ProbeLog {
    private let fd: Int32

    init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw errno == EEXIST
                ? ProbeError.usage("the event log \(path) exists; the probe writes a new file only (remove it or name another)")
                : ProbeError.runTime("cannot write the event log \(path): \(reason)")
        }
    }

    deinit { close(fd) }

    func write(_ line: LogLine) {
        var bytes: [UInt8] = []
        line.encode(into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                ProbeError.tell("touchspots-surface-probe: cannot write the event log: \(String(cString: strerror(errno)))")
                exit(1)
            }
            offset += written
        }
    }
}
