import CWaylandClient
import CWaylandProtocols
import Glibc

/// One ARGB8888 wl_buffer of a layer (LayerSurface), in a memfd kept at the largest size
/// it has needed: a spot growing in, or a pen spot changing size, gets a new wl_buffer
/// from the same pool (one request) instead of new memory. The compositor owns it from
/// attach until wl_buffer.release; it is redrawn only while it is not `isBusy`.
public final class LayerBuffer {
    private(set) var proxy: OpaquePointer?
    private let registry: Registry
    private let fd: Int32
    private let pool: OpaquePointer
    private var capacity: Int
    public private(set) var pixels: UnsafeMutableRawPointer
    public private(set) var width: Int32 = 0
    public private(set) var height: Int32 = 0
    public var stride: Int32 { width * 4 }
    public internal(set) var isBusy = false

    nonisolated(unsafe) private static let listener = Listener.make(wl_buffer_listener(
        release: { data, _ in object(data, as: LayerBuffer.self).isBusy = false }))

    /// Room for a 100 px spot at 2x, so most layers never grow their memory.
    private static let initialCapacity = 208 * 208 * 4

    init(registry: Registry) throws {
        self.registry = registry
        capacity = Self.initialCapacity
        fd = ts_memfd_create("touchspots-layer")
        guard fd >= 0 else { throw WaylandError.system(call: "memfd_create", errno: errno) }
        guard ftruncate(fd, off_t(capacity)) == 0 else {
            let error = errno
            close(fd)
            throw WaylandError.system(call: "ftruncate", errno: error)
        }
        guard let map = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            let error = errno
            close(fd)
            throw WaylandError.system(call: "mmap", errno: error)
        }
        pixels = map
        pool = wl_shm_create_pool(registry.shm, fd, Int32(capacity))
    }

    deinit {
        if let proxy { wl_buffer_destroy(proxy) }
        wl_shm_pool_destroy(pool)
        munmap(pixels, capacity)
        close(fd)
    }

    /// Makes this (free) buffer `width` x `height`, growing its memory when needed.
    func resize(width: Int32, height: Int32) throws {
        precondition(!isBusy, "a layer buffer the compositor holds cannot change")
        guard width != self.width || height != self.height || proxy == nil else { return }
        let needed = Int(width) * 4 * Int(height)
        guard needed <= BufferPool.maxBufferBytes else {
            throw WaylandError.bufferTooLarge(width: Int(width), height: Int(height))
        }
        if needed > capacity {
            // A wl_shm_pool may only grow; the compositor maps the new size on its side.
            guard ftruncate(fd, off_t(needed)) == 0 else { throw WaylandError.system(call: "ftruncate", errno: errno) }
            guard let map = mmap(nil, needed, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
                throw WaylandError.system(call: "mmap", errno: errno)
            }
            munmap(pixels, capacity)
            pixels = map
            capacity = needed
            wl_shm_pool_resize(pool, Int32(needed))
        }
        if let proxy { wl_buffer_destroy(proxy) }
        let buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_buffer_add_listener(buffer, Self.listener, unretained(self))
        proxy = buffer
        self.width = width
        self.height = height
    }
}
