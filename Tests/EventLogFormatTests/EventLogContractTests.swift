import EventLogFormat
import Foundation
@testable import TouchCore
import TouchRobot
import XCTest

/// The event log's contract held in one place: every kind of line encodes to what
/// docs/event-log.schema.json accepts and decodes back to itself, and the schema and the
/// `LogLine` type name the same kinds.
final class EventLogContractTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.repository.appendingPathComponent("docs/event-log.schema.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Issue 61: a log saved with a UTF-8 byte-order mark was refused at byte 0; a key given
    /// twice was read as its last value without a word.
    func testAByteOrderMarkIsSkippedAndARepeatedKeyRefused() throws {
        let line = #"{"type":"sync","count":3}"#
        XCTAssertEqual(try LogLine(json: [0xEF, 0xBB, 0xBF] + Array(line.utf8)), .sync(count: 3))
        XCTAssertThrowsError(try LogLine(json: #"{"type":"sync","count":3,"count":4}"#)) {
            XCTAssertTrue("\($0)".contains(#"the key "count" appears twice"#), "\($0)")
        }
        // Past 16 keys the check is a set's: still refused, still quick.
        let many = (0..<100_000).map { "\"k\($0)\":1" }.joined(separator: ",")
        let started = Date()
        XCTAssertThrowsError(try LogLine(json: #"{"type":"sync","count":3,"# + many + #","k5":2}"#)) {
            XCTAssertTrue("\($0)".contains(#"the key "k5" appears twice"#), "\($0)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertNoThrow(try JSONText.check(Array(#"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#.utf8)), "the same key in other objects")
    }

    func testTheSamplesCoverEveryKind() {
        XCTAssertEqual(Set(LogLineSamples.lines.map(\.kind)), Set(LogLine.Kind.allCases),
                       "a kind of line without a sample here is neither schema-checked nor round-tripped")
    }

    func testEveryLineDecodesBackToItself() throws {
        for line in LogLineSamples.lines {
            XCTAssertEqual(try LogLine(json: line.bytes), line, line.text)
        }
    }

    func testEveryLineIsAcceptedByTheSchema() throws {
        let text = LogLineSamples.lines.map(\.text).joined(separator: "\n") + "\n"
        let result = try EventLogSchema.validate(["-"], input: text)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("\(LogLineSamples.lines.count) lines checked, 0 invalid"), result.output)
    }

    func testTheSchemaAndTheTypeNameTheSameKinds() throws {
        let schema = try schema()
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        let types = try XCTUnwrap((properties["type"] as? [String: Any])?["enum"] as? [String])
        XCTAssertEqual(Set(types), Set(LogLine.Kind.allCases.map(\.rawValue)), "the schema's types")
        // Every branch of allOf dispatches on a type that is a case.
        let branches = try XCTUnwrap(schema["allOf"] as? [[String: Any]])
        let dispatched = branches.compactMap { branch -> String? in
            let condition = (branch["if"] as? [String: Any])?["properties"] as? [String: Any]
            return (condition?["type"] as? [String: Any])?["const"] as? String
        }
        XCTAssertEqual(Set(dispatched), Set(LogLine.Kind.allCases.map(\.rawValue)), "the schema's branches")
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let warning = try XCTUnwrap((definitions["warning"] as? [String: Any])?["properties"] as? [String: Any])
        let kinds = try XCTUnwrap((warning["kind"] as? [String: Any])?["enum"] as? [String])
        XCTAssertEqual(Set(kinds), Set(LogWarningKind.allCases.map(\.rawValue)), "the warning kinds")
        XCTAssertEqual(schema["$id"] as? String, "urn:touchspots:event-log:\(LogLine.formatVersion)")
    }

    func testEveryKindIsInTheDocs() throws {
        let docs = try String(contentsOf: Self.repository.appendingPathComponent("docs/event-log.md"), encoding: .utf8)
        for kind in LogWarningKind.allCases {
            XCTAssertTrue(docs.contains("`\(kind.rawValue)`"), "docs/event-log.md does not list \(kind.rawValue)")
        }
        for kind in LogLine.Kind.allCases {
            XCTAssertTrue(docs.contains(#"`{"type":"\#(kind.rawValue)""#), "docs/event-log.md has no row for \(kind.rawValue)")
        }
    }

    /// The writer's fast path (frames and responders straight from the event) and the
    /// line built from the event write the same bytes, and both decode to that line.
    /// The random frames' seed: a failure names it and the event, so it can be replayed.
    static let seed: UInt64 = 41

    func testTheFastPathWritesWhatTheLineWrites() throws {
        var events = LogLineSamples.sessionEvents
        var random = SplitMix(seed: Self.seed)
        for _ in 0..<200 { events.append(.frame(Self.randomFrame(&random), spots: Int.random(in: 0...10, using: &random))) }
        for (index, event) in events.enumerated() {
            for seat in [nil, "seat1"] {
                var fast: [UInt8] = []
                LogLine.encode(event, seat: seat, into: &fast)
                let line = LogLine(event, seat: seat)
                let replay = "seed \(Self.seed), event \(index)"
                XCTAssertEqual(String(decoding: fast, as: UTF8.self), line.text, replay)
                XCTAssertEqual(try LogLine(json: fast), line, replay)
            }
        }
    }

    /// A readout and a near miss are the core's own values in the line; their bytes are
    /// the format's, pinned here: figures rounded once, a touchscreen finger without
    /// `source`, the near miss's text from its misses.
    func testTheCoresReadoutAndNearMissWriteTheFormatsBytes() throws {
        let readout = ReadoutSnapshot(touches: 2, maxTouches: 2, framesPerSecond: 120, eventsPerFrame: 1.96, shapeSeen: false,
                                      fingers: [
                                          FingerReadout(id: 3, source: .touchscreen, location: Point(x: 1.5, y: 2), dx: 0.5, dy: -1,
                                                        velocity: 812.349, reportRate: 119.876),
                                          FingerReadout(id: -10, source: .pen, location: Point(x: 5, y: 6), dx: 0, dy: 0,
                                                        velocity: nil, reportRate: nil, pressure: 0.123456789),
                                      ])
        XCTAssertEqual(LogLine(.readout(readout), seat: nil).text,
                       #"{"type":"readout","touches":2,"maxTouches":2,"framesPerSecond":120,"eventsPerFrame":2,"shapeSeen":false,"fingers":[{"id":3,"x":1.5,"y":2,"dx":0.5,"dy":-1,"velocity":812.3,"reportRate":119.88},{"id":-10,"x":5,"y":6,"dx":0,"dy":0,"velocity":null,"reportRate":null,"source":"pen","pressure":0.12346}]}"#)
        let misses = [NearMiss(recognizer: .swipe, reason: "strayed 7.5 px off the axis, the limit is 5",
                               setting: .swipeMaximumVariance, value: 7.4567, limit: 5),
                      NearMiss(recognizer: .checkmark, reason: "not down then up", setting: nil, value: 0, limit: 0)]
        XCTAssertEqual(LogLine(.nearMiss(misses), seat: nil).text,
                       #"{"type":"nearmiss","text":"swipe: strayed 7.5 px off the axis, the limit is 5 (swipe-max-variance); checkmark: not down then up","misses":[{"recognizer":"swipe","reason":"strayed 7.5 px off the axis, the limit is 5","setting":"swipe-max-variance","value":7.457,"limit":5},{"recognizer":"checkmark","reason":"not down then up","value":0,"limit":0}]}"#)
        // Read back, the text is the misses' own, whatever a hand changed it to.
        let edited = #"{"type":"nearmiss","text":"edited","misses":[{"recognizer":"checkmark","reason":"not down then up","value":0,"limit":0}]}"#
        XCTAssertEqual(try LogLine(json: edited).text, #"{"type":"nearmiss","text":"checkmark: not down then up","misses":[{"recognizer":"checkmark","reason":"not down then up","value":0,"limit":0}]}"#)
    }

    /// A frame line is written straight from the core's frame, by one encoder: its bytes,
    /// pinned (a touchscreen finger without `source`, the seat on fingers only, a pen's
    /// axes to five decimals, a hovering pen after the touches), and read back, the frame
    /// as its line holds it (`TouchFrame.logged`).
    func testAFrameLinesBytesArePinned() throws {
        var finger = Touch(id: 4, finger: 9, phase: .moved, location: Point(x: 1.25, y: -2), time: 7,
                           major: 80, minor: 30, orientation: 45)
        finger.timeNanoseconds = 7_000_123_456
        var mouse = Touch(id: -1, finger: 10, phase: .began, location: Point(x: 3, y: 4), time: 7)
        mouse.source = .pointer
        var pen = Touch(id: -10, finger: 11, phase: .ended, location: Point(x: 5.5, y: 6), time: 7)
        pen.source = .pen
        pen.pen = PenState(pressure: 0.123456789, tiltX: 30, tiltY: -20.5, distance: 0, buttons: [331])
        let hover = PenHover(id: -11, source: .eraser, phase: .hover, location: Point(x: 1, y: 2), state: PenState(distance: 0.25))
        let frame = TouchFrame(time: 7, touches: [finger, mouse, pen], activeTouches: [finger], hovers: [hover])
        var bytes: [UInt8] = []
        LogLine.encode(.frame(frame, spots: 3), seat: "seat1", into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text, #"{"type":"frame","time":7,"timeNs":7000123456,"spots":3,"touches":[{"id":4,"phase":"moved","x":1.25,"y":-2,"major":80,"minor":30,"orientation":45,"seat":"seat1"},{"id":-1,"phase":"began","x":3,"y":4,"source":"pointer","seat":"seat1"},{"id":-10,"phase":"ended","x":5.5,"y":6,"source":"pen","pressure":0.12346,"tilt":[30,-20.5],"distance":0,"buttons":[331]},{"id":-11,"phase":"hover","x":1,"y":2,"source":"eraser","distance":0.25}]}"#)
        XCTAssertEqual(try LogLine(json: bytes), .frame(frame.logged, spots: 3, seat: "seat1"))
        // A time past 2^53 ns (CLOCK_MONOTONIC after 104 days of uptime) reads back exact:
        // integers are not read through a Double.
        let late = #"{"type":"frame","time":7,"timeNs":9007199254740993,"spots":0,"touches":[{"id":1,"phase":"began","x":1,"y":2}]}"#
        XCTAssertEqual(try LogLine(json: late).frame?.timeNanoseconds, 9_007_199_254_740_993)
        XCTAssertEqual(try LogLine(json: late).text, late)
        // Past Int, a whole number is out of range, not "not an integer".
        XCTAssertThrowsError(try LogLine(json: late.replacingOccurrences(of: "9007199254740993", with: "9223372036854775808"))) {
            XCTAssertTrue("\($0)".contains("'timeNs' is out of range"), "\($0)")
        }
    }

    /// Frame lines recorded by earlier builds (the fixtures) read back and write the same
    /// bytes: the encoder and decoder agree with what the client has written all along.
    func testRecordedFrameLinesWriteTheSameBytesAgain() throws {
        var checked = 0
        for name in ["recorded-gestures.jsonl", "qualify-quick-weston.jsonl"] {
            let text = try String(contentsOf: Self.repository.appendingPathComponent("Tests/Fixtures/\(name)"), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix(#"{"type":"frame""#) {
                XCTAssertEqual(try LogLine(json: String(line)).text, String(line), name)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
    }

    /// The routing lines are the core's `TouchHit` and `ResponderDelivery`, an output's
    /// transform and a verdict's comparison enums: their bytes, pinned (`ignored` only when
    /// true; the transform and comparison as wl_output and the plan files spell them).
    func testTheCoresRoutingAndTheClosedSetsWriteTheFormatsBytes() throws {
        XCTAssertEqual(LogLine(.hit(TouchHit(id: 4, view: "A", visited: ["A", "B"])), seat: nil).text,
                       #"{"type":"hit","id":4,"view":"A","visited":["A","B"]}"#)
        XCTAssertEqual(LogLine(.hit(TouchHit(id: -1, view: nil, visited: [], ignored: true)), seat: nil).text,
                       #"{"type":"hit","id":-1,"view":null,"visited":[],"ignored":true}"#)
        let delivery = ResponderDelivery(id: 4, phase: .moved, chain: ["D", "C"], handledBy: nil)
        XCTAssertEqual(LogLine(.responder(delivery), seat: nil).text,
                       #"{"type":"responder","id":4,"phase":"moved","chain":["D","C"],"handledBy":null}"#)
        var fastPath: [UInt8] = []
        LogLine.encode(.responder(delivery), seat: nil, into: &fastPath)
        XCTAssertEqual(String(decoding: fastPath, as: UTF8.self), LogLine(.responder(delivery), seat: nil).text)
        let output = LogOutput(name: "HDMI-A-1", physicalWidth: 300, physicalHeight: 200, width: 1920, height: 1080,
                               refreshMillihertz: 60000, transform: .flipped270, scale: 2)
        XCTAssertEqual(LogLine.output(output).text,
                       #"{"type":"output","name":"HDMI-A-1","physicalWidth":300,"physicalHeight":200,"width":1920,"height":1080,"refreshMillihertz":60000,"transform":"flipped-270","scale":2}"#)
        let verdict = Verdict(validator: .noGap, figure: 1.25, comparison: .atMost, threshold: 1.8, unit: "ratio",
                              passed: true, detail: "")
        XCTAssertTrue(LogLine.qualify(QualifyProgress(plan: "q", step: 1, of: 1, kind: .line, state: .judged, verdicts: [verdict],
                                                      millimetresPerPixel: 0.2)).text.contains(#""comparison":"<=""#))
        XCTAssertEqual(LogLine.label(text: "", slot: .longPress).text, #"{"type":"label","text":"","slot":"longpress"}"#)
    }

    /// Every kind's guide is written with its kind's keys (`QualifyStep.GuideKey`'s order)
    /// and read back through the one rule (`QualifyStep(kind:from:...)`); keys the kind
    /// does not use are ignored (a later version may add some), a guide without what its
    /// kind needs is refused by name. A panel without a width is none, and not written.
    func testEveryStepsGuideIsWrittenAndReadOneWay() throws {
        let steps: [(QualifyStep, String)] = [
            (.line(from: Point(x: 1, y: 2.5), to: Point(x: 3, y: 4), seconds: 3), #"{"from":[1,2.5],"to":[3,4],"seconds":3}"#),
            (.hold(at: Point(x: 5, y: 6), seconds: 1.5), #"{"at":[5,6],"seconds":1.5}"#),
            (.taps(at: Point(x: 7, y: 8), count: 20), #"{"at":[7,8],"count":20}"#),
            (.corners([Point(x: 1, y: 1), Point(x: 2, y: 0.5)]), #"{"points":[[1,1],[2,0.5]]}"#),
            (.maximumContacts, "{}"), (.pinch, "{}"), (.drumroll(seconds: 5), #"{"seconds":5}"#), (.edges, "{}"),
        ]
        for (step, guide) in steps {
            let progress = QualifyProgress(plan: "q", step: 1, of: 8, kind: step.kind, state: .started, millimetresPerPixel: 0.2,
                                           panel: Size(width: 200, height: 100), guide: step).logged
            let text = LogLine.qualify(progress).text
            XCTAssertTrue(text.contains(#","guide":\#(guide),"#), text)
            XCTAssertEqual(try LogLine(json: text), .qualify(progress))
        }
        func line(guide: String) -> String {
            #"{"type":"qualify","plan":"q","step":1,"of":1,"kind":"line","state":"started","millimetresPerPixel":0.2,"panel":[200,100],"guide":\#(guide),"verdicts":[]}"#
        }
        XCTAssertEqual(try LogLine(json: line(guide: #"{"from":[1,2],"to":[3,4],"seconds":3,"count":9,"later":{}}"#)).qualify?.guide,
                       .line(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4), seconds: 3))
        for guide in [#"{"at":[1,2],"seconds":3}"#, #"{"from":[1,2],"to":[3,4],"seconds":0}"#, #"{"from":[1,2,3],"to":[3,4],"seconds":3}"#] {
            XCTAssertThrowsError(try LogLine(json: line(guide: guide)), guide) { error in
                XCTAssertTrue("\(error)".contains("a 'guide' that does not describe a step of kind 'line'"), "\(error)")
            }
        }
        // A plan's corners are five places; a guide of more than 100 is no run's.
        let corners = line(guide: "GUIDE").replacingOccurrences(of: #""kind":"line""#, with: #""kind":"corners""#)
        for (count, read) in [(1, true), (100, true), (101, false), (170_000, false)] {
            let guide = #"{"points":["# + Array(repeating: "[1,2]", count: count).joined(separator: ",") + "]}"
            let text = corners.replacingOccurrences(of: "GUIDE", with: guide)
            if read {
                XCTAssertEqual(try LogLine(json: text).qualify?.guide, .corners(Array(repeating: Point(x: 1, y: 2), count: count)))
            } else {
                XCTAssertThrowsError(try LogLine(json: text), "\(count) places")
            }
        }
        for width in [0.0, -3] {
            let flat = QualifyProgress(plan: "q", step: 0, of: 8, kind: .card, state: .calibrating, millimetresPerPixel: 0.2,
                                       panel: Size(width: width, height: 5)).logged
            XCTAssertEqual(flat.panel, Size(width: 0, height: 0))
            XCTAssertFalse(LogLine.qualify(flat).text.contains("panel"))
            XCTAssertEqual(try LogLine(json: LogLine.qualify(flat).text), .qualify(flat))
        }
    }

    /// wl_output.transform's values, 0 to 7, in the protocol's order; others are none.
    func testAnOutputsTransformIsWlOutputsValue() {
        XCTAssertEqual(LogOutput.Transform(wlOutput: 0), .normal)
        XCTAssertEqual(LogOutput.Transform(wlOutput: 1), .rotated90)
        XCTAssertEqual(LogOutput.Transform(wlOutput: 3), .rotated270)
        XCTAssertEqual(LogOutput.Transform(wlOutput: 4), .flipped)
        XCTAssertEqual(LogOutput.Transform(wlOutput: 7), .flipped270)
        XCTAssertEqual(LogOutput.Transform(wlOutput: 7)?.rawValue, "flipped-270")
        XCTAssertNil(LogOutput.Transform(wlOutput: 8))
        XCTAssertNil(LogOutput.Transform(wlOutput: -1))
    }

    func testTheCoreEventsAreAcceptedByTheSchema() throws {
        let lines = LogLineSamples.sessionEvents.map { LogLine($0, seat: nil).text }
        let result = try EventLogSchema.validate(["-"], input: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testAWarningKeepsTheAnomalysName() {
        for anomaly in AnomalyKind.allCases {
            XCTAssertEqual(LogWarningKind.anomaly(anomaly).rawValue, anomaly.rawValue)
            XCTAssertEqual(LogWarningKind(rawValue: anomaly.rawValue), .anomaly(anomaly))
        }
    }

    func testLinesOutsideTheContractAreErrors() {
        let malformed = [
            #"{"type":"explosion"}"#, #"{"name":"playground"}"#, #"["type","scene"]"#,
            #"{"type":"scene","name":"playground""#, #"{"type":"frame","time":1,"spots":"one","touches":[]}"#,
            #"{"type":"frame","time":1.5,"spots":0,"touches":[]}"#, #"{"type":"hit","id":1}"#,
            #"{"type":"warning","message":"odd","kind":"weird"}"#, #"{"type":"scene","name":"a"} x"#,
            #"{"type":"scene","name":"\ud800"}"#, #"{"type":"sync","count":01}"#,
            // A readout finger's id is a compositor's int; a near miss has its text.
            #"{"type":"readout","touches":1,"maxTouches":1,"framesPerSecond":60,"eventsPerFrame":1,"shapeSeen":false,"fingers":[{"id":99999999999,"x":1,"y":2,"dx":0,"dy":0,"velocity":null,"reportRate":null}]}"#,
            #"{"type":"nearmiss","misses":[]}"#,
            // Hit, delivery and frame ids are the compositor's Int32, as the core holds them.
            #"{"type":"hit","id":2147483648,"view":null,"visited":[]}"#,
            #"{"type":"responder","id":-2147483649,"phase":"began","chain":[],"handledBy":null}"#,
            #"{"type":"frame","time":1,"spots":0,"touches":[{"id":99999999999,"phase":"began","x":1,"y":2}]}"#,
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
            // A discarded commit leaves its presentation out, and may not hold a wrong one;
            // one that was presented gives it (null where not known).
            #"{"type":"presented","commit":1,"touchToCommitMs":2,"discarded":true,"touchToPresentMs":"x"}"#,
            #"{"type":"presented","commit":1,"touchToCommitMs":2,"refreshMs":16.7}"#,
        ]
        for line in malformed {
            XCTAssertThrowsError(try LogLine(json: line), line)
        }
    }

    /// A closed set's value the core's enum does not have is refused where the line is
    /// read, naming the key: no reader ever sees it as a string to compare.
    func testAClosedSetsUnknownValueIsRefusedByName() {
        let lines = [
            ("phase", #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"hovering","x":1,"y":2}]}"#),
            ("source", #"{"type":"frame","time":1,"spots":0,"touches":[{"id":1,"phase":"began","x":1,"y":2,"source":"stylus"}]}"#),
            ("state", #"{"type":"qualify","plan":"q","step":1,"of":1,"kind":"line","state":"lost","millimetresPerPixel":0.2,"verdicts":[]}"#),
            ("kind", #"{"type":"qualify","plan":"q","step":1,"of":1,"kind":"wave","state":"started","millimetresPerPixel":0.2,"verdicts":[]}"#),
            ("step", #"{"type":"teach","name":"v","step":"dance","examples":0,"needed":3}"#),
            ("state", #"{"type":"placard","x":1,"y":2,"text":"Hi","state":"flying"}"#),
            ("phase", #"{"type":"responder","id":1,"phase":"hover","chain":["A"],"handledBy":null}"#),
            ("source", #"{"type":"readout","touches":1,"maxTouches":1,"framesPerSecond":60,"eventsPerFrame":1,"shapeSeen":false,"fingers":[{"id":3,"x":1,"y":2,"dx":0,"dy":0,"velocity":null,"reportRate":null,"source":"laser"}]}"#),
            ("transform", #"{"type":"output","physicalWidth":0,"physicalHeight":0,"width":1,"height":1,"refreshMillihertz":60000,"transform":"rotated90","scale":1}"#),
            ("comparison", #"{"type":"qualify","plan":"q","step":1,"of":1,"kind":"line","state":"judged","millimetresPerPixel":0.2,"verdicts":[{"validator":"linearity","figure":1,"comparison":"<","threshold":2,"unit":"mm","passed":true,"detail":""}]}"#),
            ("validator", #"{"type":"qualify","plan":"q","step":1,"of":1,"kind":"line","state":"judged","millimetresPerPixel":0.2,"verdicts":[{"validator":"straightness","figure":1,"comparison":"<=","threshold":2,"unit":"mm","passed":true,"detail":""}]}"#),
            ("recognizer", #"{"type":"nearmiss","text":"lasso: no","misses":[{"recognizer":"lasso","reason":"no","value":0,"limit":0}]}"#),
            ("recognizer", #"{"type":"nearmiss","text":"template : no","misses":[{"recognizer":"template ","reason":"no","value":0,"limit":0}]}"#),
            ("slot", #"{"type":"label","text":"Hi","slot":"corner"}"#),
            ("name", #"{"type":"scene","name":"lobby"}"#),
        ]
        for (key, line) in lines {
            XCTAssertThrowsError(try LogLine(json: line), line) { error in
                XCTAssertTrue("\(error)".contains("'\(key)' has an unknown value"), "\(error)")
            }
        }
        // A hostile value is quoted cut, so the refusal stays one readable line.
        let long = String(repeating: "x", count: 500_000)
        XCTAssertThrowsError(try LogLine(json: #"{"type":"label","text":"","slot":"# + "\"\(long)\"}")) { error in
            XCTAssertLessThan("\(error)".count, 200, "the value is cut")
            XCTAssertTrue("\(error)".contains("'slot' has an unknown value 'xxx"), "\(error)")
        }
        XCTAssertEqual(try LogLine(json: #"{"type":"frame","time":1,"spots":0,"touches":[{"id":-10,"phase":"out","x":1,"y":2,"source":"eraser"}]}"#).frame?.entries.first?.phase,
                       .out, "a pen's phase is the core's PenHover.Phase")
    }

    func testTheReaderTakesWhatOtherWritersMayAdd() throws {
        let line = try LogLine(json: #" {"later":[1,{"a":null}],"type":"label","text":"\u00e9\ud83d\ude00\/","slot":"tap"} "#)
        XCTAssertEqual(line, .label(text: "é😀/", slot: .tap))
        // A discarded commit has no presentation: times another writer left on it are
        // checked, not kept, so the line reads back as it is written again.
        let discarded = try LogLine(json: #"{"type":"presented","commit":3,"touchToCommitMs":2,"discarded":true,"touchToPresentMs":9}"#)
        XCTAssertEqual(discarded, .presented(LogPresented(commit: 3, touchToCommitMs: 2, discarded: true)))
        XCTAssertEqual(try LogLine(json: discarded.bytes), discarded)
    }

    private static func randomFrame(_ random: inout SplitMix) -> TouchFrame {
        func coordinate() -> Double {
            [Double.random(in: -50...3000, using: &random), Double(Int.random(in: 0...2000, using: &random)),
             (Double.random(in: 0...2000, using: &random) * 256).rounded() / 256].randomElement(using: &random)!
        }
        var touches: [Touch] = []
        for index in 0..<Int.random(in: 1...10, using: &random) {
            var touch = Touch(id: Int32(index), finger: FingerID(index), phase: TouchPhase.allCases.randomElement(using: &random)!,
                              location: Point(x: coordinate(), y: coordinate()), time: 1)
            switch Int.random(in: 0...3, using: &random) {
            case 0: touch.source = .pointer
            case 1:
                touch.source = Bool.random(using: &random) ? .pen : .eraser
                touch.pen = PenState(pressure: Double.random(in: 0...1, using: &random),
                                     tiltX: Double.random(in: -60...60, using: &random),
                                     tiltY: Double.random(in: -60...60, using: &random),
                                     distance: Bool.random(using: &random) ? 0 : nil, buttons: [331, 332])
            case 2:
                touch.major = coordinate(); touch.minor = coordinate(); touch.orientation = Double.random(in: 0...180, using: &random)
            default: break
            }
            touches.append(touch)
        }
        var frame = TouchFrame(time: UInt32.random(in: 0...UInt32.max, using: &random), touches: touches, activeTouches: [])
        if Bool.random(using: &random) {
            frame.hovers = [PenHover(id: -12, source: .pen, phase: Bool.random(using: &random) ? .hover : .out,
                                     location: Point(x: coordinate(), y: coordinate()),
                                     state: PenState(pressure: nil, distance: Double.random(in: 0...1, using: &random)))]
        }
        return frame
    }
}
