import CWaylandClient
import CWaylandProtocols
import Glibc

/// The connection to the compositor. Every other wrapper holds a strong reference to it,
/// so the connection outlives the proxies made from it whatever order ARC frees them in.
public final class Display {
    let pointer: OpaquePointer
    /// SIGINT, SIGTERM and SIGUSR1, blocked and read from here from before the connection
    /// exists: a termination signal while waiting for a silent compositor ends touchspots
    /// cleanly, as it does later in the event loop.
    let signalFD: Int32

    /// How long a start-up roundtrip may wait for the compositor's answer.
    public static let replyTimeout = 5.0

    /// Connects to `name` (nil: $WAYLAND_DISPLAY, or wayland-0 as libwayland does).
    public init(name: String? = nil) throws {
        signalFD = ts_termination_signalfd()
        guard signalFD >= 0 else { throw WaylandError.system(call: "signalfd", errno: errno) }
        let env = name ?? ProcessInfoLite.environment("WAYLAND_DISPLAY")
        // Told before connecting: libwayland would print a line of its own ("error:
        // XDG_RUNTIME_DIR is invalid or not set in the environment.") ahead of ours.
        if ProcessInfoLite.environment("WAYLAND_SOCKET") == nil, ProcessInfoLite.environment("XDG_RUNTIME_DIR") == nil,
           env?.first != "/" {
            close(signalFD)
            throw WaylandError.noDisplay(name: env, reason: "XDG_RUNTIME_DIR is not set")
        }
        // Told before connecting too: libwayland prints its own line ("error: socket path
        // ... plus null terminator exceeds 108 bytes") for a name past a socket's 108 bytes.
        if ProcessInfoLite.environment("WAYLAND_SOCKET") == nil, let env {
            let path = env.first == "/" ? env : "\(ProcessInfoLite.environment("XDG_RUNTIME_DIR") ?? "")/\(env)"
            if path.utf8.count >= 108 {
                close(signalFD)
                throw WaylandError.noDisplay(name: env, reason: "its socket path is \(path.utf8.count) bytes, over the 107 a Unix socket's name holds")
            }
        }
        guard let display = wl_display_connect(name) else {
            let error = errno
            let reason: String
            if let socket = ProcessInfoLite.environment("WAYLAND_SOCKET") {
                // libwayland takes a connection handed over as a file descriptor first.
                reason = "WAYLAND_SOCKET=\(socket) is not an open socket"
                close(signalFD)
                throw WaylandError.noDisplay(name: "WAYLAND_SOCKET", reason: reason)
            } else {
                reason = error != 0 ? String(cString: strerror(error)) : "the connection failed"
            }
            close(signalFD)
            throw WaylandError.noDisplay(name: env, reason: reason)
        }
        pointer = display
    }

    deinit {
        wl_display_disconnect(pointer)
        close(signalFD)
    }

    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// The process at the other end of the socket (SO_PEERCRED): the compositor, or a
    /// proxy in between (a nested or sandboxed session's).
    public var peerProcessID: Int32? {
        let pid = ts_socket_peer_pid(fileDescriptor)
        return pid > 0 ? pid : nil
    }

    /// Sends the requests written so far, now rather than when the event loop next waits.
    /// A full socket or a broken connection is left to the loop's own flush to report.
    public func flush() {
        _ = wl_display_flush(pointer)
    }

    /// Waits until the compositor has handled every request sent so far and every event
    /// it sent before that has been dispatched; for at most `timeout` seconds (a socket
    /// that accepts and never answers must not hang touchspots), and only until SIGINT or
    /// SIGTERM.
    public func roundtrip(timeout: Double = Display.replyTimeout) throws {
        let answered = Flag()
        let callback = wl_display_sync(pointer)!
        wl_callback_add_listener(callback, Self.syncListener, unretained(answered))
        defer { if !answered.value { wl_callback_destroy(callback) } }
        let deadline = EventLoop.monotonicNow() + timeout
        while !answered.value {
            while wl_display_prepare_read(pointer) != 0 {
                if wl_display_dispatch_pending(pointer) < 0 { throw currentError() }
            }
            if answered.value {
                wl_display_cancel_read(pointer)
                break
            }
            if wl_display_flush(pointer) < 0 && errno != EAGAIN {
                wl_display_cancel_read(pointer)
                throw currentError()
            }
            let remaining = deadline - EventLoop.monotonicNow()
            var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            let ready = remaining > 0 ? poll(&fds, 2, Int32(remaining * 1000) + 1) : 0
            if fds[1].revents & Int16(POLLIN) != 0 {
                let signal = ts_read_signal(signalFD)
                if signal == SIGINT || signal == SIGTERM {
                    wl_display_cancel_read(pointer)
                    throw WaylandError.interrupted(signal: signal)
                }
            }
            if ready == 0 && EventLoop.monotonicNow() >= deadline {
                wl_display_cancel_read(pointer)
                throw WaylandError.noReply(seconds: timeout)
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                if wl_display_read_events(pointer) < 0 { throw currentError() }
            } else {
                wl_display_cancel_read(pointer)
                if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                    throw WaylandError.disconnected(reason: "the socket was closed")
                }
            }
            if wl_display_dispatch_pending(pointer) < 0 { throw currentError() }
        }
    }

    private final class Flag { var value = false }

    nonisolated(unsafe) private static let syncListener = Listener.make(wl_callback_listener(
        done: { data, callback, _ in
            object(data, as: Flag.self).value = true
            wl_callback_destroy(callback)
        }))

    /// Translates libwayland's fatal state into a WaylandError.
    func currentError() -> WaylandError {
        let code = wl_display_get_error(pointer)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let errorCode = wl_display_get_protocol_error(pointer, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown"
            return .protocolError(interface: name, code: errorCode, objectID: id)
        }
        let err = code != 0 ? code : errno
        return .disconnected(reason: String(cString: strerror(err)))
    }
}

/// getenv without Foundation, which this layer does not need.
enum ProcessInfoLite {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
