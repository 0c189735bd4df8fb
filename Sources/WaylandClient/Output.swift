import CWaylandClient
import TouchCore

/// What an output says of itself: its physical size (millimetres; 0 where unknown, as on
/// headless compositors), its current mode, its transform and scale. Qualifying a
/// touchscreen turns pixels into millimetres with it (docs/qualify.md).
public struct OutputGeometry: Equatable, Sendable {
    public var name: String?
    /// wl_output.geometry's make and model, and wl_output.description (version 4): what a
    /// report names the screen by ("Dell Inc." / "DELL U2415"); nil where not sent or empty.
    public var make: String?
    public var model: String?
    public var description: String?
    public var physicalWidth: Int32 = 0
    public var physicalHeight: Int32 = 0
    public var width: Int32 = 0
    public var height: Int32 = 0
    public var refreshMillihertz: Int32 = 0
    /// wl_output.transform: 0 normal, 1-3 turned 90/180/270 degrees counterclockwise,
    /// 4-7 the same flipped.
    public var transform: Int32 = 0
    public var scale: Int32 = 1
}

/// A wl_output, kept for its integer scale (a surface uses the largest scale of the
/// outputs it is on when the compositor offers no preferred scale) and its geometry.
public final class Output {
    let proxy: OpaquePointer
    private let version: UInt32
    private let display: Display
    public private(set) var scale: Int32 = 1
    public private(set) var name: String?
    private var pendingScale: Int32 = 1
    /// As of the last `done`.
    public private(set) var geometry = OutputGeometry()
    private var pending = OutputGeometry()
    var onChange: () -> Void = {}
    /// The description changed (told at `done`, the first time included).
    var onDescribed: (Output) -> Void = { _ in }

    nonisolated(unsafe) private static let listener = Listener.make(wl_output_listener(
        geometry: { data, _, _, _, width, height, _, make, model, transform in
            let output = object(data, as: Output.self)
            output.pending.make = make.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            output.pending.model = model.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            // Unknown is 0; kwin 5.27's virtual output says -1.
            output.pending.physicalWidth = CompositorQuirk.negativePhysicalSize.workAround { max(0, width) }
            output.pending.physicalHeight = CompositorQuirk.negativePhysicalSize.workAround { max(0, height) }
            output.pending.transform = transform
        },
        mode: { data, _, flags, width, height, refresh in
            guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
            let output = object(data, as: Output.self)
            output.pending.width = width
            output.pending.height = height
            output.pending.refreshMillihertz = refresh
        },
        done: { data, _ in object(data, as: Output.self).done() },
        scale: { data, _, factor in object(data, as: Output.self).pendingScale = max(1, factor) },
        name: { data, _, name in object(data, as: Output.self).name = String(cString: name!) },
        description: { data, _, text in
            object(data, as: Output.self).pending.description = text.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }))

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
        pending.scale = pendingScale
        pending.name = name
        if pending != geometry || !described {
            described = true
            geometry = pending
            onDescribed(self)
        }
        if pendingScale != scale {
            scale = pendingScale
            onChange()
        }
    }

    private var described = false
    /// Whether its first `done` came.
    public var isDescribed: Bool { described }
}
