@testable import Harness
import XCTest

/// The touch-to-pixel report names each late probe, where in its run it fell, so that
/// lateness that keeps to a client's first seconds is told from lateness anywhere.
final class TouchToPixelReportTests: XCTestCase {
    private func probe(_ index: Int, late: Int, since: Double) -> TouchToPixel.Probe {
        TouchToPixel.Probe(toPixel: late > 0 ? 27.5 : 10.5, floor: 10.5, toPresented: 26.0, floorPresented: 26.0,
                           repaintsPastFloor: late, presentedNanoseconds: 2_000_000_000, injectedNanoseconds: 1_000_000_000,
                           index: index, sinceStart: since)
    }

    func testALateProbeIsNamedWithItsPlace() {
        let runs = [
            TouchToPixel.Run(client: "touchspots", condition: .landingWithStream,
                             probes: [probe(0, late: 0, since: 0.8), probe(1, late: 0, since: 0.9), probe(2, late: 1, since: 1.25)],
                             missed: 1),
            TouchToPixel.Run(client: "reference client", condition: .landingWithStream,
                             probes: [probe(0, late: 0, since: 0.8)], missed: 0),
        ]
        let report = TouchToPixel.report(runs)
        XCTAssertTrue(report.contains("| landing, 5 fingers streaming | touchspots | 3 (+1 never shown) |"), report)
        XCTAssertTrue(report.contains("- touchspots, landing, 5 fingers streaming: probe 3 of 4, 1.25 s after the client started: 27.5 ms to pixel, floor 10.5 ms, 1 repaint(s) past it"), report)
        XCTAssertFalse(report.contains("- reference client"), "a client with no late probe is not listed")
    }

    func testNoLateProbeNoList() {
        let report = TouchToPixel.report([TouchToPixel.Run(client: "touchspots", condition: .landingAlone,
                                                           probes: [probe(0, late: 0, since: 1)], missed: 0)])
        XCTAssertFalse(report.contains("past the floor:"), report)
    }
}
