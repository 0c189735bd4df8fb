import Foundation
import Harness
import XCTest

/// Fractional scaling on kwin: the buffer at the exact preferred scale, mapped back by a
/// viewport, stays sharp.
final class ScalingEndToEndTests: EndToEndTestCase {
    /// kwin offers wp_fractional_scale_v1: at 1.5x the window is drawn at 1.5x, not
    /// upscaled from 1x or downscaled from 2x.
    func testFractionalScaleOnKWinIsSharp() throws {
        try startHeadlessRun(compositor: .kwin, scale: 1.5)
        let ready = try XCTUnwrap(headlessRun.eventLog.events().compactMap(\.ready).first)
        XCTAssertEqual(ready.scale, 1.5)
        XCTAssertEqual(ready.width, 1024, "logical size")
        try headlessRun.send(batch: ["down 1 512 320", "frame"])
        let image = try headlessRun.screenshot("fractional.png")
        XCTAssertEqual([image.width, image.height], [1536, 960], "the output is 1.5x")
        let row = (0..<image.width).map { image.pixel(x: $0, y: 480) }
        let grey = row.filter { $0.isGray(170, tolerance: 6) }.count
        let partial = row.filter { !$0.isGray(170, tolerance: 6) && !$0.isGray(255, tolerance: 0) }.count
        XCTAssertEqual(grey, 150, accuracy: 3, "a 100 px spot is 150 device px")
        XCTAssertLessThanOrEqual(partial, 4, "with edges 1 px soft, not blurred by scaling")
    }

    /// libdecor asks for server-side decorations where xdg-decoration is offered (sway) and
    /// then draws no frame of its own.
}
