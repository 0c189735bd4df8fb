import CPixman
@testable import Renderer
import TouchCore
import XCTest

/// Shapes no buffer holds, drawn without a crash (issue 39): a qualify run at 1e-9 mm
/// per pixel made a 10 mm target 1e10 px wide, and the ellipse mask's size was no Int32.
final class HugeShapeTests: XCTestCase {
    func testHugeAndFarShapesAreSkippedNotCrashedOn() throws {
        let font = try Font(family: "DejaVu Sans", cache: nil)
        let canvas = PixmanCanvas(font: font)
        let image = try XCTUnwrap(pixman_image_create_bits(PIXMAN_a8r8g8b8, 64, 64, nil, 0))
        defer { pixman_image_unref(image) }
        canvas.begin(image: image, scale: 1)
        for rect in [Rect(x: 0, y: 0, width: 1e10, height: 1e10), Rect(x: -5e9, y: 3e9, width: 10, height: 10),
                     Rect(x: 0, y: 0, width: 5e-324, height: 1e308), Rect(x: 1e308, y: -1e308, width: 1e308, height: 1e308)] {
            canvas.fillEllipse(in: rect, color: Color(white: 0))
        }
        canvas.fillConvexPolygon([Point(x: 0, y: 0), Point(x: 1e10, y: 0), Point(x: 0, y: 1e10)], color: Color(white: 0))
        canvas.fillEllipse(in: Rect(x: 10, y: 10, width: 20, height: 20), color: Color(white: 0))
        let pixels = pixman_image_get_data(image)!
        XCTAssertNotEqual(pixels[20 * 64 + 20], 0, "an ordinary ellipse is still drawn")
        canvas.end()
    }
}
