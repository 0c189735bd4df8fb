import EventLogFormat
import Foundation
@testable import LibinputRecord
import QualifyReport
import TouchCore
import TouchRobot
import XCTest

/// Recordings shaped as kernels make them (docs/replay.md, "Kernel semantics"), written by
/// hand event by event: a slot keeps its values across touches, unchanged values are not
/// resent, the slot selected stays selected, a recording may begin mid-touch, SYN_DROPPED,
/// axes of their own resolution, protocol A, evemu-record's text, several devices.
final class KernelRecordingTests: XCTestCase {
    typealias Event = [Int]

    /// A `libinput record` file of `devices` (each a device's YAML block).
    static func file(_ devices: [String]) -> String {
        "version: 1\nndevices: \(devices.count)\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\nsystem:\n  os: \"debian:12\"\n  kernel: \"6.1.0\"\n  dmi: \"dmi:test\"\ndevices:\n"
            + devices.joined()
    }

    /// One device: its absinfo (code: [min, max, fuzz, flat, resolution]), properties,
    /// udev properties and events, a report a list (the SYN_REPORT included).
    static func device(name: String = "Test Touchscreen", node: String = "/dev/input/event7",
                       absinfo: [Int: [Int]] = [47: [0, 9, 0, 0, 0], 53: [0, 4095, 0, 0, 16], 54: [0, 2559, 0, 0, 16],
                                                57: [0, 65535, 0, 0, 0]],
                       properties: [Int] = [1], udev: [String] = ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"],
                       reports: [[Event]]) -> String {
        var out = "- node: \(node)\n  evdev:\n    # Name: \(name)\n    name: \"\(name)\"\n    id: [3, 1267, 8464, 256]\n"
        out += "    codes:\n      0: [0, 1, 2] # EV_SYN\n      3: [\(absinfo.keys.sorted().map(String.init).joined(separator: ", "))] # EV_ABS\n"
        out += "    absinfo:\n" + absinfo.keys.sorted().map { "      \($0): [\(absinfo[$0]!.map(String.init).joined(separator: ", "))]\n" }.joined()
        out += "    properties: [\(properties.map(String.init).joined(separator: ", "))]\n  hid: [0x05, 0x0d]\n  udev:\n    properties:\n"
        out += udev.map { "    - \($0)\n" }.joined() + "  quirks: []\n  events:\n"
        for report in reports {
            out += "  - evdev:\n" + report.map { "    - [\($0.map(String.init).joined(separator: ", "))] # a comment\n" }.joined()
            out += "  - libinput:\n    - {time: 0.0, type: \"TOUCH_FRAME\"}\n"
        }
        return out
    }

    /// The events of a report at `ms` milliseconds: `body` as (type, code, value), then SYN_REPORT.
    static func report(_ ms: Int, _ body: [(Int, Int, Int)]) -> [Event] {
        (body + [(0, 0, 0)]).map { [ms / 1000, (ms % 1000) * 1000, $0.0, $0.1, $0.2] }
    }

    static func touches(_ record: LibinputRecord) -> [String] {
        record.reports.flatMap { r in r.touches.map { "\(r.microseconds / 1000) \($0.slot) \($0.phase) \($0.x) \($0.y)" } }
    }

    static func read(_ text: String, device: String? = nil) throws -> LibinputRecord {
        try LibinputRecord(contents: text, source: "test.yaml", device: device)
    }

    /// A new touch in a slot reuses the slot's last X when only Y is sent (the old reader
    /// put it at x = 0); the slot selected stays selected across reports.
    func testASlotKeepsItsValuesAndItsSelection() throws {
        let record = try Self.read(Self.file([Self.device(reports: [
            Self.report(0, [(3, 57, 1), (3, 53, 100), (3, 54, 200), (3, 47, 1), (3, 57, 2), (3, 53, 900), (3, 54, 950)]),
            Self.report(10, [(3, 53, 910)]),  // slot 1, still selected
            Self.report(20, [(3, 47, 0), (3, 57, -1)]),
            Self.report(30, [(3, 57, 3), (3, 54, 300)]),  // slot 0 again: X not resent
            Self.report(40, [(3, 57, -1), (3, 47, 1), (3, 57, -1)]),
        ])]))
        XCTAssertEqual(Self.touches(record), [
            "0 0 began 100 200", "0 1 began 900 950", "10 1 moved 910 950", "20 0 ended 100 200",
            "30 0 began 100 300", "40 0 ended 100 300", "40 1 ended 910 950",
        ])
        XCTAssertFalse(record.protocolA)
    }

    /// A recording that begins while a finger is down: its positions begin it (once both
    /// are known); a new tracking id in a slot still down ends the old touch.
    func testARecordingThatBeginsMidTouch() throws {
        let record = try Self.read(Self.file([Self.device(reports: [
            Self.report(0, [(3, 53, 30), (3, 54, 40), (3, 47, 1), (3, 53, 5)]),
            Self.report(10, [(3, 53, 6), (3, 47, 0), (3, 53, 31)]),  // slot 1's y still unknown
            Self.report(20, [(3, 47, 1), (3, 54, 7)]),
            Self.report(30, [(3, 47, 0), (3, 57, 9), (3, 53, 60)]),  // a new touch replaces the unknown one
            Self.report(40, [(3, 57, -1), (3, 47, 1), (3, 57, -1)]),
        ])]))
        XCTAssertEqual(Self.touches(record), [
            "0 0 began 30 40", "10 0 moved 31 40", "20 1 began 6 7", "30 0 ended 31 40", "30 0 began 60 40",
            "40 0 ended 60 40", "40 1 ended 6 7",
        ])
    }

    /// After SYN_DROPPED, events up to and including the next SYN_REPORT are discarded;
    /// touches still down at the end are lifted at the last report.
    func testSynDroppedAndTouchesLeftDown() throws {
        let record = try Self.read(Self.file([Self.device(reports: [
            Self.report(0, [(3, 57, 1), (3, 53, 10), (3, 54, 10)]),
            Self.report(10, [(3, 53, 11), (0, 3, 0), (3, 53, 500), (3, 54, 500)]),
            Self.report(20, [(3, 53, 20)]),
        ])]))
        XCTAssertEqual(Self.touches(record), ["0 0 began 10 10", "20 0 moved 20 10", "20 0 ended 20 10"])
        XCTAssertEqual(record.droppedEvents, 1)
    }

    /// Each axis has its own resolution: a panel of 12 units a mm across and 10 down is
    /// 100 x 68 mm, and the judge plays it as tall as its y axis says.
    func testAxesOfTheirOwnResolution() throws {
        let record = try Self.read(Self.file([Self.device(absinfo: [47: [0, 9, 0, 0, 0], 53: [0, 1200, 0, 0, 12], 54: [0, 680, 0, 0, 10]],
                                                          reports: [Self.report(0, [(3, 57, 1), (3, 53, 0), (3, 54, 680)])])]))
        XCTAssertEqual(record.x.millimetres, 100)
        XCTAssertEqual(record.y.millimetres, 68)
        let judge = RecordingJudge(plan: try QualifyRobot.shippedPlan("quick"), screen: Size(width: 1200, height: 680))
        let geometry = try judge.geometry(record)
        XCTAssertEqual(geometry.scale, 100.0 / 1200, accuracy: 1e-12)
        XCTAssertEqual(geometry.screen.height * geometry.scale, 68, accuracy: 1e-9, "68 mm tall, not 680 units at x's 12 a mm (56.7)")
        XCTAssertEqual(try RecordingJudge(plan: judge.plan, screen: Size(width: 1000, height: 680)).geometry(record).screen.height, 680,
                       "a screen of the panel's proportions is played as given")
    }

    /// Protocol A: contacts between SYN_MT_REPORTs, no slots; tracked by nearest neighbour
    /// whatever order the panel lists them in; none listed means none down.
    func testProtocolA() throws {
        let absinfo = [53: [0, 4095, 0, 0, 16], 54: [0, 2559, 0, 0, 16]]
        let record = try Self.read(Self.file([Self.device(absinfo: absinfo, reports: [
            Self.report(0, [(3, 53, 100), (3, 54, 100), (0, 2, 0), (3, 53, 1000), (3, 54, 1000), (0, 2, 0)]),
            Self.report(10, [(3, 53, 1010), (3, 54, 1000), (0, 2, 0), (3, 53, 110), (3, 54, 100), (0, 2, 0)]),
            Self.report(20, [(3, 53, 1020), (3, 54, 1000), (0, 2, 0)]),
            Self.report(30, [(0, 2, 0)]),
        ])]))
        XCTAssertTrue(record.protocolA)
        XCTAssertEqual(Self.touches(record), [
            "0 0 began 100 100", "0 1 began 1000 1000", "10 0 moved 110 100", "10 1 moved 1010 1000",
            "20 0 ended 110 100", "20 1 moved 1020 1000", "30 1 ended 1020 1000",
        ])
    }

    /// evemu-record's text reads through the same slot model.
    func testEvemuRecord() throws {
        let text = """
            # EVEMU 1.3
            # Kernel: 6.1.0
            # Input device name: "Atmel maXTouch Touchscreen"
            N: Atmel maXTouch Touchscreen
            I: 0018 03eb 8a03 0100
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            A: 2f 0 9 0 0 0
            A: 35 0 4095 0 0 16
            A: 36 0 2559 0 0 16
            A: 39 0 65535 0 0 0
            ################################
            #      Waiting for events      #
            ################################
            E: 0.000001 0003 0039 0001\t# EV_ABS / ABS_MT_TRACKING_ID   1
            E: 0.000001 0003 0035 0100\t# EV_ABS / ABS_MT_POSITION_X    100
            E: 0.000001 0003 0036 0200
            E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 0.010001 0003 0039 -001
            E: 0.010001 0000 0000 0000
            E: 0.020001 0003 0039 0002
            E: 0.020001 0003 0036 0300
            E: 0.020001 0000 0000 0000
            E: 0.030001 0003 0039 -001
            E: 0.030001 0000 0000 0000

            """
        let record = try Self.read(text)
        XCTAssertEqual(record.format, "evemu-record")
        XCTAssertEqual(record.deviceName, "Atmel maXTouch Touchscreen")
        XCTAssertEqual(record.device.kind, .touchscreen)
        XCTAssertEqual(Self.touches(record), ["0 0 began 100 200", "10 0 ended 100 200", "20 0 began 100 300", "30 0 ended 100 300"])
    }

    /// `libinput record --all` with the touchpad first: the touchscreen is taken; the
    /// touchpad only when named; a file with no touchscreen is refused in one line naming
    /// every device.
    func testTheTouchscreenAmongSeveralDevices() throws {
        let touches = [Self.report(0, [(3, 57, 1), (3, 53, 10), (3, 54, 20)]), Self.report(10, [(3, 57, -1)])]
        let pad = Self.device(name: "SynPS/2 Touchpad", node: "/dev/input/event5", properties: [0, 2],
                              udev: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"], reports: touches)
        let keyboard = Self.device(name: "AT Keyboard", node: "/dev/input/event3", absinfo: [:], properties: [], udev: ["ID_INPUT_KEY=1"],
                                   reports: [Self.report(0, [(1, 30, 1)])])
        let screen = Self.device(reports: touches)
        let both = try Self.read(Self.file([pad, screen]))
        XCTAssertEqual(both.devices.map(\.kind), [.touchpad, .touchscreen])
        XCTAssertEqual(both.deviceName, "Test Touchscreen")
        XCTAssertEqual(try Self.read(Self.file([pad, screen]), device: "SynPS/2 Touchpad").device.kind, .touchpad)
        XCTAssertEqual(try Self.read(Self.file([pad, screen]), device: "/dev/input/event5").deviceName, "SynPS/2 Touchpad")
        XCTAssertThrowsError(try Self.read(Self.file([keyboard, pad]))) { error in
            let said = "\(error)"
            XCTAssertFalse(said.contains("\n"))
            XCTAssertTrue(said.contains("\"AT Keyboard\" (no multi-touch, /dev/input/event3)"), said)
            XCTAssertTrue(said.contains("\"SynPS/2 Touchpad\" (touchpad, /dev/input/event5)"), said)
            XCTAssertTrue(said.contains("--device"), said)
        }
        XCTAssertThrowsError(try Self.read(Self.file([pad, screen]), device: "nothing")) { error in
            XCTAssertTrue("\(error)".contains("no device \"nothing\""), "\(error)")
        }
    }

    /// Hostile files get one line naming the file and its line, never their text.
    func testHostileRecordings() throws {
        func refusal(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertThrowsError(try Self.read(text), file: file, line: line) { error in
                let said = "\(error)"
                XCTAssertTrue(said.contains(expected), said, file: file, line: line)
                XCTAssertFalse(said.contains("\n"), file: file, line: line)
                XCTAssertLessThan(said.utf8.count, 400, file: file, line: line)
            }
        }
        let max = Int64.max
        // Each time refused in the words of its fault (issue 61: 9223372036854 s was told
        // it must be "at or above 0").
        refusal(Self.file([Self.device(reports: [[[Int(max), 0, 3, 57, 1]]])]), "time is out of range: 9223372036854775807 s is past the 9223372036854 s")
        refusal(Self.file([Self.device(reports: [[[9_223_372_036_855, 0, 3, 57, 1]]])]), "9223372036855 s is past the 9223372036854 s")
        refusal(Self.file([Self.device(reports: [[[-1, 0, 3, 57, 1]]])]), "test.yaml:")
        refusal(Self.file([Self.device(reports: [[[-1, 0, 3, 57, 1]]])]), "-1 s is before 0")
        refusal(Self.file([Self.device(reports: [[[0, 1_000_000, 3, 57, 1]]])]), "1000000 microseconds is not 0 to 999999")
        // Issue 61's hunt: any "key: value" first line was read as YAML to the file's end
        // (a 300 MB headerless evemu stream for 29 s); libinput record begins with version.
        refusal("system: 1\ndevices: []\n", "which begins with 'version:'")
        XCTAssertThrowsError(try Self.read("E: 0.000001 0003 0039 0001\nE: 0.000001 0000 0000 0000\n")) {
            XCTAssertFalse("\($0)".contains("YAML"), "read as evemu's text: \($0)")
        }
        // A report earlier than the one before it (issue 61: played, it skipped every step).
        refusal(Self.file([Self.device(reports: [[[5, 0, 3, 57, 1], [5, 0, 3, 53, 10], [5, 0, 3, 54, 10], [5, 0, 0, 0, 0]],
                                                 [[4, 999_999, 3, 53, 20], [4, 999_999, 0, 0, 0]]])]),
                "the recording's time goes backwards: a report at 4.999999 s after one at 5.000000 s")
        refusal(Self.file([Self.device(reports: [[[0, 0, 3, 47, 1 << 40]]])]), "ABS_MT_SLOT")
        refusal(Self.file([Self.device(reports: [])]) + "  - evdev:\n    - [0, 0, 3, 57, 99999999999999999999]\n", "an evdev event is not [sec, usec")
        // A billion laughs: anchors and aliases are never expanded.
        var bomb = "version: 1\ndevices: &a [\"lol\",\"lol\"]\n"
        for i in 0..<30 { bomb += "b\(i): &b\(i) [*\(i == 0 ? "a" : "b\(i - 1)"), *\(i == 0 ? "a" : "b\(i - 1)")]\n" }
        let started = Date()
        refusal(bomb, "no devices list")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        refusal(Self.file([Self.device(reports: [])]).replacingOccurrences(of: "name: \"Test Touchscreen\"", with: "name: *alias"), "alias")
        refusal("version: 1\n" + String(repeating: "x", count: 3 << 20) + "\n", ":2: a line longer than 1 MiB")
        refusal("{\"type\":\"ready\"}\n", "test.yaml:1: not a recording")
        refusal("# EVEMU 1.3\nN: x\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0\nE: 99999999999999999999.000000 0003 0035 1\n", ":5: an event is not")
        // Fields glued together or too long are refused, not read as the next field.
        refusal("# EVEMU 1.3\nN: x\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0\nE: 0.000001 000000003 0035 1\n", ":5: an event is not")
        refusal("# EVEMU 1.3\nN: x\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0\nE: 0.000001 0003 0035 12abc\n", ":5: an event is not")
        // The widest absinfo reads; its arithmetic is in Double.
        let wide = try Self.read(Self.file([Self.device(absinfo: [47: [0, 9, 0, 0, 0], 53: [-9223372036854775807, 9223372036854775807, 0, 0, 1],
                                                                  54: [0, 2559, 0, 0, 16]],
                                                        reports: [Self.report(0, [(3, 57, 1), (3, 53, 9223372036854775807), (3, 54, 5)])])]))
        XCTAssertEqual(wide.x.fraction(wide.reports[0].touches[0].x), 1)
        XCTAssertTrue(wide.x.millimetres!.isFinite)
        // A range one unit wide in Int64 but none in Double is refused (it put touches at NaN).
        refusal(Self.file([Self.device(absinfo: [47: [0, 9, 0, 0, 0], 53: [1 << 62, (1 << 62) + 1, 0, 0, 1], 54: [0, 2559, 0, 0, 16]],
                                       reports: [Self.report(0, [(3, 57, 1), (3, 53, 1 << 62), (3, 54, 5)])])]),
                "test.yaml:21: absinfo 53: the maximum is not above the minimum")
        // Refused, not a crash (the harness's replay reads through this reader).
        let overflow = NSTemporaryDirectory() + "touchspots-overflow-\(getpid()).yaml"
        try Self.file([Self.device(reports: [[[Int(max), 999_999, 3, 57, 1]]])]).write(toFile: overflow, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: overflow) }
        XCTAssertThrowsError(try LibinputRecord(path: overflow)) {
            XCTAssertTrue("\($0)".contains("time is out of range"), "\($0)")
        }
        // Not a regular file: a FIFO would never end.
        let fifo = NSTemporaryDirectory() + "touchspots-fifo-\(getpid())"
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertThrowsError(try LibinputRecord(path: fifo)) { XCTAssertTrue("\($0)".contains("not a regular file"), "\($0)") }
    }

    /// Random devices and events over the whole Int64 range, and the weston run's recording
    /// with lines dropped, doubled, cut and bent (seeded; issue 39's hunt, the reader's
    /// part): every file reads or is refused in one line, and what reads is consistent (a
    /// slot's touch begins before it moves or ends, and every touch is lifted by the end).
    func testRandomAndBentRecordingsReadOrAreRefused() throws {
        var random = SplitMix(seed: 37)
        func any() -> Int {
            switch random.next() % 6 {
            case 0: return Int(bitPattern: UInt(random.next()))
            case 1: return [Int.max, Int.min, Int.min + 1, -1, 0, 1_000_000][Int(random.next() % 6)]
            default: return Int(random.next() % 5000) - 100
            }
        }
        var outcomes = (read: 0, refused: 0)
        func check(_ text: String) {
            do {
                let record = try Self.read(text)
                outcomes.read += 1
                var down = Set<Int>()
                for report in record.reports {
                    for touch in report.touches {
                        switch touch.phase {
                        case .began: XCTAssertTrue(down.insert(touch.slot).inserted, "a second began in slot \(touch.slot)")
                        case .moved: XCTAssertTrue(down.contains(touch.slot), "a move of slot \(touch.slot), not down")
                        default: XCTAssertNotNil(down.remove(touch.slot), "an end of slot \(touch.slot), not down")
                        }
                    }
                }
                XCTAssertTrue(down.isEmpty, "every touch lifted by the end")
            } catch let error as LibinputRecordError {
                outcomes.refused += 1
                XCTAssertFalse(error.description.contains("\n"))
            } catch {
                XCTFail("not a LibinputRecordError: \(error)")
            }
        }
        for _ in 0..<150 {
            let codes = [0, 2, 3, 47, 53, 54, 57]
            var absinfo: [Int: [Int]] = [53: [any(), any(), 0, 0, any()], 54: [any(), any(), 0, 0, any()]]
            if random.next() % 2 == 0 { absinfo[47] = [0, any(), 0, 0, 0] }
            let reports = (0..<Int(random.next() % 30)).map { _ in
                (0..<Int(random.next() % 8)).map { _ -> Event in
                    let type = random.next() % 4 == 0 ? 0 : 3
                    return [Int(random.next() % 3), Int(random.next() % 1_000_000), type, codes[Int(random.next() % 7)], any()]
                } + (random.next() % 5 == 0 ? [] : [[0, 0, 0, 0, 0]])
            }
            check(Self.file([Self.device(absinfo: absinfo, reports: reports)]))
        }
        let lines = try String(contentsOfFile: RecordingJudgeTests.yaml, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(400).map(String.init)
        for _ in 0..<150 {
            var bent = lines
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = Int(random.next() % UInt64(bent.count))
                switch random.next() % 5 {
                case 0: bent.remove(at: at)
                case 1: bent.insert(bent[at], at: at)
                case 2: bent[at] = String(bent[at].prefix(Int(random.next() % UInt64(bent[at].count + 1))))
                case 3: bent[at] = bent[at].replacingOccurrences(of: "1", with: String(any()))
                default: bent[at] = "  " + bent[at]
                }
            }
            check(bent.joined(separator: "\n"))
        }
        XCTAssertGreaterThan(outcomes.read, 50)
        XCTAssertGreaterThan(outcomes.refused, 50)
        print("random and bent recordings: \(outcomes.read) read, \(outcomes.refused) refused")
    }

    /// A file's own limits on what it makes the judge hold (the review's hunt): 200,000
    /// devices took 3.7 GB and wrote a 9.6 MB line; 476,000 one-event reports (20 MB)
    /// took 560 MB, so 512 MiB of them would pass 10 GB. Both are refused in one line at
    /// the line that passes the limit.
    func testDevicesAndTouchReportsAreBounded() throws {
        func refused(_ text: String, source: String = "test.yaml", _ expected: String) {
            XCTAssertThrowsError(try LibinputRecord(contents: text, source: source)) { error in
                let said = "\(error)"
                XCTAssertTrue(said.contains(expected), said)
                XCTAssertFalse(said.contains("\n"))
                XCTAssertLessThan(said.utf8.count, 1000)
            }
        }
        let pad = Self.device(name: "Pad", properties: [0], udev: ["ID_INPUT_TOUCHPAD=1"],
                              reports: [Self.report(0, [(3, 57, 1), (3, 53, 5), (3, 54, 5)])])
        let many = Self.file(Array(repeating: pad, count: 300))
        let firstOver = many.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasPrefix("- node:") }[256].offset + 1
        refused(many, "test.yaml:\(firstOver): more than 256 devices")
        // Within the limit, a message names a few of them, not all.
        refused(Self.file(Array(repeating: pad, count: 40)), "\"Pad\" (touchpad, /dev/input/event7) and 32 more")
        // A name is the file's text: a long one is cut, a control character not written.
        let long = Self.device(name: String(repeating: "n", count: 5000) + "\u{1B}[2J", properties: [0], udev: [],
                               reports: [Self.report(0, [(3, 57, 1), (3, 53, 5), (3, 54, 5)])])
        refused(Self.file([long]), "nnn...\" (touchpad")
        XCTAssertThrowsError(try LibinputRecord(contents: Self.file([long]), source: "t", device: "x")) {
            XCTAssertFalse("\($0)".contains("\u{1B}"))
        }
        // A short one is shown whole, its escape named as every tool names it.
        let escaped = Self.device(name: "Pad\u{1B}[2J", properties: [0], udev: [],
                                  reports: [Self.report(0, [(3, 57, 1), (3, 53, 5), (3, 54, 5)])])
        XCTAssertThrowsError(try LibinputRecord(contents: Self.file([escaped]), source: "t", device: "x")) {
            XCTAssertFalse("\($0)".contains("\u{1B}"))
            XCTAssertTrue("\($0)".contains("Pad\\u{1B}[2J"), "\($0)")
        }

        var dense = "# EVEMU 1.3\nN: Dense\nP: 02 00 00 00 00 00 00 00\nA: 2f 0 9 0 0 0\nA: 35 0 4095 0 0 16\nA: 36 0 2559 0 0 16\n"
        dense += "E: 0.000000 0003 0036 5\n"
        dense += String(repeating: "E: 0.001000 0003 0035 7\nE: 0.001000 0000 0000 0000\n", count: 500_001)
        refused(dense, source: "dense.evemu", "dense.evemu:1000009: more than 500000 touch reports")
    }

    /// A report costs the slots that changed, not all 256 (10 million empty reports of a
    /// 256-slot panel took 107 s of CPU before, 19 s after, debug build).
    func testAnEmptyReportCostsNoSlots() throws {
        var model = SlotModel(protocolA: false, slotCount: 256)
        try model.event(time: 0, type: 3, code: 53, value: 10)
        try model.event(time: 0, type: 3, code: 54, value: 10)
        let started = Date()
        for n in 0..<1_000_000 { try model.event(time: Int64(n), type: 0, code: 0, value: 0) }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThan(seconds, 2, "1,000,000 empty reports: \(seconds) s")
        XCTAssertEqual(model.finish().flatMap(\.touches).map(\.phase), [.began, .ended])
    }
}
