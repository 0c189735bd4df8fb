import TouchCore

/// The window's wl_shm buffers, as foot keeps them in shm.c: up to `maxBuffers` of one
/// size, each remembering what changed on screen since it was last drawn (a buffer that
/// was with the compositor while another was drawn missed those changes), and buffers of
/// an old size kept until the compositor releases them.
///
/// One buffer is seldom enough (the compositor holds the one on screen); three cover a
/// compositor that holds two (one on screen, one queued). A buffer is at most
/// `maxBufferBytes`: 256 MiB holds an 8K screen (7680 x 4320) at 1x and 4K at 2x, and three
/// of them stay well within memory, where a wl_shm pool itself could take 2 GiB.
public final class BufferPool {
    public static let maxBuffers = 3
    public static let maxBufferBytes = 256 << 20

    private let registry: Registry
    private var buffers: [ShmBuffer] = []
    /// Each buffer's damage since it was last drawn.
    private var stale: [ObjectIdentifier: [PixelRect]] = [:]
    /// Buffers of an old size still held by the compositor: destroyed once released, so
    /// the screen never shows freed memory.
    private var retired: [ShmBuffer] = []
    public private(set) var width: Int32 = 0
    public private(set) var height: Int32 = 0

    public init(registry: Registry) {
        self.registry = registry
    }

    /// Buffers from now on are `width` x `height`; returns whether that changed (then
    /// every new buffer is wholly stale). Throws when such a buffer would be too large.
    public func resize(width: Int32, height: Int32) throws -> Bool {
        guard width != self.width || height != self.height else { return false }
        let bytes = Int(width) * 4 * Int(height)
        guard width > 0, height > 0, bytes <= Self.maxBufferBytes else {
            throw WaylandError.bufferTooLarge(width: Int(width), height: Int(height))
        }
        for buffer in buffers {
            stale[ObjectIdentifier(buffer)] = nil
            if buffer.isBusy {
                retired.append(buffer)
                buffer.onRelease = { [weak self, unowned buffer] in
                    self?.retired.removeAll { $0 === buffer }
                }
            }
        }
        buffers.removeAll()
        self.width = width
        self.height = height
        return true
    }

    /// A buffer the compositor does not hold; nil when every buffer is held.
    public func acquire() throws -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < Self.maxBuffers else { return nil }
        return try makeBuffer()
    }

    /// Makes the second buffer of the current size now if there is only one, so that the
    /// next frame, drawn while the compositor holds the first, does not wait for its
    /// memory: zeroing the pages of a 1024x768 buffer takes about 2.5 ms here.
    public func addSpare() throws {
        guard buffers.count == 1 else { return }
        _ = try makeBuffer()
    }

    private func makeBuffer() throws -> ShmBuffer {
        let buffer = try ShmBuffer(registry: registry, width: width, height: height)
        buffers.append(buffer)
        // A new buffer holds nothing yet: all of it is stale.
        stale[ObjectIdentifier(buffer)] = [PixelRect(x: 0, y: 0, width: width, height: height)]
        return buffer
    }

    /// Records `damage` (what changed on screen now) for every buffer, and returns what
    /// `buffer`, about to be drawn, must repaint: everything it missed, which is then forgotten.
    public func repaintArea(of buffer: ShmBuffer, adding damage: [PixelRect]) -> [PixelRect] {
        for key in stale.keys { stale[key]!.append(contentsOf: damage) }
        let id = ObjectIdentifier(buffer)
        defer { stale[id] = [] }
        return stale[id] ?? damage
    }
}
