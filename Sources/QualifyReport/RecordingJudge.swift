import EventLogFormat
import LibinputRecord
import TouchCore

/// A qualify run recorded with `libinput record` instead of touchspots' own log (docs/
/// qualify.md, "A libinput recording"): its reports are played through the core's qualify
/// scene of the plan the person followed, on a clock set to the recording's times, as the
/// live run would have had them (the Next taps hit the Next button, a step is judged
/// once the fingers have been up 0.3 s), and the run's lines are judged like a log's.
/// The recording says nothing of the screen, so its size in logical pixels is given (the
/// touchscreen maps onto the whole of it, as compositors map one); millimetres come from
/// the axes' resolution where the device says it, else are given.
public struct RecordingJudge {
    public var plan: QualifyPlan
    /// The screen the touchscreen maps onto, logical pixels.
    public var screen: Size
    public var millimetresPerPixel: Double?
    public var compositor: String?

    public init(plan: QualifyPlan, screen: Size, millimetresPerPixel: Double? = nil, compositor: String? = nil) {
        self.plan = plan
        self.screen = screen
        self.millimetresPerPixel = millimetresPerPixel
        self.compositor = compositor
    }

    private final class Lines { var lines: [LogLine] = [] }

    /// The lines the live run would have logged (frames and qualify lines).
    public func lines(_ record: LibinputRecord) throws(ReportError) -> (lines: [LogLine], fromDevice: Bool) {
        guard screen.width >= 100, screen.height >= 100, screen.width <= 16384, screen.height <= 16384 else {
            throw ReportError("the screen must be 100 to 16384 pixels each way, not \(screen.width) x \(screen.height)")
        }
        let fromDevice = millimetresPerPixel == nil
        guard let scale = millimetresPerPixel ?? record.x.millimetres.map({ $0 / screen.width }), scale > 0, scale < 10 else {
            throw ReportError("the recording's touchscreen does not say its resolution: give --millimetres-per-pixel")
        }
        guard let first = record.reports.first?.microseconds else { throw ReportError("the recording holds no touch") }
        let clock = ManualClock(now: Double(first) / 1e6)
        let box = Lines()
        guard let session = TouchSession(sceneName: "playground", size: screen, clock: clock, sink: { event in
            box.lines.append(LogLine(event, seat: nil))
        }) else { throw ReportError("the core would not start") }
        session.reportsRouting = false
        let device = session.touchscreens.add()
        session.show(QualifyScene(plan: plan, millimetresPerPixel: scale))
        func place(_ value: Int, _ axis: LibinputRecord.Axis, _ size: Double) -> Double {
            (Double(value) - Double(axis.minimum)) / Double(axis.maximum - axis.minimum) * size
        }
        for report in record.reports {
            clock.now = max(clock.now, Double(report.microseconds) / 1e6)
            session.flush()  // a step judged before this report
            let ms = UInt32(truncatingIfNeeded: report.microseconds / 1000)
            let ns = UInt64(clamping: report.microseconds) &* 1000
            for touch in report.touches {
                let id = Int32(truncatingIfNeeded: touch.slot)
                let point = Point(x: place(touch.x, record.x, screen.width), y: place(touch.y, record.y, screen.height))
                session.touchscreens.timestamp(device, nanoseconds: ns)
                switch touch.phase {
                case "began": session.touchscreens.down(device, id: id, at: point, time: ms)
                case "moved": session.touchscreens.motion(device, id: id, to: point, time: ms)
                default: session.touchscreens.up(device, id: id, time: ms)
                }
            }
            session.touchscreens.frame(device)
            session.flush()
        }
        clock.now += QualifyScene.settle + QualifyScene.arrivalTimeout + 1
        session.flush()
        return (box.lines, fromDevice)
    }

    /// The recording's report, judged as a log of the same run would be.
    public func report(_ record: LibinputRecord, source: String) throws(ReportError) -> QualifyReport {
        let (lines, fromDevice) = try lines(record)
        var report = try OfflineJudge(compositor: compositor).report(lines, source: source)
        if fromDevice { report.scale.from = "device" }
        return report
    }
}
