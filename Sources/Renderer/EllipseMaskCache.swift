import CPixman
import TouchCore

/// Antialiased ellipse coverage as pixman A8 masks, computed in Swift (a 100 px disc is
/// ~10k pixels) and cached by size and quarter-pixel offset, since the same spot size at
/// the same sub-pixel phase recurs on every frame of a moving finger.
struct EllipseMaskCache {
    struct Mask {
        let image: OpaquePointer
        let x: Int32, y: Int32, width: Int32, height: Int32
    }

    private struct Key: Hashable {
        let width: Int, height: Int, phaseX: Int, phaseY: Int
    }

    private final class Storage {
        var images: [Key: OpaquePointer] = [:]
        deinit { for image in images.values { pixman_image_unref(image) } }
    }

    private let storage = Storage()
    private static let capacity = 256

    /// The mask covering `rect` (buffer pixels, fractional), placed at its integer origin.
    mutating func mask(for rect: Rect) -> Mask {
        let quantum = 4.0
        let x0 = rect.minX.rounded(.down), y0 = rect.minY.rounded(.down)
        let key = Key(width: Int((rect.width * quantum).rounded()),
                      height: Int((rect.height * quantum).rounded()),
                      phaseX: Int(((rect.minX - x0) * quantum).rounded()),
                      phaseY: Int(((rect.minY - y0) * quantum).rounded()))
        let w = Double(key.width) / quantum, h = Double(key.height) / quantum
        let px = Double(key.phaseX) / quantum, py = Double(key.phaseY) / quantum
        let width = Int32((px + w).rounded(.up)) + 1, height = Int32((py + h).rounded(.up)) + 1
        if let image = storage.images[key] {
            return Mask(image: image, x: Int32(x0), y: Int32(y0), width: width, height: height)
        }
        if storage.images.count >= Self.capacity {
            for image in storage.images.values { pixman_image_unref(image) }
            storage.images.removeAll()
        }
        let image = pixman_image_create_bits(PIXMAN_a8, width, height, nil, 0)!
        let stride = Int(pixman_image_get_stride(image))
        let data = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
            .assumingMemoryBound(to: UInt8.self)
        Self.fill(data, stride: stride, width: Int(width), height: Int(height),
                  ellipse: (cx: px + w / 2, cy: py + h / 2, rx: max(w / 2, 0.01), ry: max(h / 2, 0.01)))
        storage.images[key] = image
        return Mask(image: image, x: Int32(x0), y: Int32(y0), width: width, height: height)
    }

    /// Writes the ellipse's coverage into an A8 image: for each pixel, the signed distance
    /// to the edge in pixels (approximated along the short axis) as 0-255. Only the pixels
    /// within a pixel and a half of the edge are worked out one by one; a row's inside is
    /// filled with 255 and its outside with 0, as the same formula would give them. A
    /// spot's growth steps each need a new size, so a ten-finger landing computed its
    /// masks pixel by pixel: 4.5 M instructions of its 15 M or so (callgrind of the bench's
    /// stream, docs/design/performance.md "A landing drawn for less").
    static func fill(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int,
                     ellipse: (cx: Double, cy: Double, rx: Double, ry: Double)) {
        let (cx, cy, rx, ry) = ellipse
        let edge = min(rx, ry)
        // Where coverage reaches 1 and 0, in the ellipse's normalised distance.
        let full = 1 - 0.5 / edge, none = 1 + 0.5 / edge
        for row in 0..<height {
            let line = data + row * stride
            let dy = (Double(row) + 0.5 - cy) / ry
            // The columns whose centres are within `limit` (normalised) of the centre.
            func columns(within limit: Double) -> (Int, Int)? {
                let left = limit * limit - dy * dy
                guard limit > 0, left > 0 else { return nil }
                let half = rx * left.squareRoot()
                return (Int((cx - half - 0.5).rounded(.up)), Int((cx + half - 0.5).rounded(.down)))
            }
            // Outside the outer span (widened by a pixel) coverage is 0; inside the inner
            // one (narrowed by a pixel) it is 1: the pixel's margin keeps rounding out.
            guard let outer = columns(within: none) else {
                line.update(repeating: 0, count: width)
                continue
            }
            let start = max(0, outer.0 - 1), end = min(width - 1, outer.1 + 1)
            guard start <= end else {
                line.update(repeating: 0, count: width)
                continue
            }
            var inner = columns(within: full).map { (max($0.0 + 1, start), min($0.1 - 1, end)) }
            if let span = inner, span.0 > span.1 { inner = nil }
            if start > 0 { line.update(repeating: 0, count: start) }
            if end < width - 1 { (line + end + 1).update(repeating: 0, count: width - 1 - end) }
            func exact(_ column: Int) {
                let dx = (Double(column) + 0.5 - cx) / rx
                let distance = (dx * dx + dy * dy).squareRoot()
                let coverage = max(0, min(1, (1 - distance) * edge + 0.5))
                line[column] = UInt8((coverage * 255).rounded())
            }
            if let (first, last) = inner {
                for column in start..<first { exact(column) }
                (line + first).update(repeating: 255, count: last - first + 1)
                for column in (last + 1)..<(end + 1) { exact(column) }
            } else {
                for column in start...end { exact(column) }
            }
        }
    }
}
