@testable import TouchCore
import XCTest

/// The checkmark tuner (CheckmarkTuner) on people's strokes (five people of the $1 logs,
/// Wobbrock, Wilson and Li, UIST 2007).
final class CheckmarkTunerTests: XCTestCase {
    /// What the tuner picks on all five people is what touchspots ships: a change to the
    /// rule, the tuner or the strokes that moves a limit fails here until the shipped
    /// values are the new choice (`scripts/tune-gestures` prints it).
    func testTheShippedLimitsAreTheTunersChoiceOnAllFive() throws {
        let strokes = try RealStroke.all()
        let tuner = CheckmarkTuner(strokes: strokes)
        let everyone = Set(strokes.map(\.subject))
        let chosen = tuner.choose(on: everyone)
        print("checkmark limits chosen on all five: \(CheckmarkTuner.describe(chosen))")
        XCTAssertEqual(chosen, .shipped, "the shipped checkmark limits are stale: the tuner picks \(chosen)")
    }
}
