import Glibc

/// Why the connection to the compositor ended or could not start. Each case reads as a
/// sentence for the person at the terminal.
public enum WaylandError: Error, CustomStringConvertible {
    case noDisplay(name: String?, reason: String)
    case disconnected(reason: String)
    case protocolError(interface: String, code: UInt32, objectID: UInt32)
    case missingGlobal(String)
    case system(call: String, errno: Int32)
    case bufferTooLarge(width: Int, height: Int)
    /// The compositor accepted the connection but did not answer.
    case noReply(seconds: Double)
    /// SIGINT or SIGTERM arrived before the event loop ran: not an error to report.
    case interrupted(signal: Int32)

    public var description: String {
        switch self {
        case .noDisplay(let name, let reason):
            let which = name.map { "'\($0)'" } ?? "(WAYLAND_DISPLAY is not set)"
            return "cannot connect to a Wayland compositor \(which): \(reason)"
        case .disconnected(let reason):
            return "the compositor closed the connection: \(reason)"
        case .protocolError(let interface, let code, let id):
            return "the compositor reported a protocol error on \(interface)#\(id) (code \(code))"
        case .missingGlobal(let name):
            return "the compositor does not offer \(name), which touchspots needs"
        case .bufferTooLarge(let width, let height):
            return "a \(width)x\(height) window would need a buffer over touchspots' \(BufferPool.maxBufferBytes >> 20) MiB limit"
        case .noReply(let seconds):
            return "the compositor did not answer within \(Int(seconds)) s"
        case .interrupted(let signal):
            return "stopped by signal \(signal)"
        case .system(let call, let err):
            return "\(call) failed: \(String(cString: strerror(err)))"
        }
    }
}
