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
/// each axis's resolution where the device says it, else are given (`geometry`).
public struct RecordingJudge {
    public var plan: QualifyPlan
    /// The screen the touchscreen maps onto, logical pixels.
    public var screen: Size
    public var millimetresPerPixel: Double?
    public var compositor: String?
    /// How the steps' touches are told apart (`StepChoice`): found from the touches
    /// themselves unless told.
    public var steps: StepChoice

    public init(plan: QualifyPlan, screen: Size, millimetresPerPixel: Double? = nil, compositor: String? = nil,
                steps: StepChoice = .found) {
        self.plan = plan
        self.screen = screen
        self.millimetresPerPixel = millimetresPerPixel
        self.compositor = compositor
        self.steps = steps
    }

    /// The judging the played lines go to as they come: the lines are not kept, so that a
    /// long recording costs the judge's own memory only (a recording of 500,000 reports
    /// kept every frame line the scene logged beside the judge's, and took 622 MB).
    private final class Judging {
        var reading: OfflineJudge.Reading
        var error: ReportError?
        init(_ reading: OfflineJudge.Reading) { self.reading = reading }

        func take(_ line: LogLine) {
            guard error == nil else { return }
            do { try reading.read(line) } catch { self.error = error }
        }
    }

    /// The screen the recording is played onto, and its millimetres per pixel: with the
    /// scale given, the screen as given; else the scale is the x axis's millimetres over
    /// the screen's width, and where the y axis says its own resolution the screen's height
    /// follows the panel's (its millimetres over that scale): a compositor maps the whole
    /// panel onto the whole screen, pixels are square, and each axis's millimetres come
    /// from its own resolution (a panel of 12 units a mm across and 10 down is as tall as
    /// its y axis says, not its y range at x's resolution).
    public func geometry(_ record: LibinputRecord) throws(ReportError) -> (screen: Size, scale: Double, fromDevice: Bool) {
        guard screen.width >= 100, screen.height >= 100, screen.width <= 16384, screen.height <= 16384 else {
            throw ReportError("the screen must be 100 to 16384 pixels each way, not \(screen.width) x \(screen.height)")
        }
        if let given = millimetresPerPixel {
            guard OutputSize.judgedScales.contains(given) else {
                throw ReportError("--millimetres-per-pixel must be \(OutputSize.judgedScalesText)")
            }
            return (screen, given, false)
        }
        guard let across = record.x.millimetres else {
            throw ReportError("the recording's touchscreen does not say its resolution: give --millimetres-per-pixel")
        }
        // A device's scale is held to the option's limits: an axis claiming 10^18 units a
        // mm was once judged at 5.6e-14 mm a pixel, and "passed".
        let scale = across / screen.width
        guard OutputSize.judgedScales.contains(scale) else {
            throw ReportError("the recording's x axis says \(record.x.resolution) units a mm over \(fixed(record.x.span, decimals: 0)) units: \(fixed(across, decimals: 3)) mm across, \(scale) mm a pixel at \(fixed(screen.width, decimals: 0)) pixels, outside \(OutputSize.judgedScalesText): give --millimetres-per-pixel")
        }
        var played = screen
        if let down = record.y.millimetres, abs(down / scale - screen.height) > 0.5 {
            played.height = down / scale
            guard played.height >= 100, played.height <= 16384 else {
                throw ReportError("the recording's panel is \(fixed(across, decimals: 1)) x \(fixed(down, decimals: 1)) mm: at \(fixed(screen.width, decimals: 0)) pixels across it would be \(fixed(played.height, decimals: 0)) pixels tall, outside 100 to 16384")
            }
        }
        return (played, scale, true)
    }

    /// Plays the recording, giving `sink` each line the live run would have logged (frames
    /// and qualify lines) as it comes; whether the scale came from the device, and for
    /// steps not told by Next taps, which touches each step took and which none did.
    public func play(_ record: LibinputRecord, into sink: @escaping (LogLine) -> Void) throws(ReportError)
        -> (fromDevice: Bool, taken: StepsTaken?) {
        let (screen, scale, fromDevice) = try geometry(record)
        guard let first = record.reports.first?.microseconds else { throw ReportError("the recording holds no touch") }
        // A recording whose every report has one time (all 0, say) times nothing: every
        // step was once skipped without a word.
        if record.reports.count > 1, let last = record.reports.last?.microseconds, last == first {
            throw ReportError("the recording's \(record.reports.count) touch reports are all at one time (\(fixed(Double(first) / 1e6, decimals: 6)) s): nothing in it can be timed")
        }
        let clock = ManualClock(now: Double(first) / 1e6)
        var last: QualifyProgress?
        guard let session = TouchSession(sceneName: .playground, size: screen, clock: clock, sink: { event in
            let line = LogLine(event, seat: nil)
            if let q = line.qualify { last = q }
            sink(line)
        }) else { throw ReportError("the core would not start") }
        session.reportsRouting = false
        let device = session.touchscreens.add()
        let scene = QualifyScene(plan: plan, millimetresPerPixel: scale)
        session.show(scene)
        if steps != .next {
            scene.buttonsTakeTouches = false
            let taken = try playSteps(record, session: session, scene: scene, device: device, clock: clock, screen: screen,
                                      scale: scale) { last }
            return (fromDevice, taken)
        }
        for report in record.reports {
            Self.play(report.touches[...], of: report, record, screen: screen, session: session, device: device, clock: clock)
        }
        clock.now += QualifyScene.settle + QualifyScene.arrivalTimeout + 1
        session.flush()
        return (fromDevice, nil)
    }

    /// Plays `touches` of `report` as one frame at the report's time moved on by `shift`
    /// microseconds (the clock moved on to it first, so that a step due to be judged before
    /// it is), placed on `screen`.
    static func play(_ touches: some Sequence<LibinputRecord.Touch>, of report: LibinputRecord.Report, _ record: LibinputRecord,
                     screen: Size, session: TouchSession, device: DeviceID, clock: ManualClock, shift: Int64 = 0) {
        let microseconds = report.microseconds &+ shift
        clock.now = max(clock.now, Double(microseconds) / 1e6)
        session.flush()
        let ms = UInt32(truncatingIfNeeded: microseconds / 1000)
        let ns = UInt64(clamping: microseconds) &* 1000
        for touch in touches {
            let id = Int32(truncatingIfNeeded: touch.slot)
            let point = Point(x: record.x.fraction(touch.x) * screen.width, y: record.y.fraction(touch.y) * screen.height)
            session.touchscreens.timestamp(device, nanoseconds: ns)
            switch touch.phase {
            case .began: session.touchscreens.down(device, id: id, at: point, time: ms)
            case .moved: session.touchscreens.motion(device, id: id, to: point, time: ms)
            default: session.touchscreens.up(device, id: id, time: ms)
            }
        }
        session.touchscreens.frame(device)
        session.flush()
    }

    /// The recording's report, judged as a log of the same run would be.
    public func report(_ record: LibinputRecord, source: String) throws(ReportError) -> QualifyReport {
        let judging = Judging(OfflineJudge(compositor: compositor).reading())
        let (fromDevice, taken) = try play(record) { judging.take($0) }
        if let error = judging.error { throw error }
        var report = try judging.reading.report(source: source)
        if let taken {
            for index in report.steps.indices where taken.steps.indices.contains(report.steps[index].number - 1) {
                report.steps[index].touches = taken.steps[report.steps[index].number - 1]
            }
            report.leftOut = taken.leftOut
        }
        // A report of nothing judged is no verdict on the panel: said, and status 1.
        guard report.summary.stepsJudged > 0 else {
            let touches = record.reports.reduce(0) { $0 + $1.touches.filter { $0.phase == .began }.count }
            throw ReportError("no step of the plan was judged from the recording's \(touches) touch(es): \(report.summary.stepsSkipped) skipped, \(report.summary.stepsNotReached) not reached")
        }
        if fromDevice { report.scale.from = .device }
        report.device = record.device.label
        report.recording = QualifyReport.RecordingFacts(record)
        return report
    }
}
