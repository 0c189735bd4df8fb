import Foundation
import Glibc
import QualifyReport
import ToolSupport
import XCTest

/// `touchspots-report` given what the second hostile round found (issue 61): interrupted
/// writes, long names, device scales and times that cannot be judged, byte-order marks,
/// repeated keys and control bytes, and compare's memory. Each test failed on the tree
/// before its fix.
extension HostileReportToolTests {
    // Issue 61: interrupted while a FIFO's reader is slow, the tool once left
    // `out.json.PID.tmp` beside the untouched `out.json`.
    func testAnInterruptedRunLeavesNoTemporaryFile() throws {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let fifo = "\(directory!)/slow-\(number).fifo"
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            // A reader that opens the FIFO and reads nothing: the page (269 KB, over a pipe's
            // 64 KiB) blocks the tool once the JSON waits in its temporary file.
            let reader = try ChildProcess(name: "reader", arguments: ["/bin/sh", "-c", "exec 3<\(quoted(fifo)); exec sleep 60"],
                                          logPath: "\(directory!)/reader.log")
            defer { _ = try? reader.stop(timeout: 2) }
            let tool = try ChildProcess(name: "report", arguments: [Products.report, "judge", log, "--json", "\(directory!)/out.json",
                                                                    "--html", fifo], logPath: "\(directory!)/report.log")
            func temporaries() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".tmp") }
            }
            let deadline = Date().addingTimeInterval(20)
            while temporaries().isEmpty && !tool.hasExited && Date() < deadline {
                usleep(10_000)  // no sync exists for another process's file
            }
            XCTAssertEqual(temporaries().count, 1, "the JSON waits in its temporary file: \(tool.logTail())")
            XCTAssertTrue(temporaries().allSatisfy { $0.hasPrefix(".touchspots-report-") && $0.utf8.count < 64 }, "\(temporaries())")
            tool.signal(number)
            XCTAssertEqual(tool.wait(timeout: 10), 128 + number, "ended by the signal")
            XCTAssertEqual(temporaries(), [], "signal \(number)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory!)/out.json"))
        }
    }

    // Issue 61: an output name of 255 bytes, which the file system takes, was refused ("File
    // name too long") for the suffix the temporary name added to it.
    func testAnOutputNameOfTheLongestLengthIsWritten() throws {
        let name = String(repeating: "r", count: 250) + ".json"
        XCTAssertEqual(name.utf8.count, 255)
        let result = try report(["judge", log, "--json", "\(directory!)/\(name)"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(directory!)/\(name)"))
    }

    /// The robot's recording of the quick plan with `change` applied to its text, written
    /// into the test's folder.
    func recording(_ name: String, _ change: (String) -> String) throws -> String {
        let path = "\(directory!)/\(name).yaml"
        try change(try String(contentsOfFile: recording, encoding: .utf8)).write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    var plan: String { OfflineJudgeTests.fixture("../../data/plans/quick.json") }

    // Issue 61: an axis claiming 10^18 units a mm was judged at 5.6e-14 mm a pixel, and passed.
    func testADevicesScaleIsHeldToTheOptionsLimits() throws {
        let dense = try recording("dense") {
            $0.replacingOccurrences(of: "53: [0, 71106560, 0, 0, 327680]", with: "53: [0, 71106560, 0, 0, 1000000000000000000]")
        }
        assertTold(try report(["recording", dense, "--plan", plan, "--screen", "1280x800", "--json", "-"]), status: 1,
                   "the recording's x axis says 1000000000000000000 units a mm over 71106560 units")
        assertTold(try report(["recording", dense, "--plan", plan, "--screen", "1280x800", "--json", "-"]), status: 1,
                   "outside 0.01 or above and below 10: give --millimetres-per-pixel")
        // The option takes over, within the same limits.
        let given = try report(["recording", dense, "--plan", plan, "--screen", "1280x800", "--millimetres-per-pixel", "0.1695",
                                "--json", "\(directory!)/given.json"])
        XCTAssertEqual(given.status, 0, given.errors)
        assertTold(try report(["recording", dense, "--plan", plan, "--screen", "1280x800", "--millimetres-per-pixel", "0.001",
                               "--json", "-"]), status: 64, "--millimetres-per-pixel must be 0.01 or above and below 10")
    }

    // Issue 61: a recording whose times are all 0 (or run backwards) gave "0 of 0 checks
    // passed" and status 0; now each says why and exits 1, and so does one that judged no step.
    func testARecordingThatCannotBeJudgedSaysWhy() throws {
        let event = try NSRegularExpression(pattern: #"- \[(\d+), (\d+), (\d+), (\d+), (-?\d+)\]"#)
        let zero = try recording("zero") { text in
            event.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "- [0, 0, $3, $4, $5]")
        }
        assertTold(try report(["recording", zero, "--plan", plan, "--screen", "1280x800", "--json", "-"]), status: 1,
                   "touch reports are all at one time (0.000000 s): nothing in it can be timed")
        // Ten taps on Next (534.67, 752 of 1280 x 800, where the run showed it), 1.5 s apart,
        // told as Next taps (`--steps next`): every step skipped. (Found from the touches,
        // ten taps in one place are the taps step's, judged short of its twenty.)
        let skips = try recording("skips") { text in
            var out = String(text[..<text.range(of: "  events:\n")!.upperBound])
            let x = Int(534.67 / 1280 * 71_106_560), y = Int(752.0 / 800 * 44_441_600)
            var time = 5_000_000
            func at(_ t: Int) -> String { "\(t / 1_000_000), \(t % 1_000_000)" }
            for tap in 0..<10 {
                out += "  - evdev:\n    - [\(at(time)), 3, 47, 0]\n    - [\(at(time)), 3, 57, \(tap)]\n"
                    + "    - [\(at(time)), 3, 53, \(x)]\n    - [\(at(time)), 3, 54, \(y)]\n    - [\(at(time)), 0, 0, 0]\n"
                time += 80_000
                out += "  - evdev:\n    - [\(at(time)), 3, 57, -1]\n    - [\(at(time)), 0, 0, 0]\n"
                time += 1_500_000
            }
            return out
        }
        assertTold(try report(["recording", skips, "--plan", plan, "--screen", "1280x800", "--steps", "next", "--json", "-"]), status: 1,
                   "no step of the plan was judged from the recording's 10 touch(es): 8 skipped, 0 not reached")
    }

    // Issue 61: a log or recording saved with a UTF-8 byte-order mark was refused at byte
    // 0; a plan with a key given twice was read with the last; raw control bytes of
    // --compositor reached the page's title and heading.
    func testByteOrderMarksRepeatedKeysAndControlBytes() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let markedLog = "\(directory!)/marked.jsonl", markedRecording = "\(directory!)/marked.yaml"
        try (bom + Data(contentsOf: URL(fileURLWithPath: log))).write(to: URL(fileURLWithPath: markedLog))
        try (bom + Data(contentsOf: URL(fileURLWithPath: recording))).write(to: URL(fileURLWithPath: markedRecording))
        let judged = try report(["judge", markedLog, "--json", "\(directory!)/marked.json"])
        XCTAssertEqual(judged.status, 0, judged.errors)
        let played = try report(["recording", markedRecording, "--plan", plan, "--screen", "1280x800", "--json", "\(directory!)/played.json"])
        XCTAssertEqual(played.status, 0, played.errors)

        let twice = "\(directory!)/twice.json"
        try String(contentsOfFile: plan, encoding: .utf8).replacingOccurrences(of: #""name":"#, with: #""name": "first", "name":"#)
            .write(toFile: twice, atomically: false, encoding: .utf8)
        assertTold(try report(["recording", recording, "--plan", twice, "--screen", "1280x800", "--json", "-"]), status: 64,
                   #"the key "name" appears twice"#)

        let page = "\(directory!)/page.html"
        XCTAssertEqual(try report(["judge", log, "--html", page, "--compositor", "sway\u{10}\u{1B}[31m"]).status, 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertFalse(html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "no raw control bytes in the page")
        XCTAssertTrue(html.contains(#"sway\u{10}\u{1B}[31m"#), "shown escaped")
    }

    // Issue 61: compare of a 21 MB report took 549 MB, every contact decoded only to be
    // dropped. Its contacts now never reach memory.
    func testCompareOfALargeReportStaysSmall() throws {
        let base = "\(directory!)/base.json"
        XCTAssertEqual(try report(["judge", log, "--json", base]).status, 0)
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base))) as? [String: Any])
        var steps = try XCTUnwrap(json["steps"] as? [[String: Any]])
        for index in steps.indices { steps[index]["contacts"] = "CONTACTS" }
        json["steps"] = steps
        // Each step about 2.7 MB of contacts: 700 contacts of 200 reports.
        let contact = "[" + (0..<200).map { "[\(Double($0) / 100),123.45,67.89]" }.joined(separator: ",") + "]"
        let contacts = "[" + Array(repeating: contact, count: 700).joined(separator: ",") + "]"
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
            .replacingOccurrences(of: "\"CONTACTS\"", with: contacts)
        let large = "\(directory!)/large.json"
        try text.write(toFile: large, atomically: false, encoding: .utf8)
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: large)[.size] as? Int)
        XCTAssertGreaterThan(bytes, 20 << 20, "a report of over 20 MiB")
        let measured = try shell("/usr/bin/time -f '%M' \(Products.report) compare \(quoted(large)) \(quoted(large))")
        XCTAssertEqual(measured.status, 0, measured.errors)
        XCTAssertTrue(measured.output.contains("No verdict differs"), measured.output)
        let kilobytes = Int(measured.errors.split(separator: "\n").last.map(String.init) ?? "") ?? .max
        XCTAssertLessThan(kilobytes, 150 << 10, "peak \(kilobytes) KiB comparing two \(bytes >> 20) MiB reports")
    }
}
