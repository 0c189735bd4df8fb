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
        let cx = px + w / 2, cy = py + h / 2
        let rx = max(w / 2, 0.01), ry = max(h / 2, 0.01)
        let edge = min(rx, ry)
        for row in 0..<Int(height) {
            let dy = (Double(row) + 0.5 - cy) / ry
            for column in 0..<Int(width) {
                let dx = (Double(column) + 0.5 - cx) / rx
                let distance = (dx * dx + dy * dy).squareRoot()
                // Signed distance to the edge in pixels, approximated along the short axis.
                let coverage = max(0, min(1, (1 - distance) * edge + 0.5))
                data[row * stride + column] = UInt8((coverage * 255).rounded())
            }
        }
        storage.images[key] = image
        return Mask(image: image, x: Int32(x0), y: Int32(y0), width: width, height: height)
    }
}
