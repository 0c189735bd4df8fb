import CWaylandClient
import CWaylandProtocols
import Glibc
import TouchCore

/// One ARGB8888 wl_buffer of a layer (LayerSurface), in memory kept at the largest size it
/// has needed: a spot growing in, or a pen spot changing size, gets a new wl_buffer from
/// the same pool (one request) instead of new memory. No file descriptor stays open (a
/// compositor sending 150 fingers makes 150 layers), so growing maps a new memfd. The
/// compositor owns it from attach until wl_buffer.release; it is redrawn only while it is
/// not `isBusy`.
public final class LayerBuffer {
    private(set) var proxy: OpaquePointer?
    private let registry: Registry
    private var pool: OpaquePointer?
    private var capacity = 0
    public private(set) var pixels: UnsafeMutableRawPointer?
    public private(set) var width: Int32 = 0
    public private(set) var height: Int32 = 0
    public var stride: Int32 { width * 4 }
    /// The part of the pixels a drawing may have left non-transparent (buffer pixels),
    /// for the renderer to clear before the next one; the whole buffer after a resize
    /// (its memory held another layout).
    public var drawnBox: PixelRect?
    public internal(set) var isBusy = false

    nonisolated(unsafe) private static let listener = Listener.make(wl_buffer_listener(
        release: { data, _ in object(data, as: LayerBuffer.self).isBusy = false }))

    /// Memory comes in steps of 64 KiB: a 100 px spot at 1x (40 KiB) fits the first.
    private static let step = 64 << 10

    init(registry: Registry) {
        self.registry = registry
    }

    /// A buffer with memory for `bytes` already made (and its pages in), for a layer yet
    /// to be created (`LayerSurface.adopt(_:)`).
    public convenience init(registry: Registry, reserving bytes: Int) throws {
        self.init(registry: registry)
        try allocate((bytes + Self.step - 1) / Self.step * Self.step)
    }

    deinit {
        if let proxy { wl_buffer_destroy(proxy) }
        if let pool { wl_shm_pool_destroy(pool) }
        if let pixels { munmap(pixels, capacity) }
    }

    /// Makes this (free) buffer `width` x `height`, with more memory when it needs it.
    func resize(width: Int32, height: Int32) throws {
        precondition(!isBusy, "a layer buffer the compositor holds cannot change")
        guard width != self.width || height != self.height || proxy == nil else { return }
        let needed = Int(width) * 4 * Int(height)
        guard width > 0, height > 0, needed <= BufferPool.maxBufferBytes else {
            throw WaylandError.bufferTooLarge(width: Int(width), height: Int(height))
        }
        if let proxy { wl_buffer_destroy(proxy) }
        proxy = nil
        if needed > capacity { try allocate((needed + Self.step - 1) / Self.step * Self.step) }
        let buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_buffer_add_listener(buffer, Self.listener, unretained(self))
        proxy = buffer
        self.width = width
        self.height = height
        drawnBox = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// New memory of `bytes` in a memfd of its own, shared with the compositor by a pool.
    private func allocate(_ bytes: Int) throws {
        let fd = ts_memfd_create("touchspots-layer")
        guard fd >= 0 else { throw WaylandError.system(call: "memfd_create", errno: errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(bytes)) == 0 else { throw WaylandError.system(call: "ftruncate", errno: errno) }
        guard let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0),
              map != MAP_FAILED else {
            throw WaylandError.system(call: "mmap", errno: errno)
        }
        if let pool { wl_shm_pool_destroy(pool) }
        if let pixels { munmap(pixels, capacity) }
        pixels = map
        capacity = bytes
        pool = wl_shm_create_pool(registry.shm, fd, Int32(bytes))
    }
}
