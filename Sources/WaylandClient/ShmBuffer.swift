import CWaylandClient
import CWaylandProtocols
import Glibc

/// One XRGB8888 wl_buffer in its own memfd, mapped for drawing. The compositor owns it
/// from attach until wl_buffer.release; `isBusy` tracks that.
public final class ShmBuffer {
    let proxy: OpaquePointer
    public let width: Int32
    public let height: Int32
    public let stride: Int32
    public let pixels: UnsafeMutableRawPointer
    private let byteCount: Int
    private let display: Display
    public internal(set) var isBusy = false
    /// Called when the compositor releases the buffer.
    public var onRelease: () -> Void = {}

    nonisolated(unsafe) private static let listener = Listener.make(wl_buffer_listener(
        release: { data, _ in
            let buffer = object(data, as: ShmBuffer.self)
            buffer.isBusy = false
            buffer.onRelease()
        }))

    public init(registry: Registry, width: Int32, height: Int32) throws {
        self.width = width
        self.height = height
        stride = width * 4
        byteCount = Int(stride) * Int(height)
        display = registry.display

        let fd = ts_memfd_create("touchspots-buffer")
        guard fd >= 0 else { throw WaylandError.system(call: "memfd_create", errno: errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw WaylandError.system(call: "ftruncate", errno: errno)
        }
        // MAP_POPULATE: the first draw writes every pixel, and faulting the pages in one
        // at a time (768 faults for a 1024x768 window) cost the first frame about 1 ms.
        guard let map = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0),
              map != MAP_FAILED
        else { throw WaylandError.system(call: "mmap", errno: errno) }
        pixels = map

        let pool = wl_shm_create_pool(registry.shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, width, height, stride,
                                          WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(proxy, Self.listener, unretained(self))
    }

    deinit {
        wl_buffer_destroy(proxy)
        munmap(pixels, byteCount)
    }
}
