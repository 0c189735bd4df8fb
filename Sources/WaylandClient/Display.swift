import CWaylandClient
import CWaylandProtocols
import Glibc

/// The connection to the compositor. Every other wrapper holds a strong reference to it,
/// so the connection outlives the proxies made from it whatever order ARC frees them in.
public final class Display {
    let pointer: OpaquePointer

    /// Connects to `name` (nil: $WAYLAND_DISPLAY, or wayland-0 as libwayland does).
    public init(name: String? = nil) throws {
        let env = name ?? ProcessInfoLite.environment("WAYLAND_DISPLAY")
        guard let display = wl_display_connect(name) else {
            let reason: String
            if ProcessInfoLite.environment("XDG_RUNTIME_DIR") == nil && env?.first != "/" {
                reason = "XDG_RUNTIME_DIR is not set"
            } else {
                reason = String(cString: strerror(errno))
            }
            throw WaylandError.noDisplay(name: env, reason: reason)
        }
        pointer = display
    }

    deinit { wl_display_disconnect(pointer) }

    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// Blocks until the compositor has handled every request sent so far and every event
    /// it sent before that has been dispatched.
    public func roundtrip() throws {
        if wl_display_roundtrip(pointer) < 0 { throw currentError() }
    }

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
