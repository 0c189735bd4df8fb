import Glibc
import QualifyReport

/// The report tool's outputs, written all or none (docs/qualify.md, "Running it, and the report").
///
/// - A regular file (or a name not yet taken) is replaced atomically: the text goes to a
///   temporary file beside it (`TemporaryFiles`: a short name of its own, removed on
///   SIGINT, SIGTERM and SIGHUP), renamed over it once every output is ready, with the old
///   file's permissions (a 0600 report stays 0600). A read-only file is refused, not
///   replaced (root could rename over it). Other hard links to it keep the old report, as
///   an editor's atomic save leaves them.
/// - Standard output (`-`), a device (`/dev/null`, `/dev/full`) and a FIFO are written in
///   place: renaming a regular file over `/dev/null` as root would break the machine. A
///   symbolic link is followed: its target is what is written, the link stays a link.
/// - An output that is one of the inputs (standard input's file included, whatever path
///   names it), or another output, is a usage error (status 64) before anything is read.
/// - An output that is the file standard output or standard error is open on
///   (`/dev/stdout`, `/proc/self/fd/1`) is written to that descriptor, as `-` is: the
///   file a shell redirected it to is appended to or written as the shell opened it, never
///   replaced.
///
/// Every text is made before the first byte is written, so that a report that cannot be
/// encoded writes nothing; the temporary files are made first and renamed last, so that a
/// failed write in place (a full disk, `/dev/full`) leaves every file as it was.
enum ReportOutputs {
    /// Refuses outputs that are inputs or each other: (flag, path) pairs.
    static func check(_ outputs: [(flag: String, path: String)], inputs: [String]) throws(UsageFailure) {
        var seen: [String: String] = [:]
        /// Outputs not yet written, by the file they will be (`ReportFiles.futurePath`).
        var futures: [String: String] = [:]
        var identities: [FileIdentity: String] = [:]
        for input in inputs {
            if let id = ReportFiles.identity(ofInput: input) { identities[id] = input }
        }
        for (flag, path) in outputs {
            if path == "-" || standardDescriptor(path) == 1 {
                if let other = seen["-"] { throw UsageFailure("\(flag) and \(other) both write to standard output: give one of them a file") }
                seen["-"] = flag
                if path == "-" { continue }
            }
            if inputs.contains(path) { throw UsageFailure("\(flag) \(path) would overwrite an input") }
            if let other = seen[path] { throw UsageFailure("\(flag) and \(other) both write to \(path)") }
            seen[path] = flag
            if ReportFiles.identity(of: path) == nil, let future = ReportFiles.futurePath(path) {
                if let other = futures[future] { throw UsageFailure("\(flag) and \(other) both write to \(path)") }
                futures[future] = flag
            }
            if let id = ReportFiles.identity(of: path), let other = identities[id] {
                throw UsageFailure(other == "-" ? "\(flag) \(path) is the log read from standard input"
                    : inputs.contains(other) ? "\(flag) \(path) is the input \(other)" : "\(flag) and \(other) both write to \(path)")
            }
            if let id = ReportFiles.identity(of: path) { identities[id] = flag }
        }
    }

    /// Writes every (path, text), or none of them.
    static func write(_ outputs: [(path: String, text: String)]) throws(ReportError) {
        var staged: [(temporary: String, target: String)] = []
        var inPlace: [(path: String, text: String)] = []
        func unstage() { for s in staged { unlink(s.temporary); TemporaryFiles.forget(s.temporary) } }
        do throws(ReportError) {
            for (path, text) in outputs {
                switch try target(path) {
                case .inPlace: inPlace.append((path, text))
                case .replace(let target, let mode): staged.append((try stage(text, beside: target, mode: mode, for: path), target))
                }
            }
            for (path, text) in inPlace { try writeInPlace(text, to: path) }
            for (index, s) in staged.enumerated() {
                guard rename(s.temporary, s.target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    staged.removeFirst(index)  // those renamed already are written
                    throw ReportError("cannot write \(s.target): \(reason)")
                }
                TemporaryFiles.forget(s.temporary)
            }
        } catch {
            unstage()
            throw error
        }
    }

    private enum Target {
        case inPlace
        /// Replaced by a new file with the old one's permissions (nil: a new name, 0644
        /// less the umask): a report kept private (0600) stays private.
        case replace(String, mode: mode_t?)
    }

    /// 1 or 2 when `path` names what standard output or standard error is open on: a file
    /// (`/dev/stdout` with `>> app.log`), a pipe (`| jq`: `/dev/stdout` is a link to
    /// `pipe:[N]`, which no real path names), a terminal.
    static func standardDescriptor(_ path: String) -> Int32? {
        guard path != "-", let id = ReportFiles.identity(of: path) else { return nil }
        return [1, 2].first { ReportFiles.identity(descriptor: $0) == id }
    }

    /// How `path` is written.
    private static func target(_ path: String) throws(ReportError) -> Target {
        if path == "-" || standardDescriptor(path) != nil { return .inPlace }
        var info = stat()
        var resolved = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let real = realpath(path, nil) else {
                throw ReportError("cannot write \(path): a symbolic link to nothing (\(String(cString: strerror(errno))))")
            }
            resolved = String(cString: real)
            free(real)
        }
        guard stat(resolved, &info) == 0 else {
            guard errno == ENOENT else { throw ReportError("cannot write \(path): \(String(cString: strerror(errno)))") }
            return .replace(resolved, mode: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0, access(resolved, W_OK) == 0 else {
                throw ReportError("cannot write \(path): the file is read-only")
            }
            return .replace(resolved, mode: info.st_mode & 0o7777)
        case S_IFDIR:
            throw ReportError("cannot write \(path): a directory (give a file name, like \(path.hasSuffix("/") ? path : path + "/")report.html)")
        default:
            return .inPlace
        }
    }

    /// The text in a new temporary file beside `target`; its name.
    private static func stage(_ text: String, beside target: String, mode: mode_t?, for path: String) throws(ReportError) -> String {
        guard let temporary = TemporaryFiles.name(beside: target) else { throw ReportError("cannot write \(path): too many outputs") }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.forget(temporary)
            throw ReportError("cannot write \(path): \(reason)")
        }
        if let mode { _ = fchmod(fd, mode) }  // the umask took bits the old file had
        do {
            try writeAll(text, to: fd, name: path)
        } catch {
            close(fd)
            unlink(temporary)
            TemporaryFiles.forget(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            TemporaryFiles.forget(temporary)
            throw ReportError("cannot write \(path): \(reason)")
        }
        return temporary
    }

    /// Standard output, a device or a FIFO, written as it is. A FIFO with no reader is
    /// refused rather than waited on.
    private static func writeInPlace(_ text: String, to path: String) throws(ReportError) {
        if path == "-" { return try writeAll(text, to: 1, name: "standard output") }
        if let fd = standardDescriptor(path) { return try writeAll(text, to: fd, name: path) }
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            // ENXIO is a FIFO without a reader, or a socket or a device with nothing behind it.
            if errno == ENXIO {
                var info = stat()
                let fifo = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
                throw ReportError("cannot write \(path): \(fifo ? "a FIFO that nothing reads" : "a socket or device with nothing behind it")")
            }
            throw ReportError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        try writeAll(text, to: fd, name: path)
    }

    /// All of `text` to `fd`, or the error that stopped it (a full disk, a closed pipe).
    static func writeAll(_ text: String, to fd: Int32, name: String) throws(ReportError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return nil
        }
        if let failure { throw ReportError("cannot write \(name): \(String(cString: strerror(failure)))") }
    }
}

/// A usage error found by the tool itself (not argument-parser): one line, status 64.
struct UsageFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
