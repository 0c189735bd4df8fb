import Foundation
import Glibc
import ToolSupport

/// The line protocol of the touchspots-weston module (see touchspots-weston.h): one
/// command out, one reply line back.
public final class ControlChannel {
    private let fd: Int32
    private var buffer: [UInt8] = []

    public init(fd: Int32) { self.fd = fd }

    /// Connects to a listening Unix socket.
    public convenience init(path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard fd >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw HarnessError("cannot make a socket for \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw HarnessError("cannot connect to \(path): \(String(cString: strerror(errno)))")
        }
        self.init(fd: fd)
    }
    deinit { close(fd) }

    /// Sends `command` and returns the data after "ok" (possibly empty).
    /// Throws the module's error message, or on timeout or a closed channel.
    @discardableResult
    public func send(_ command: String, timeout: Double = 15) throws -> String {
        try send(batch: [command], timeout: timeout)[0]
    }

    /// Sends several commands in one write, then reads their replies. weston handles
    /// them in one pass of its loop and so sends the resulting touch events to clients
    /// in one flush, as a real touchscreen's frame arrives.
    @discardableResult
    public func send(batch commands: [String], timeout: Double = 15) throws -> [String] {
        guard !commands.isEmpty else { return [] }
        try write(commands.map { $0 + "\n" }.joined())
        var results: [String] = []
        var failure: HarnessError?
        for command in commands {
            let reply = try readLine(timeout: timeout, command: command)
            if reply == "ok" {
                results.append("")
            } else if reply.hasPrefix("ok ") {
                results.append(String(reply.dropFirst(3)))
            } else {
                results.append("")
                failure = failure ?? HarnessError("'\(command)': \(reply)")
            }
        }
        if let failure { throw failure }
        return results
    }

    private func write(_ text: String) throws {
        let line = Array(text.utf8)
        var offset = 0
        while offset < line.count {
            let n = line[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HarnessError("weston's control socket is closed (did weston exit?)") }
            offset += n
        }
    }

    private func readLine(timeout: Double, command: String) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw HarnessError("'\(command)': no reply within \(timeout) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(remaining * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HarnessError("'\(command)': the compositor closed the control socket (its log says why)") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}

extension ControlChannel {
    /// Asks a driver that runs as `nobody` (wlroots shim, mutter driver) for a screenshot:
    /// it writes into `folder`, the runtime folder it owns, and the file's bytes are copied to
    /// `path`. The folder is another user's, so what lies there is opened without following
    /// a link and taken only if it is a regular file of the folder's owner with one link (a
    /// link, or a hard link to a file of root's, would otherwise be copied out), read up to
    /// 256 MiB (the owner could grow it as it is read).
    func screenshot(to path: String, through folder: String, timeout: Double = 15) throws {
        let temporary = "\(folder)/screenshot.png"
        try send("screenshot \(temporary)", timeout: timeout)
        let bytes = try Self.take(temporary, writtenIn: folder)
        try? FileManager.default.removeItem(atPath: path)
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// The bytes of `file`, which the owner of `folder` wrote, then removed: refused unless
    /// a regular file of that owner with one link, of at most 256 MiB.
    static func take(_ file: String, writtenIn folder: String) throws -> Data {
        let limit = 256 << 20
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw HarnessError("the screenshot \(file) cannot be opened: \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat(), folderInfo = stat()
        guard fstat(fd, &info) == 0, stat(folder, &folderInfo) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_uid == folderInfo.st_uid, info.st_nlink == 1, info.st_size <= limit else {
            throw HarnessError("the screenshot \(file) is not a regular file of the compositor's of at most 256 MiB")
        }
        let bytes = try handle.read(upToCount: limit + 1) ?? Data()
        guard bytes.count <= limit else { throw HarnessError("the screenshot \(file) grew past 256 MiB as it was read") }
        unlink(file)
        return bytes
    }
}
