@testable import Renderer
import XCTest

/// The mask filled by rows (inside and outside spans at once, the edge pixel by pixel)
/// gives every pixel the value the per-pixel formula gives it.
final class EllipseMaskTests: XCTestCase {
    /// The formula for one pixel, as every pixel was computed before the spans.
    private func coverage(column: Int, row: Int, cx: Double, cy: Double, rx: Double, ry: Double) -> UInt8 {
        let edge = min(rx, ry)
        let dx = (Double(column) + 0.5 - cx) / rx, dy = (Double(row) + 0.5 - cy) / ry
        let distance = (dx * dx + dy * dy).squareRoot()
        return UInt8((max(0, min(1, (1 - distance) * edge + 0.5)) * 255).rounded())
    }

    private func check(w: Double, h: Double, px: Double, py: Double, file: StaticString = #filePath, line: UInt = #line) {
        let width = Int((px + w).rounded(.up)) + 1, height = Int((py + h).rounded(.up)) + 1
        let stride = (width + 3) & ~3
        let (cx, cy, rx, ry) = (px + w / 2, py + h / 2, max(w / 2, 0.01), max(h / 2, 0.01))
        var wrong = 0
        // Filled over two different values: a pixel left unwritten differs in one of them.
        for old: UInt8 in [77, 178] {
            var pixels = [UInt8](repeating: old, count: stride * height)
            pixels.withUnsafeMutableBufferPointer { buffer in
                EllipseMaskCache.fill(buffer.baseAddress!, stride: stride, width: width, height: height,
                                      ellipse: (cx: cx, cy: cy, rx: rx, ry: ry))
            }
            for row in 0..<height {
                for column in 0..<width
                where pixels[row * stride + column] != coverage(column: column, row: row, cx: cx, cy: cy, rx: rx, ry: ry) {
                    wrong += 1
                }
            }
        }
        XCTAssertEqual(wrong, 0, "\(w) x \(h) at phase \(px), \(py)", file: file, line: line)
    }

    func testEveryGrowthSizeAndPhaseMatchesThePerPixelFormula() {
        // A spot's growth from 0 to 100 px, every third quarter pixel (the cache's unit), at
        // four of the sixteen pairs of quarter-pixel phases.
        for quarter in stride(from: 0, through: 400, by: 3) {
            let d = Double(quarter) / 4
            for phase in 0..<4 {
                check(w: d, h: d, px: Double(phase) / 4, py: Double(3 - phase) / 4)
            }
        }
    }

    func testFlatAndTallEllipsesMatchThePerPixelFormula() {
        for (w, h) in [(1.0, 40.0), (40.0, 1.0), (0.25, 0.25), (7.5, 130.25), (300.0, 12.75), (2.0, 2.0)] {
            check(w: w, h: h, px: 0.5, py: 0.25)
        }
    }

    /// A row no outer span reaches, and a mask wider than the ellipse, are all zero
    /// outside it (the untouched buffer held 77).
    func testPixelsOutsideTheEllipseAreZero() {
        let width = 40, height = 40, stride = 40
        var pixels = [UInt8](repeating: 77, count: stride * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            EllipseMaskCache.fill(buffer.baseAddress!, stride: stride, width: width, height: height,
                                  ellipse: (cx: 20, cy: 20, rx: 5, ry: 5))
        }
        XCTAssertEqual(pixels[0], 0)
        XCTAssertEqual(pixels[20 * stride + 1], 0)
        XCTAssertEqual(pixels[20 * stride + 20], 255)
        XCTAssertFalse(pixels.contains(77))
    }
}
