import CPNG
import Foundation

/// A decoded PNG as 8-bit RGBA, for checking what a screenshot shows.
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    private let rgba: [UInt8]

    public init(path: String) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw HarnessError("cannot read PNG \(path)")
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        guard png_image_finish_read(&image, nil, &pixels, 0, nil) != 0 else {
            png_image_free(&image)
            throw HarnessError("cannot decode PNG \(path)")
        }
        width = Int(image.width)
        height = Int(image.height)
        rgba = pixels
    }

    public struct Pixel: Equatable, Sendable, CustomStringConvertible {
        public let r: UInt8, g: UInt8, b: UInt8
        public var description: String { "rgb(\(r), \(g), \(b))" }
        /// Whether every channel is within `tolerance` of `gray`.
        public func isGray(_ gray: UInt8, tolerance: UInt8 = 6) -> Bool {
            [r, g, b].allSatisfy { abs(Int($0) - Int(gray)) <= Int(tolerance) }
        }
        /// Whether every channel is 230 or more: the background of every touchspots scene.
        public var isLight: Bool { min(r, g, b) >= 230 }
    }

    public func pixel(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2])
    }

    /// How many pixels in the rectangle satisfy `predicate`.
    public func count(x: Int, y: Int, width w: Int, height h: Int,
                      where predicate: (Pixel) -> Bool) -> Int {
        var n = 0
        for py in max(0, y)..<min(height, y + h) {
            for px in max(0, x)..<min(width, x + w) where predicate(pixel(x: px, y: py)) { n += 1 }
        }
        return n
    }
}
