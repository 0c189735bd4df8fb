import TouchCore
import TouchRobot
import XCTest

/// `MappingCheck`: the corners step's taps against where they were asked, on the quick
/// plan's panel (`FaultTableTests.panel`) through the digitizer with each mapping fault.
final class MappingCheckTests: XCTestCase {
    /// The mapping check names each mapping fault, and its matrix brings the digitizer's
    /// normalized points back within 1 mm of where the finger was.
    func testTheMappingCheckNamesTheFaultAndCorrectsIt() throws {
        let names: [PanelFault: String] = [.rotation: "rotated 90 degrees clockwise", .mirror: "mirrored left-right",
                                                .offset: "offset 3.4 mm right", .scale: "scaled 1.10x"]
        let asked = QualifyRobot.quickSteps(panel: FaultTableTests.panel).compactMap { step -> [Point]? in
            if case .corners(let points) = step { points } else { nil }
        }[0]
        for (fault, name) in names {
            let digitizer = Digitizer(panel: FaultTableTests.panel, millimetresPerPixel: FaultTableTests.millimetresPerPixel, fault: fault)
            let reported = asked.map(digitizer.mapped)
            let check = try XCTUnwrap(MappingCheck(asked: asked, reported: reported, panel: FaultTableTests.panel))
            XCTAssertTrue(check.name.contains(name), "\(fault.rawValue): \(check.name)")
            XCTAssertFalse(check.verdict.passed)
            let matrix = try XCTUnwrap(check.calibrationMatrix)
            for x in stride(from: 0.0, through: FaultTableTests.panel.width, by: 20) {
                for y in stride(from: 0.0, through: FaultTableTests.panel.height, by: 20) {
                    let device = digitizer.mapped(Point(x: x, y: y))
                    let fixed = MappingCheck.apply(matrix, to: Point(x: device.x / FaultTableTests.panel.width, y: device.y / FaultTableTests.panel.height))
                    let error = Point(x: fixed.x * FaultTableTests.panel.width - x, y: fixed.y * FaultTableTests.panel.height - y).distance(to: .zero)
                    XCTAssertLessThan(error, 1, "\(fault.rawValue) at \(x), \(y)")
                }
            }
        }
        let perfect = Digitizer(panel: FaultTableTests.panel, millimetresPerPixel: FaultTableTests.millimetresPerPixel)
        let check = try XCTUnwrap(MappingCheck(asked: asked, reported: asked.map(perfect.mapped), panel: FaultTableTests.panel))
        XCTAssertEqual(check.name, "as expected")
        XCTAssertNil(check.calibrationMatrix)
    }
}
