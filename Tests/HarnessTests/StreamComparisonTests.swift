@testable import Harness
import TouchCore
import XCTest

/// A replay's delivered stream against the recording: each way a compositor changes a
/// stream is a difference, named at its first frame.
final class StreamComparisonTests: XCTestCase {
    /// "1 began 300 300" is touch id 1 beginning at 300,300.
    func frames(_ frames: [[String]]) -> [Recording.Frame] {
        frames.enumerated().map { index, entries in
            Recording.Frame(time: Int64(index * 8), touches: entries.map { entry in
                let w = entry.split(separator: " ")
                return Recording.Touch(id: Int(w[0])!, phase: .touch(TouchPhase(rawValue: String(w[1]))!),
                                       x: Double(w[2])!, y: Double(w[3])!, source: nil)
            })
        }
    }

    let recorded = [["1 began 300 300", "2 began 600 300"], ["1 moved 310 300", "2 moved 590 300"], ["1 ended 310 300", "2 ended 590 300"]]

    func testTheSameStreamWithOtherIDsMatches() {
        // mutter counts its ids from 288; a replay's ids are the compositor's.
        let delivered = [["288 began 300 300", "289 began 600.2 300"], ["288 moved 310 300", "289 moved 590 300"],
                         ["288 ended 310 300", "289 ended 590 300"]]
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertTrue(comparison.matches, comparison.firstDifference ?? "")
        XCTAssertEqual(comparison.deliveredFrames, 3)
    }

    /// Issue 61's hunt: a recording's x of 1e19 stopped the harness (SIGILL) converting it
    /// to Int for the difference's text.
    func testCoordinatesBeyondIntAreWrittenNotTrapped() {
        var huge = recorded
        huge[0][0] = "1 began 1e19 300"
        huge[1][0] = "1 moved 1e300 300"
        let comparison = StreamComparison(recorded: frames(huge), delivered: frames(recorded))
        XCTAssertEqual(comparison.firstDifference,
                       "frame 1: recorded [touch 1 began at 600,300; touch 2 began at 1e+19,300], delivered [touch 1 began at 300,300; touch 2 began at 600,300]")
    }

    func testASplitFrameIsNamed() {
        let delivered = [["1 began 300 300"], ["2 began 600 300"], ["1 moved 310 300", "2 moved 590 300"],
                         ["1 ended 310 300", "2 ended 590 300"]]
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertEqual(comparison.firstDifference,
                       "frame 1: recorded [touch 1 began at 300,300; touch 2 began at 600,300], delivered [touch 1 began at 300,300] (split: the rest came in the next frame)")
    }

    func testMergedFramesAreNamed() {
        let delivered = [["1 began 300 300", "2 began 600 300", "1 moved 310 300", "2 moved 590 300"], ["1 ended 310 300", "2 ended 590 300"]]
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertTrue(comparison.firstDifference?.hasSuffix("(merged with the next recorded frame)") == true, comparison.firstDifference ?? "")
    }

    func testAMovedTouchIsADifference() {
        var delivered = recorded
        delivered[1][1] = "2 moved 591 300"
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertEqual(comparison.firstDifference,
                       "frame 2: recorded [touch 1 moved at 310,300; touch 2 moved at 590,300], delivered [touch 1 moved at 310,300; touch 2 moved at 591,300]")
    }

    func testADroppedFrameIsADifference() {
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(Array(recorded.prefix(2))))
        XCTAssertEqual(comparison.firstDifference, "frame 3: recorded [touch 1 ended at 310,300; touch 2 ended at 590,300], not delivered (1 frame(s) fewer than recorded)")
    }

    func testAnUpTurnedCancelIsADifference() {
        var delivered = recorded
        delivered[2] = ["1 cancelled 310 300", "2 cancelled 590 300"]
        XCTAssertFalse(StreamComparison(recorded: frames(recorded), delivered: frames(delivered)).matches)
    }
}

extension StreamComparisonTests {
    func testTouchesReorderedInsideAFrameAreTheSameFrame() {
        let delivered = [["2 began 600 300", "1 began 300 300"], ["1 moved 310 300", "2 moved 590 300"], ["1 ended 310 300", "2 ended 590 300"]]
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertTrue(comparison.matches, comparison.firstDifference ?? "")
    }

    func testASplitIsNamedOnlyWhenTheCountsAddUp() {
        let delivered = [["1 began 300 300"], ["2 began 600 300", "1 moved 310 300"], ["2 moved 590 300"], ["1 ended 310 300", "2 ended 590 300"]]
        let comparison = StreamComparison(recorded: frames(recorded), delivered: frames(delivered))
        XCTAssertEqual(comparison.firstDifference?.contains("(split"), false, comparison.firstDifference ?? "")
    }
}
