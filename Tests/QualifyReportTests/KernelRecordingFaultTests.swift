import EventLogFormat
import Foundation
import LibinputRecord
import QualifyReport
import TouchCore
import TouchRobot
import XCTest

/// Every validator judged on recordings of the kernel's shape (docs/qualify.md, "The fault
/// table"): the digitizer model's contacts for each step of the quick plan, with each
/// fault, written by `LibinputRecordWriter` in its kernel mode on a panel whose axes have
/// resolutions of their own (40 units a mm across, 32 down), read back by `LibinputRecord`
/// and judged: the failures are the fault table's. Two of them are kept as files
/// (Tests/Fixtures/kernel-*.yaml): a line whose scans stall and jump, and a drumroll whose
/// hand drifts 8 mm.
final class KernelRecordingFaultTests: XCTestCase {
    static let panel = Size(width: 216.96, height: 135.6)
    static let millimetresPerPixel = 216.96 / 1280
    static let resolution = (x: 40, y: 32)

    static func yaml(_ contacts: [Contact], reportInterval: Double = 0.01) -> String {
        let frames = LibinputRecordWriter.frames(of: contacts, millimetresPerPixel: millimetresPerPixel, reportInterval: reportInterval)
        return LibinputRecordWriter.yaml(frames, screenWidth: 1280, screenHeight: 800, millimetresPerPixel: millimetresPerPixel,
                                         shape: .kernel, resolution: resolution)
    }

    /// A recording's touches as contacts, in millimetres from each axis's own resolution.
    static func contacts(_ record: LibinputRecord) -> [Contact] {
        var open: [Int: Int] = [:]
        var contacts: [Contact] = []
        for report in record.reports {
            let time = Double(report.microseconds) / 1e6 - 1000
            for touch in report.touches {
                let point = Point(x: record.x.fraction(touch.x) * record.x.millimetres!, y: record.y.fraction(touch.y) * record.y.millimetres!)
                let sample = ContactSample(time: time, point: point)
                switch touch.phase {
                case .began:
                    open[touch.slot] = contacts.count
                    contacts.append(Contact(id: Int32(touch.slot), samples: [sample]))
                default:
                    guard let index = open[touch.slot] else { continue }
                    contacts[index].samples.append(sample)
                    if touch.phase == .ended { open[touch.slot] = nil }
                }
            }
        }
        return contacts
    }

    static func throughRecording(_ contacts: [Contact], reportInterval: Double = 0.01) throws -> [Contact] {
        Self.contacts(try LibinputRecord(contents: yaml(contacts, reportInterval: reportInterval), source: "kernel.yaml"))
    }

    func testEachFaultTripsWhatTheTableSaysThroughKernelRecordings() throws {
        var table = ""
        for fault in PanelFault.allCases {
            let digitizer = Digitizer(panel: Self.panel, millimetresPerPixel: Self.millimetresPerPixel, fault: fault, seed: 7)
            var judge = QualifyJudge(panel: Self.panel)
            var verdicts: [Verdict] = []
            for step in QualifyRobot.quickSteps(panel: Self.panel) {
                let contacts = digitizer.contacts(QualifyRobot.fingers(for: step, panel: Self.panel), eventful: QualifyRobot.isEventful(step))
                verdicts += judge.judge(step, contacts: try Self.throughRecording(contacts, reportInterval: 1 / digitizer.reportRate))
            }
            let failed = Set(verdicts.filter { !$0.passed }.map(\.validator))
            table += "| \(fault.rawValue) | \(failed.map(\.rawValue).sorted().joined(separator: ", ")) |\n"
            XCTAssertEqual(failed, QualifyValidator.faultTable[fault], "\(fault.rawValue):\n" + verdicts.map { "  \($0)" }.joined(separator: "\n"))
        }
        print(table)
    }

    /// The kernel's shape really is in the files: positions omitted where unchanged, also
    /// for a new touch in a slot (the taps step lands 20 times on one spot).
    func testTheKernelShapeOmitsUnchangedValues() throws {
        let step = QualifyRobot.quickSteps(panel: Self.panel)[2]
        let contacts = Digitizer(panel: Self.panel, millimetresPerPixel: Self.millimetresPerPixel)
            .contacts(QualifyRobot.fingers(for: step, panel: Self.panel))
        let text = Self.yaml(contacts)
        let began = text.components(separatedBy: "ABS_MT_TRACKING_ID").count - 1
        let positions = text.components(separatedBy: "ABS_MT_POSITION_X").count - 1
        XCTAssertEqual(began, 40, "20 taps down and up")
        XCTAssertEqual(positions, 1, "one X for 20 taps at one spot: the slot keeps it")
        XCTAssertFalse(text.contains("ABS_MT_SLOT"), "slot 0 is selected from the start")
        let back = try Self.throughRecording(contacts)
        XCTAssertEqual(back.count, 20)
        XCTAssertEqual(ContactValidators.tapAccuracy(back).figure, 0, "every tap where the panel put it, none at x = 0")
    }

    /// A line whose scans stall for three reports and then jump, at the steady report rate:
    /// no gap fails (the time ratio of the old judge stayed near 1 and passed it).
    func testTheStallThenJumpFixture() throws {
        let line = QualifyRobot.quickSteps(panel: Self.panel)[0]
        let contacts = Digitizer(panel: Self.panel, millimetresPerPixel: Self.millimetresPerPixel, fault: .stallThenJump)
            .contacts(QualifyRobot.fingers(for: line, panel: Self.panel), eventful: true)
        let verdict = StrokeValidators.noGap(try fixture("kernel-stall-then-jump.yaml", Self.yaml(contacts))[0])
        XCTAssertFalse(verdict.passed, "\(verdict)")
        XCTAssertGreaterThan(verdict.figure ?? 0, 20, "\(verdict)")
        let intervals = zip(contacts[0].samples, contacts[0].samples.dropFirst()).map { $1.time - $0.time }
        XCTAssertEqual(intervals.max()! - intervals.min()!, 0, accuracy: 1e-9, "at the steady report rate")
    }

    /// Two fingers drumming while the hand drifts 8 mm over the 5 s: each tap is still, so
    /// the drumroll passes (the old judge measured the drift and failed it).
    func testTheDriftingDrumrollFixture() throws {
        let drumroll = QualifyRobot.quickSteps(panel: Self.panel)[6]
        let contacts = Digitizer(panel: Self.panel, millimetresPerPixel: Self.millimetresPerPixel)
            .contacts(QualifyRobot.fingers(for: drumroll, panel: Self.panel, drift: 8))
        let read = try fixture("kernel-drifting-drumroll.yaml", Self.yaml(contacts))
        XCTAssertEqual(read.count, 50)
        XCTAssertEqual(read.last!.samples[0].point.x - read.first!.samples[0].point.x, 20 + 8 * 4.9 / 5, accuracy: 0.05)
        let verdict = ContactValidators.drumroll(read)
        XCTAssertTrue(verdict.passed, "\(verdict)")
        let merged = Digitizer(panel: Self.panel, millimetresPerPixel: Self.millimetresPerPixel, fault: .mergedDrumroll)
            .contacts(QualifyRobot.fingers(for: drumroll, panel: Self.panel, drift: 8))
        XCTAssertFalse(ContactValidators.drumroll(try Self.throughRecording(merged)).passed)
    }

    /// The file `name` is `text` (TOUCHSPOTS_WRITE_FIXTURES=1 writes it again); its contacts.
    private func fixture(_ name: String, _ text: String) throws -> [Contact] {
        let path = OfflineJudgeTests.fixture(name)
        if ProcessInfo.processInfo.environment["TOUCHSPOTS_WRITE_FIXTURES"] != nil {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "TOUCHSPOTS_WRITE_FIXTURES=1 writes it again")
        return Self.contacts(try LibinputRecord(path: path))
    }
}
