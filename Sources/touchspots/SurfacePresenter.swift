import Renderer
import TouchCore
import WaylandClient

/// Draws the window into wl_shm buffers and commits them: at most one commit per frame
/// callback, nothing while nothing changes, damage limited to what changed.
final class SurfacePresenter {
    private let registry: Registry
    private let surface: Surface
    private let renderer: ViewRenderer
    private var buffers: [ShmBuffer] = []
    /// Each buffer's damage since it was last drawn (buffer pixels).
    private var staleAreas: [ObjectIdentifier: [DeviceRect]] = [:]
    private var bufferSize: (width: Int32, height: Int32, scale: Double) = (0, 0, 0)
    private static let maxBuffers = 3

    /// Called after each commit with the logical size and scale committed.
    var onCommit: (Size, Double) -> Void = { _, _ in }

    init(registry: Registry, surface: Surface, renderer: ViewRenderer) {
        self.registry = registry
        self.surface = surface
        self.renderer = renderer
    }

    /// Draws and commits if something changed and the compositor is ready for a frame.
    /// `scale` may be fractional (wp_fractional_scale_v1): the buffer is then the logical
    /// size times the scale, rounded, as the protocol asks.
    /// Returns whether it committed.
    @discardableResult
    func presentIfNeeded(_ window: Window, scale: Double) throws -> Bool {
        guard !surface.isWaitingForFrame else { return false }
        let logical = (width: Int32(window.size.width.rounded()), height: Int32(window.size.height.rounded()))
        let width = Int32((Double(logical.width) * scale).rounded())
        let height = Int32((Double(logical.height) * scale).rounded())
        guard width > 0, height > 0 else { return false }
        if (width, height, scale) != bufferSize {
            retireBuffers()
            bufferSize = (width, height, scale)
            window.damageAll()
            surface.setOpaque(width: logical.width, height: logical.height)
        }
        guard window.needsRedraw else { return false }
        guard let buffer = try freeBuffer() else {
            // Every buffer is still held. Some compositors (weston's pixman renderer) let
            // go of one only at their next repaint, which nothing would trigger: ask for a
            // frame callback with a bare commit and draw when it arrives.
            surface.requestFrame {}
            return true
        }

        let damage = ViewRenderer.deviceRects(for: window.takeDamage(), scale: scale,
                                              width: width, height: height)
        for key in staleAreas.keys { staleAreas[key]! += damage }
        let id = ObjectIdentifier(buffer)
        let clip = staleAreas[id] ?? []
        staleAreas[id] = []
        renderer.render(window, into: PixelBuffer(pixels: buffer.pixels, width: width,
                                                  height: height, stride: buffer.stride),
                        scale: scale, clip: clip)
        surface.present(buffer, scale: scale, logicalSize: logical,
                        damage: damage.map { ($0.x, $0.y, $0.width, $0.height) }) {}
        onCommit(window.size, scale)
        return true
    }

    private func freeBuffer() throws -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < Self.maxBuffers else { return nil }
        let buffer = try ShmBuffer(registry: registry, width: bufferSize.width,
                                   height: bufferSize.height)
        buffers.append(buffer)
        // A new buffer holds nothing yet: all of it is stale.
        staleAreas[ObjectIdentifier(buffer)] = [
            DeviceRect(x: 0, y: 0, width: bufferSize.width, height: bufferSize.height),
        ]
        return buffer
    }

    /// Drops buffers of the old size. A buffer the compositor still holds is destroyed
    /// only once it is released, so the screen never shows undefined contents.
    private func retireBuffers() {
        for buffer in buffers {
            staleAreas[ObjectIdentifier(buffer)] = nil
            if buffer.isBusy {
                retired.append(buffer)
                buffer.onRelease = { [weak self, unowned buffer] in
                    self?.retired.removeAll { $0 === buffer }
                }
            }
        }
        buffers.removeAll()
    }

    private var retired: [ShmBuffer] = []
}
