/// Memory the renderer draws into: 32-bit XRGB, as wl_shm's XRGB8888.
public struct PixelBuffer {
    public let pixels: UnsafeMutableRawPointer
    public let width: Int32
    public let height: Int32
    public let stride: Int32

    public init(pixels: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int32) {
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride
    }
}
