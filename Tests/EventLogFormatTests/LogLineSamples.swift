import EventLogFormat
@testable import TouchCore

/// At least one line of every kind, with the optional keys both present and absent.
enum LogLineSamples {
    /// A touch as a frame line holds it (`TouchFrame.logged` canonicalizes the rest).
    static func touch(_ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double, source: TouchSource = .touchscreen,
                      pen: PenState? = nil, shape: (Double, Double, Double)? = nil) -> Touch {
        var touch = Touch(id: id, finger: FingerID(Int(id)), phase: phase, location: Point(x: x, y: y), time: 0,
                          major: shape?.0, minor: shape?.1, orientation: shape?.2)
        touch.source = source
        touch.pen = pen
        return touch
    }

    /// A frame of `touches` as its line holds it: each touch's times are the frame's.
    static func frame(time: UInt32, ns: UInt64? = nil, _ touches: [Touch], hovers: [PenHover] = []) -> TouchFrame {
        var frame = TouchFrame(time: time, touches: touches, activeTouches: [], hovers: hovers)
        for index in frame.touches.indices { frame.touches[index].timeNanoseconds = ns }
        return frame.logged
    }

    static let lines: [LogLine] = [
        .scene(name: .playground),
        .scene(name: .hittest),
        .ready(width: 1024, height: 640, scale: 1.5),
        .configure(width: 1024, height: 640, fullscreen: true, maximized: false),
        .seat(name: "seat0", touch: true, pointer: true, keyboard: false),
        .seat(name: nil, touch: true, pointer: false, keyboard: false),
        .frame(frame(time: 4_294_967_295, [touch(-1, .moved, -3.5, 2, source: .pointer)]), spots: 1, seat: nil),
        .frame(frame(time: 5, ns: 1_234_567_890_123, [
            touch(7, .cancelled, 1, 2),
            touch(4, .began, 1.25, 2, shape: (80, 30, 45)),
        ]), spots: 0, seat: "seat1"),
        .frame(frame(time: 9, [
            touch(-10, .began, 1, 2, source: .pen,
                  pen: PenState(pressure: 0.5, tiltX: 30, tiltY: -20.5, distance: 0, buttons: [331])),
        ], hovers: [PenHover(id: -11, source: .eraser, phase: .out, location: Point(x: 1, y: 2), state: PenState())]),
               spots: 1, seat: nil),
        .hit(TouchHit(id: 1, view: "TouchableView", visited: ["TouchableView"])),
        .hit(TouchHit(id: 2, view: nil, visited: [], ignored: true)),
        .responder(ResponderDelivery(id: 1, phase: .began, chain: ["D", "C", "A"], handledBy: "A")),
        .responder(ResponderDelivery(id: 1, phase: .ended, chain: ["X"], handledBy: nil)),
        .gesture(.tap(count: 4)),
        .gesture(.swipe(.vertical, fingers: 5)),
        .gesture(.pinch(.inward)),
        .gesture(.checkmark),
        .gesture(.longPress(fingers: 2)),
        .gesture(.rotation(.counterclockwise, degrees: 90)),
        .gesture(.edgeSwipe(.left, fingers: 1)),
        .gesture(.template(name: "zigzag", score: 0.93)),
        .nearmiss([]),
        .nearmiss([
            NearMiss(recognizer: .swipe, reason: "strayed 7.5 px off the axis, the limit is 5", setting: .swipeMaximumVariance, value: 7.5, limit: 5),
            NearMiss(recognizer: .template("star"), reason: "0.82, needs 0.84", setting: .strokeMinimumScore, value: 0.82, limit: 0.84),
            NearMiss(recognizer: .checkmark, reason: "not down then up", setting: nil, value: 0, limit: 0),
        ]),
        .label(text: "", slot: .tap),
        .label(text: "Checkmark \"✓\"\n", slot: .checkmark),
        .placard(PlacardState(center: Point(x: 512, y: 320.25), text: "Καλώς ήρθατε", phase: .returning)),
        .warning(message: "touch 3 is not down", kind: .anomaly(.unknownID)),
        .warning(message: "reader too slow", kind: .eventLog),
        .warning(message: "skipped the stroke file /x/v.stroke: no example line", kind: .template),
        .run(LogRun(touchspots: "0.1.0", date: "2026-12-06T05:40:00Z", host: "tablet", kernel: "6.1.0-28-amd64 #1 SMP Debian",
                    compositor: "sway", compositorExecutable: "/usr/bin/sway", desktop: "sway")),
        .run(LogRun(touchspots: "0.1.0", date: "2026-12-06T05:40:00Z")),
        .output(LogOutput(name: "HEADLESS-1", physicalWidth: 0, physicalHeight: 0, width: 1024, height: 640,
                          refreshMillihertz: 60000, transform: .normal, scale: 1)),
        .output(LogOutput(name: nil, physicalWidth: 217, physicalHeight: 136, width: 1280, height: 800,
                          refreshMillihertz: 59940, transform: .flipped270, scale: 2)),
        .qualify(QualifyProgress(plan: "quick", step: 1, of: 8, kind: .line, state: .started, millimetresPerPixel: 0.1695)),
        .qualify(QualifyProgress(plan: "quick", step: 1, of: 8, kind: .line, state: .started, millimetresPerPixel: 0.16953125,
                                 panel: Size(width: 216.96, height: 135.6),
                                 guide: .line(from: Point(x: 21.696, y: 67.8), to: Point(x: 195.264, y: 67.8), seconds: 3),
                                 next: Point(x: 311.5, y: 740), buttons: [Rect(x: 256.5, y: 716, width: 110, height: 48)],
                                 thresholds: QualifyThresholds(named: [("linearity-rms", 0.5), ("maximum-contacts", 5),
                                                                       ("report-rate", 60)]))),
        .qualify(QualifyProgress(plan: "quick", step: 0, of: 8, kind: .card, state: .calibrating, millimetresPerPixel: 0.2675,
                                 panel: Size(width: 342.4, height: 214), next: Point(x: 311.5, y: 740),
                                 card: Rect(x: 60, y: 60, width: 320, height: 201.79))),
        .qualify(QualifyProgress(plan: "quick", step: 0, of: 8, kind: .card, state: .calibrated, millimetresPerPixel: 0.2,
                                 panel: Size(width: 256, height: 160), next: Point(x: 311.5, y: 740),
                                 card: Rect(x: 60, y: 60, width: 428, height: 269.9))),
        .qualify(QualifyProgress(plan: "quick", step: 4, of: 8, kind: .corners, state: .started, millimetresPerPixel: 0.2,
                                 panel: Size(width: 200, height: 100),
                                 guide: .corners([Point(x: 10, y: 10), Point(x: 190, y: 10), Point(x: 100, y: 50)]))),
        .qualify(QualifyProgress(plan: "quick", step: 3, of: 8, kind: .taps, state: .started, millimetresPerPixel: 0.2,
                                 panel: Size(width: 200, height: 100), guide: .taps(at: Point(x: 60, y: 35), count: 20))),
        .qualify(QualifyProgress(plan: "quick", step: 1, of: 8, kind: .line, state: .judged, verdicts: [
            Verdict(validator: .noGap, figure: 1.25, comparison: .atMost, threshold: 1.8, unit: "ratio", passed: true, detail: "0.58 mm in 10.0 ms"),
            Verdict(validator: .linearity, figure: .infinity, comparison: .atMost, threshold: 0.5, unit: "mm", passed: false, detail: "too few points"),
        ], millimetresPerPixel: 0.1695)),
        .teach(LessonProgress(name: "zig-zag", step: .draw, examples: 0, needed: 3)),
        .teach(LessonProgress(name: "zig-zag", step: .confirm, examples: 3, needed: 3, agreement: 0.912,
                              saveAt: Point(x: 362.5, y: 524))),
        .teach(LessonProgress(name: "zig-zag", step: .taught, examples: 3, needed: 3, agreement: 0.912,
                              savedTo: "/home/ana/.config/touchspots/strokes/zig-zag.stroke")),
        .sync(count: 2),
        .presented(LogPresented(commit: 3, touchToCommitMs: 0.42, touchToPresentMs: 17.5, refreshMs: 16.667,
                                waitedForFrame: false)),
        .presented(LogPresented(commit: 4, touchToCommitMs: 0.4, waitedForFrame: true)),
        .presented(LogPresented(commit: 6, touchToCommitMs: 0.31, touchToPresentMs: 16.2, refreshMs: 16.667,
                                waitedForFrame: false, inputToReadMs: 0.087)),
        .presented(LogPresented(commit: 5, touchToCommitMs: 1, discarded: true, waitedForFrame: false)),
        .readout(ReadoutSnapshot(touches: 1, maxTouches: 2, framesPerSecond: 120, eventsPerFrame: 1.5, shapeSeen: true,
                                 fingers: [
                                     FingerReadout(id: 1, source: .touchscreen, location: Point(x: 1, y: 2), dx: 0, dy: -0.5,
                                                   velocity: nil, reportRate: 120),
                                     FingerReadout(id: -10, source: .pen, location: Point(x: 1, y: 2), dx: 3, dy: 4,
                                                   velocity: 812.3, reportRate: 239.95, pressure: 0.25, major: 10, minor: 8,
                                                   orientation: 30),
                                 ])),
    ]

    /// One of each of the core's events.
    static var sessionEvents: [TouchSessionEvent] {
        let touch = Touch(id: 3, finger: 0, phase: .began, location: Point(x: 10, y: 20), time: 7)
        var frame = TouchFrame(time: 7, touches: [touch], activeTouches: [touch])
        frame.hovers = [PenHover(id: -10, source: .pen, phase: .hover, location: Point(x: 1, y: 2),
                                 state: PenState(pressure: 0.123456789, tiltX: 1, tiltY: 2, distance: 0.5, buttons: [331]))]
        let gestures: [Gesture] = [.tap(count: 2), .swipe(.horizontal, fingers: 3), .pinch(.outward), .checkmark,
                                   .longPress(fingers: 1), .rotation(.clockwise, degrees: 45), .edgeSwipe(.top, fingers: 2),
                                   .template(name: "circle", score: 0.876)]
        var timed = touch
        timed.timeNanoseconds = 9_876_543_210_123
        return [
            .scene(.moveme),
            .frame(frame, spots: 1),
            .frame(TouchFrame(time: 9, touches: [timed], activeTouches: [timed]), spots: 1),
            .hit(TouchHit(id: touch.id, view: "A", visited: ["A", "B"])),
            .hit(TouchHit(id: touch.id, view: nil, visited: [], ignored: true)),
            .responder(ResponderDelivery(id: touch.id, phase: .moved, chain: ["A"], handledBy: nil)),
            .label(slot: .tap, text: "Double Tap Detected"),
            .placard(PlacardState(center: Point(x: 1.234, y: 5.678), text: "Welcome", phase: .dragging)),
            .qualify(QualifyProgress(plan: "quick", step: 2, of: 8, kind: .hold, state: .judged,
                                     verdicts: [Verdict(.stationaryJitter, figure: 0.31234, .atMost, 1, unit: "mm"),
                                                Verdict(.trackingIDs, figure: .infinity, .atMost, 0, unit: "faults")],
                                     millimetresPerPixel: 0.169500001, panel: Size(width: 217, height: 135.6))),
            .qualify(QualifyProgress(plan: "quick", step: 1, of: 8, kind: .line, state: .started, millimetresPerPixel: 0.2,
                                     panel: Size(width: 200, height: 100),
                                     guide: .line(from: Point(x: 20, y: 50), to: Point(x: 180, y: 50), seconds: 3),
                                     next: Point(x: 301.123, y: 540), buttons: [Rect(x: 246.123, y: 516.1, width: 110, height: 48)],
                                     thresholds: QualifyThresholds())),
            .lesson(StrokeLesson(name: "v", step: .confirm, examples: [[Point(x: 0, y: 0), Point(x: 5, y: 9)]], needed: 3,
                                 agreement: 0.91234, saveAt: Point(x: 300.125, y: 401)).progress),
            .readout(ReadoutSnapshot(touches: 1, maxTouches: 1, framesPerSecond: 60, eventsPerFrame: 1.26,
                                     shapeSeen: false, fingers: [
                                         FingerReadout(id: 3, source: .touchscreen, location: Point(x: 1, y: 2), dx: 0, dy: 0,
                                                       velocity: 12.34, reportRate: 59.876, pressure: nil),
                                         FingerReadout(id: -10, source: .pen, location: Point(x: 5.5, y: 6), dx: 1, dy: 2,
                                                       velocity: nil, reportRate: nil, pressure: 0.123456789),
                                     ])),
            .nearMiss([NearMiss(recognizer: .swipe, reason: "strayed 7.5 px off the axis, the limit is 5",
                                setting: .swipeMaximumVariance, value: 7.4567, limit: 5),
                       NearMiss(recognizer: .checkmark, reason: "not down then up", setting: nil, value: 0, limit: 0)]),
        ] + gestures.map { .gesture($0) } + AnomalyKind.allCases.map { .warning("odd", kind: $0) }
    }
}
