import TouchCore
import TouchRobot
import XCTest

/// Profiles: one panel judged by ChromiumOS 2014's limits and by Windows' (docs/qualify.md,
/// "Profiles"). Windows asks every contact to report at least at the display's rate, so a
/// 100 Hz panel passes under a 60 Hz display and fails under a 120 Hz one, where
/// ChromiumOS's 60 Hz passes it either way.
final class ProfileTests: XCTestCase {
    static let scale = FaultTableTests.millimetresPerPixel
    static let panel = Size(width: 1280 * scale, height: 800 * scale)

    private func reportRate(thresholds: QualifyThresholds, refresh: Double?) -> Verdict {
        var judge = QualifyJudge(panel: Self.panel, thresholds: thresholds, refreshRate: refresh)
        let step = QualifyStep.line(from: Point(x: 20, y: 60), to: Point(x: 190, y: 60), seconds: 3)
        let contacts = Digitizer(panel: Self.panel, millimetresPerPixel: Self.scale)
            .contacts(QualifyRobot.fingers(for: step, panel: Self.panel), eventful: true)
        return judge.judge(step, contacts: contacts).first { $0.validator == .reportRate }!
    }

    func testWindowsAsksForTheDisplaysRate() {
        var windows = QualifyThresholds()
        windows.reportRate = nil
        XCTAssertTrue(reportRate(thresholds: windows, refresh: 60).passed)
        let at120 = reportRate(thresholds: windows, refresh: 120)
        XCTAssertFalse(at120.passed)
        XCTAssertEqual(at120.threshold, 120)
        XCTAssertTrue(reportRate(thresholds: .chromeOS2014, refresh: 120).passed)
        XCTAssertEqual(reportRate(thresholds: windows, refresh: nil).threshold, 60, "60 Hz where the refresh is unknown")
    }

    /// A tap spread of 0.8 mm: over ChromiumOS's 0.5 mm, within Windows' 1 mm.
    func testALimitOfTheProfileDecides() {
        var windows = QualifyThresholds()
        windows[.tapAccuracy] = 1
        let target = Point(x: 60, y: 40)
        let taps = (0..<20).map { i -> Contact in
            let angle = Double(i) / 20 * 360
            let p = Point(x: target.x + 0.8 * cosineOfDegrees(angle), y: target.y + 0.8 * cosineOfDegrees(angle - 90))
            return Contact(id: Int32(i), samples: [ContactSample(time: Double(i) * 0.3, point: p),
                                                    ContactSample(time: Double(i) * 0.3 + 0.1, point: p)])
        }
        func accuracy(_ t: QualifyThresholds) -> Verdict {
            var judge = QualifyJudge(panel: Self.panel, thresholds: t)
            return judge.judge(.taps(at: target, count: 20), contacts: taps).first { $0.validator == .tapAccuracy }!
        }
        XCTAssertFalse(accuracy(.chromeOS2014).passed)
        XCTAssertTrue(accuracy(windows).passed)
        XCTAssertEqual(accuracy(windows).threshold, 1)
    }
}
