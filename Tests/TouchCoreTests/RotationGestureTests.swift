import TouchCore
import XCTest

/// Rotation of two fingers, with and without a pinch, and what must not count.
final class RotationGestureTests: XCTestCase {
    /// Two fingers on a circle of radius r around (cx, cy), turned by `degrees` in steps.
    private func turn(_ f: FingerScript, by degrees: Double, radius: Double = 100, grow: Double = 0, steps: Int = 30) {
        for step in 1...steps {
            f.clock.advance(by: 0.016)
            let t = Double(step) / Double(steps)
            let a = degrees * t * Double.pi / 180
            let r = radius + grow * t
            f.move([(1, 400 - r * cos(a), 300 - r * sin(a)), (2, 400 + r * cos(a), 300 + r * sin(a))])
        }
    }

    func testRotationBothWaysReportedAtTheLiftWithItsAngle() {
        for (degrees, direction) in [(45.0, Gesture.RotationDirection.clockwise), (-90, .counterclockwise), (200, .clockwise)] {
            let f = FingerScript()
            f.down([(1, 300, 300), (2, 500, 300)])
            turn(f, by: degrees)
            XCTAssertEqual(f.take(), [], "nothing while turning")
            f.up([1, 2])
            f.wait(1)
            XCTAssertEqual(f.take(), [.rotation(direction, degrees: Int(abs(degrees)))])
        }
    }

    func testPinchWithoutTurnIsNoRotation() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 5, grow: 150)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [.pinch(.outward)])
    }

    func testPinchAndRotationTogether() {
        let f = FingerScript()
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 60, grow: 150)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [.pinch(.outward), .rotation(.clockwise, degrees: 60)])
    }

    func testRotationThreshold() throws {
        var settings = GestureSettings()
        try settings.set("rotation-min-angle", to: "40")
        let f = FingerScript(settings: settings)
        f.down([(1, 300, 300), (2, 500, 300)])
        turn(f, by: 35)
        f.up([1, 2])
        f.wait(1)
        XCTAssertEqual(f.take(), [])
    }

    func testLabels() {
        XCTAssertEqual(Gesture.rotation(.clockwise, degrees: 45).label, "Rotated 45 degrees clockwise")
    }
}
