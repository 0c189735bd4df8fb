import CWaylandClient

/// A wl_output, kept for its integer scale (a surface uses the largest scale of the
/// outputs it is on when the compositor offers no preferred scale).
public final class Output {
    let proxy: OpaquePointer
    private let version: UInt32
    private let display: Display
    public private(set) var scale: Int32 = 1
    public private(set) var name: String?
    private var pendingScale: Int32 = 1
    var onChange: () -> Void = {}

    nonisolated(unsafe) private static let listener = Listener.make(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in object(data, as: Output.self).done() },
        scale: { data, _, factor in object(data, as: Output.self).pendingScale = max(1, factor) },
        name: { data, _, name in object(data, as: Output.self).name = String(cString: name!) },
        description: { _, _, _ in }))

    init(proxy: OpaquePointer, version: UInt32, display: Display) {
        self.proxy = proxy
        self.version = version
        self.display = display
        wl_output_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private func done() {
        if pendingScale != scale {
            scale = pendingScale
            onChange()
        }
    }
}
