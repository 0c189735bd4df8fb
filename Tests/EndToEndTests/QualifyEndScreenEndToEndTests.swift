import Foundation
import Harness
import EventLogFormat
import ToolSupport
import TouchRobot
import TouchCore
import XCTest

/// The end screen of a qualify run through the real client on headless weston: the robot
/// plays the quick plan fullscreen on a small tablet's 800 x 600 with a mirrored panel (two
/// checks fail) and on a 10-inch tablet's 1280 x 800 with a perfect one, and the end screen's
/// screenshot is checked for what pixels can say: the outcome's colour in the first line,
/// red only where something failed, nothing drawn against the window's right and bottom
/// edges (cut off), the verdicts centred across the window. Both screenshots were looked at
/// (docs/qualify.md, "The end screen").
final class QualifyEndScreenEndToEndTests: EndToEndTestCase {
    func testTheEndScreenOfAMirroredPanelAt800x600() throws {
        let shot = try endScreen(width: 800, height: 600, physical: PhysicalSize(width: 136, height: 102), fault: .mirror)
        XCTAssertTrue(shot.red.inPrompt, "the first line, Not qualified, in red")
        XCTAssertTrue(shot.red.inVerdicts && shot.green.inVerdicts, "failed checks in red beside passed ones in green")
    }

    func testTheEndScreenOfAPerfectPanelAt1280x800() throws {
        let shot = try endScreen(width: 1280, height: 800, physical: QualifyRobotEndToEndTests.tablet, fault: .none)
        XCTAssertTrue(shot.green.inPrompt, "the first line, Qualified, in green")
        XCTAssertFalse(shot.red.inPrompt || shot.red.inVerdicts, "nothing failed, nothing red")
    }

    /// The chromeos plan's 41 verdicts on a 640 x 480 window take two pages: the page
    /// control (Previous, the page's number, Next) is drawn centred at the bottom.
    func testTheEndScreenOfALongPlanIsPagedAt640x480() throws {
        let shot = try endScreen(width: 640, height: 480, physical: PhysicalSize(width: 109, height: 82), fault: .none,
                                 plan: "chromeos")
        XCTAssertTrue(shot.green.inPrompt)
        let image = try PNGImage(path: "\(outputDirectory)/endscreen-640x480.png")
        // The buttons' dark grey (Button's fill, white 0.25) in the bottom band.
        let band = (image.height - 70)..<image.height
        let xs = (0..<image.width).filter { x in band.contains { image.pixel(x: x, y: $0).isGray(64, tolerance: 4) } }
        let (left, right) = (try XCTUnwrap(xs.first, "no page control"), try XCTUnwrap(xs.last))
        XCTAssertEqual(Double(left + right + 1) / 2, Double(image.width) / 2, accuracy: 2, "the page control from \(left) to \(right)")
        XCTAssertGreaterThan(right - left, image.width / 3, "both buttons, the page's number between them")
    }

    /// Where a colour was found: the first line's band, or below it.
    struct Found { var inPrompt = false, inVerdicts = false }
    struct Shot { var red = Found(), green = Found() }

    /// Plays the quick plan on an output of `width` x `height` pixels and `physical`
    /// millimetres, screenshots the end screen (saved as endscreen-WxH.png in the test's
    /// folder) and checks what holds for every end screen; returns where red and green are.
    private func endScreen(width: Int, height: Int, physical: PhysicalSize, fault: PanelFault, plan name: String = "quick")
        throws -> Shot {
        let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/\(name).json").standardized.path
        try? FileManager.default.removeItem(atPath: outputDirectory)
        headlessRun = try HeadlessRun(outputDirectory: outputDirectory, compositor: .weston, width: width, height: height,
                                      clientArguments: ["--qualify", plan], physicalSize: physical)
        let finished = try QualifyPlayer(run: headlessRun, fault: fault).play()
        XCTAssertEqual(finished.state, .finished)
        XCTAssertEqual(finished.verdicts.count, try QualifyRobot.shippedPlan(name).checks, "every verdict of the plan in the finished line")
        XCTAssertEqual(finished.verdicts.allSatisfy(\.passed), fault == .none)
        let image = try headlessRun.screenshot("endscreen-\(width)x\(height).png")
        XCTAssertEqual([image.width, image.height], [width, height])

        let background = image.pixel(x: 0, y: height - 1)
        func ink(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) != background }
        // Nothing against the bottom or right edge: a line running off the window would.
        let edge = 6
        XCTAssertFalse((0..<width).contains { x in (height - edge..<height).contains { ink(x, $0) } }, "ink at the bottom edge")
        XCTAssertFalse((0..<height).contains { y in (width - edge..<width).contains { ink($0, y) } }, "ink at the right edge")

        // The first line's band ends where the prompt does (8 + 34 units; a unit is 1 at 800 x 600).
        let unit = min(1.5, min(Double(width) / 800, Double(height) / 600))
        let promptBottom = Int(42 * unit)
        var shot = Shot()
        var left = width, right = 0
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let p = image.pixel(x: x, y: y)
                let red = p.r > 150 && p.g < 80 && p.b < 80, green = p.g > 90 && p.r < 80 && p.b < 100
                if y < promptBottom {
                    shot.red.inPrompt = shot.red.inPrompt || red
                    shot.green.inPrompt = shot.green.inPrompt || green
                } else {
                    shot.red.inVerdicts = shot.red.inVerdicts || red
                    shot.green.inVerdicts = shot.green.inVerdicts || green
                    if red || green { left = min(left, x); right = max(right, x) }
                }
            }
        }
        // The verdicts' columns are centred: their ink's middle near the window's (the
        // right column's lines may end short of its edge, so within a tenth of the width).
        XCTAssertLessThan(left, right, "verdicts drawn")
        XCTAssertEqual(Double(left + right) / 2, Double(width) / 2, accuracy: Double(width) / 10, "verdicts from \(left) to \(right)")
        return shot
    }
}
