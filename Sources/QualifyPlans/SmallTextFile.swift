import Glibc

/// Config, stroke and plan files: small text, read whole. A file must be a regular file (a
/// FIFO or /dev/zero would block or never end) of at most `limit` bytes. Here, beside the
/// plans, so that the client and the harness read a plan one way.
public enum SmallTextFile {
    public static let limit = 64 << 10

    /// Why a file was not read, in one line naming it.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The text of `path`; `what` names the file in the message ("the config file").
    public static func read(_ path: String, what: String) throws(Failure) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure("cannot read \(what) \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure("\(what) \(path) is not a regular file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw Failure("\(what) \(path) is larger than \(limit >> 10) KiB") }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
