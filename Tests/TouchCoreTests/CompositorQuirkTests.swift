import TouchCore
import XCTest

/// One behaviour, one name: a workaround that the instrument also reports is linked to its
/// anomaly and named as it is.
final class CompositorQuirkTests: XCTestCase {
    func testAQuirkThatIsReportedBearsItsAnomalysName() {
        let linked = CompositorQuirk.allCases.compactMap { quirk in quirk.anomaly.map { (quirk, $0) } }
        XCTAssertEqual(linked.count, 2, "noFrameAfterLastUp and noFrames are both worked around and reported")
        for (quirk, anomaly) in linked {
            XCTAssertEqual(quirk.rawValue, String(describing: anomaly))
        }
    }

    func testEveryAnomalyNamedLikeAQuirkIsLinkedToIt() {
        for anomaly in AnomalyKind.allCases {
            if let quirk = CompositorQuirk(rawValue: String(describing: anomaly)) {
                XCTAssertEqual(quirk.anomaly, anomaly)
            }
        }
    }
}
