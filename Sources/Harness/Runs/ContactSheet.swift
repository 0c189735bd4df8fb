import CPNG
import Foundation
import ToolSupport

/// Screenshots side by side in one PNG, each at half size, in rows of `columns`: the
/// demo's story at a glance (the README shows one).
public enum ContactSheet {
    public static func write(_ paths: [String], columns: Int = 3, to output: String) throws {
        let images = try paths.map { try PNGImage(path: $0) }
        guard let first = images.first else { throw HarnessError("a contact sheet needs screenshots") }
        let cellWidth = first.width / 2, cellHeight = first.height / 2, gap = 8
        let rows = (images.count + columns - 1) / columns
        let width = columns * cellWidth + (columns + 1) * gap
        let height = rows * cellHeight + (rows + 1) * gap
        var pixels = [UInt8](repeating: 40, count: width * height * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        for (index, image) in images.enumerated() {
            let left = gap + (index % columns) * (cellWidth + gap)
            let top = gap + (index / columns) * (cellHeight + gap)
            for y in 0..<min(cellHeight, image.height / 2) {
                for x in 0..<min(cellWidth, image.width / 2) {
                    // The mean of each 2 x 2 block.
                    var r = 0, g = 0, b = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let p = image.pixel(x: 2 * x + dx, y: 2 * y + dy)
                        r += Int(p.r); g += Int(p.g); b += Int(p.b)
                    }
                    let o = ((top + y) * width + left + x) * 4
                    pixels[o] = UInt8(r / 4); pixels[o + 1] = UInt8(g / 4); pixels[o + 2] = UInt8(b / 4)
                }
            }
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        guard png_image_write_to_file(&png, output, 0, pixels, Int32(width * 4), nil) != 0 else {
            let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw HarnessError("cannot write \(output): \(message)")
        }
    }
}
