import Foundation
import Glibc
import QualifyReport
import ToolSupport
import XCTest

/// `touchspots-report` as a hostile user runs it (issue 39): full disks, FIFOs, device and
/// linked outputs, outputs that are inputs, scripts in names, figures at the ends of
/// Double's range, plans bent out of shape. Each case is one line on standard error with
/// status 64 (arguments) or 1 (files), nothing written, nothing replaced; each test failed
/// on the tree before the fixes.
final class HostileReportToolTests: XCTestCase {
    var directory: String!
    let log = OfflineJudgeTests.fixture("qualify-quick-weston.jsonl")
    let mirrored = OfflineJudgeTests.fixture("qualify-quick-weston-mirrored.jsonl")
    let recording = OfflineJudgeTests.fixture("qualify-quick-weston.yaml")

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "touchspots-hostile-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The tool through a shell (for redirections), at most 60 s: a hang fails the test
    /// with status 124 instead of hanging the suite.
    func shell(_ command: String) throws -> (status: Int32, output: String, errors: String) {
        try ChildProcess.run(["/bin/sh", "-c", "exec timeout 60 \(command)"])
    }

    func report(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try shell(([Products.report] + arguments).map(quoted).joined(separator: " "))
    }

    func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// One line on standard error, the status expected.
    func assertTold(_ result: (status: Int32, output: String, errors: String), status: Int32, _ told: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, status, result.errors, file: file, line: line)
        XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, "one line: \(result.errors)", file: file, line: line)
        XCTAssertTrue(result.errors.hasPrefix("touchspots-report: "), result.errors, file: file, line: line)
        XCTAssertTrue(result.errors.contains(told), "'\(told)' in: \(result.errors)", file: file, line: line)
    }

    // Case 1: standard output on a full disk.
    func testAFullStandardOutputIsAnErrorNotACrash() throws {
        for flag in ["--json", "--html", "--junit"] {
            let result = try shell("\(Products.report) judge \(quoted(log)) \(flag) - > /dev/full")
            assertTold(result, status: 1, "cannot write standard output: No space left on device")
        }
        let a = "\(directory!)/a.json"
        XCTAssertEqual(try report(["judge", log, "--json", a]).status, 0)
        assertTold(try shell("\(Products.report) compare \(quoted(a)) \(quoted(a)) > /dev/full"), status: 1, "No space left on device")
    }

    // Case 6: FIFOs as inputs are refused, not waited on.
    func testFIFOsAreRefusedNotWaitedOn() throws {
        let fifo = "\(directory!)/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        assertTold(try report(["judge", fifo, "--json", "-"]), status: 1, "\(fifo): not a regular file")
        assertTold(try report(["compare", fifo, log]), status: 1, "\(fifo): not a regular file")
        assertTold(try report(["recording", recording, "--plan", fifo, "--screen", "1280x800", "--json", "-"]), status: 64,
                   "\(fifo): not a regular file")
        assertTold(try report(["recording", fifo, "--plan", OfflineJudgeTests.fixture("../../data/plans/quick.json"),
                               "--screen", "1280x800", "--json", "-"]), status: 1,
                   "\(fifo): not a regular file")
        assertTold(try report(["judge", "/dev/zero", "--json", "-"]), status: 1, "not a regular file")
    }

    // Case 10: outputs are written where they are, never replaced when they are not ours.
    func testDevicesFIFOsAndLinksAreWrittenInPlace() throws {
        // A symbolic link stays one, its target gets the report.
        let target = "\(directory!)/target.json", link = "\(directory!)/link.json"
        FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        XCTAssertEqual(try report(["judge", log, "--json", link]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{"))

        // A FIFO with a reader gets the report through it, and stays a FIFO.
        let fifo = "\(directory!)/out.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = try shell("sh -c 'cat \(quoted(fifo)) > \(quoted(directory + "/read.json")) & sleep 0.2; \(Products.report) judge \(quoted(log)) --json \(quoted(fifo)); status=$?; wait; exit $status'")
        XCTAssertEqual(reader.status, 0, reader.errors)
        XCTAssertTrue(try String(contentsOfFile: "\(directory!)/read.json", encoding: .utf8).hasPrefix("{"))
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        assertTold(try report(["judge", log, "--json", fifo]), status: 1, "a FIFO that nothing reads")

        // A device node (a /dev/null of our own, where we may make one: as root).
        let device = "\(directory!)/null"
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
            XCTAssertEqual(try report(["judge", log, "--json", device, "--html", "\(directory!)/r.html"]).status, 0)
            XCTAssertEqual(lstat(device, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still a device, not a regular file renamed over it")
        }
    }

    func testAReadOnlyReportIsNotReplaced() throws {
        let path = "\(directory!)/kept.json"
        FileManager.default.createFile(atPath: path, contents: Data("kept".utf8), attributes: [.posixPermissions: 0o444])
        assertTold(try report(["judge", log, "--json", path]), status: 1, "read-only")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "kept")
    }

    /// A private report stays private when it is written again (the new file was 0644).
    func testAReportWrittenAgainKeepsItsPermissions() throws {
        let path = "\(directory!)/private.json"
        FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600])
        XCTAssertEqual(try report(["judge", log, "--json", path]).status, 0)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("\"qualified\""), "the new report")
    }

    func testAnOutputThatIsAnInputOrAnotherOutputIsAUsageError() throws {
        let copy = "\(directory!)/run.jsonl"
        try FileManager.default.copyItem(atPath: log, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        assertTold(try report(["judge", copy, "--json", copy]), status: 64, "would overwrite an input")
        let link = "\(directory!)/run-link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: copy)
        assertTold(try report(["judge", copy, "--html", link]), status: 64, "is the input")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before, "the log untouched")
        assertTold(try report(["judge", copy, "--json", "\(directory!)/x", "--html", "\(directory!)/x"]), status: 64,
                   "both write to")
        assertTold(try report(["judge", copy, "--json", "-", "--junit", "-"]), status: 64, "standard output")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory!)/x"))
        // Two names of one file not yet written; the log read from standard input, named
        // as an output by its own name or by /dev/stdin (it was replaced by its report).
        assertTold(try report(["judge", copy, "--json", "\(directory!)/y.json", "--html", "\(directory!)/./y.json"]),
                   status: 64, "both write to")
        for output in [copy, "/dev/stdin"] {
            assertTold(try shell("\(Products.report) judge - --json \(quoted(output)) < \(quoted(copy))"), status: 64,
                       "standard input")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before, "the log untouched")
    }

    /// `--json /dev/stdout` writes to standard output as the shell opened it: a file
    /// redirected to with `>>` is appended to, not replaced (it was, by a rename).
    func testStandardOutputByNameIsWrittenAsTheShellOpenedIt() throws {
        let kept = "\(directory!)/app.log"
        try "keep me\n".write(toFile: kept, atomically: true, encoding: .utf8)
        for name in ["/dev/stdout", "/proc/self/fd/1"] {
            let result = try shell("\(Products.report) judge \(quoted(log)) --json \(name) >> \(quoted(kept))")
            XCTAssertEqual(result.status, 0, result.errors)
        }
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("keep me\n{"), String(text.prefix(40)))
        XCTAssertEqual(text.components(separatedBy: "\"qualified\"").count - 1, 2, "both reports appended")
        assertTold(try shell("\(Products.report) judge \(quoted(log)) --json - --html /dev/stdout > \(quoted(kept))"),
                   status: 64, "both write to standard output")
        // A pipe: /dev/stdout is a link to pipe:[N], which no real path names.
        let piped = try shell("\(Products.report) judge \(quoted(log)) --json /dev/stdout | head -c 1")
        XCTAssertEqual(piped.output, "{", piped.errors)
        let both = try shell("\(Products.report) judge \(quoted(log)) --json - --html /dev/stdout | cat")
        XCTAssertTrue(both.errors.contains("both write to standard output"), both.errors)
        XCTAssertEqual(both.output, "", "nothing written")
    }

    /// All or none: an output that fails leaves the others unwritten.
    func testOutputsAreAllOrNone() throws {
        let html = "\(directory!)/r.html"
        assertTold(try report(["judge", log, "--html", html, "--json", "/dev/full"]), status: 1, "No space left on device")
        XCTAssertFalse(FileManager.default.fileExists(atPath: html), "nothing written when one output fails")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory!), [], "no temporary file left")
    }

    // Case 11: no script in the page, whatever the names.
    func testNamesCannotPutAScriptInThePage() throws {
        let hostile = #"x"><script>alert(1)</script><x y="' onload='alert(2)"#
        let lines = try String(contentsOfFile: log, encoding: .utf8)
            .replacingOccurrences(of: #""plan":"quick""#, with: #""plan":"\#(hostile.replacingOccurrences(of: "\"", with: "\\\""))""#)
        let path = "\(directory!)/named.jsonl", html = "\(directory!)/named.html"
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        let made = try report(["judge", path, "--html", html, "--compositor", hostile])
        XCTAssertEqual(made.status, 0, made.errors)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.contains("alert(1)"), "the name is in the page, as text")
        XCTAssertEqual(HTMLScan.scripts(in: page), [], "no script element, no event-handler attribute")
    }

    // Case 12: a last qualify line of no steps does not make a run qualified.
    func testNoStepsIsNotQualified() throws {
        var text = try String(contentsOfFile: mirrored, encoding: .utf8)
        let last = text.split(separator: "\n").last { $0.contains(#""type":"qualify""#) }!
        text += last.replacingOccurrences(of: #""of":8"#, with: #""of":0"#) + "\n"
        let path = "\(directory!)/none.jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try report(["judge", path, "--json", "-", "--fail-unless-qualified"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertFalse(result.errors.contains("qualified"), result.errors)
        assertTold(result, status: 1, "no usable scale or step count")
    }

    // Case 13: figures near Double's end are written, or nothing is.
    func testHugeFiguresAreWrittenAsJSON() throws {
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.append(#"{"type":"presented","commit":3,"touchToCommitMs":1e306,"touchToPresentMs":1.5e306,"refreshMs":16.667,"waitedForFrame":true,"inputToReadMs":-1e306}"#)
        lines = lines.map { line in
            line.contains(#""type":"frame""#) ? line.replacingOccurrences(of: #""x":"#, with: #""x":1e308,"was":"#) : line
        }
        let path = "\(directory!)/huge.jsonl", json = "\(directory!)/huge.json", html = "\(directory!)/huge.html"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try report(["judge", path, "--html", html, "--json", json])
        XCTAssertEqual(result.status, 0, result.errors)
        let report = try QualifyReport(json: try Data(contentsOf: URL(fileURLWithPath: json)), source: json)
        XCTAssertEqual(report.latency.touchToCommit?.count, 1 + (try XCTUnwrap(OfflineJudgeTests.report("qualify-quick-weston.jsonl").latency.touchToCommit?.count)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: html))
    }

    // Cases 15 and 16: messages in one line, statuses as the README promises.
    func testMessagesAreOneLineWithTheirStatus() throws {
        assertTold(try report(["judge", log, "--html"]), status: 64, "--html")
        assertTold(try report(["judge", log, "--json", "-", "--frobnicate"]), status: 64, "--frobnicate")
        assertTold(try report(["compare", "only-one.json"]), status: 64, "b")
        assertTold(try report(["judge", log, "--html", directory!]), status: 1, "a directory")
        assertTold(try report(["recording", recording, "--plan", "quick", "--screen", "99x800", "--json", "-"]), status: 64, "--screen")
        assertTold(try report(["recording", recording, "--plan", "quick", "--screen", "1e9x800", "--json", "-"]), status: 64, "--screen")
        let plans: [(String, String)] = [
            (#"{"steps":[{"kind":"pinch"}]}"#, "no 'name'"),
            (#"{"name":"x","steps":[{"at":[0.5,0.5]}]}"#, "step 1: no 'kind'"),
            (#"{"name":"x","steps":[{"kind":"pinch"},{"kind":"taps","at":[0.5,0.5],"count":20.5}]}"#, "step 2 (taps): 'count' must be a whole number"),
            (#"{"name":"x","steps":[{"kind":"line","from":"a"}]}"#, "step 1 (line): 'from' must be [x, y]"),
            (String(repeating: " ", count: 70_000), "larger than 64 KiB"),
            // A number no Double holds was told "must be a string".
            (#"{"name":"x","steps":[{"kind":"pinch"}],"thresholds":{"range":"# + String(repeating: "9", count: 60_000) + "}}",
             "thresholds, range: must be a number above 0 and at most 1000"),
            (#"{"name":"x","steps":[{"kind":"pinch"}],"thresholds":{"range":1e999}}"#, "must be a number above 0 and at most 1000"),
        ]
        for (index, (text, told)) in plans.enumerated() {
            let plan = "\(directory!)/plan\(index).json"
            try text.write(toFile: plan, atomically: true, encoding: .utf8)
            assertTold(try report(["recording", recording, "--plan", plan, "--screen", "1280x800", "--json", "-"]), status: 64, told)
        }
        let report = "\(directory!)/r.json"
        try #"{"format":"touchspots-qualify-report","version":1}"#.write(toFile: report, atomically: true, encoding: .utf8)
        assertTold(try self.report(["compare", report, report]), status: 1, "no key 'plan'")
        assertTold(try self.report(["compare", "-", "-"]), status: 64, "cannot both be '-'")
        // A 100 KB argument is cut in the message (it was echoed whole).
        let long = try self.report(["compare", String(repeating: "x", count: 100_000) + ".json", report])
        assertTold(long, status: 1, "xxx...")
        XCTAssertLessThan(long.errors.count, 2_100)
        // A number no Double holds was told "must be a number", without the range.
        let plan = "\(directory!)/huge-seconds.json"
        try #"{"name":"x","steps":[{"kind":"hold","at":[0.5,0.5],"seconds":1e999}]}"#.write(toFile: plan, atomically: true, encoding: .utf8)
        assertTold(try self.report(["recording", recording, "--plan", plan, "--screen", "1280x800", "--json", "-"]), status: 64,
                   "'seconds' must be a number from 0.5 to 60")
    }

    /// A recording from standard input, as the log may be (it was "cannot read -: no such
    /// file"): the same report as from the file.
    func testARecordingIsReadFromStandardInput() throws {
        let fromFile = try report(["recording", recording, "--plan", "quick", "--screen", "1280x800", "--json", "-"])
        let fromInput = try shell("\(quoted(Products.report)) recording - --plan quick --screen 1280x800 --json - < \(quoted(recording))")
        XCTAssertEqual(fromInput.status, 0, fromInput.errors)
        XCTAssertEqual(fromFile.status, 0, fromFile.errors)
        // The same report but its source and the second it was made (`madeBy.date`).
        func same(_ text: String) -> String {
            text.replacingOccurrences(of: #""date":"[0-9T:-]+Z""#, with: "", options: .regularExpression)
        }
        XCTAssertEqual(same(fromInput.output.replacingOccurrences(of: "\"source\":\"-\"", with: "")),
                       same(fromFile.output.replacingOccurrences(of: "\"source\":\"\(recording.replacingOccurrences(of: "/", with: "\\/"))\"", with: "")))
        XCTAssertTrue(fromInput.output.contains("\"verdicts\""))
    }

    /// A report's samples are [seconds, x mm, y mm] (`[]` was taken: 22 million of them
    /// cost 1.1 GB), and a report holds at most `largestValueCount` JSON values, counted
    /// before decoding (a 64 MiB report of minimal samples took 1.76 GB to read, 3.5 GB to
    /// compare).
    func testAReportsSamplesAndSizeAreCheckedBeforeTheyCostMemory() throws {
        let good = "\(directory!)/good.json"
        XCTAssertEqual(try report(["judge", log, "--json", good]).status, 0)
        let text = try String(contentsOfFile: good, encoding: .utf8)
        let sample = try XCTUnwrap(text.range(of: #"\[\[\[[^\]]*\]"#, options: .regularExpression))
        let emptied = "\(directory!)/empty-sample.json"
        try text.replacingCharacters(in: sample, with: "[[[]").write(toFile: emptied, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try QualifyReport(json: Data(contentsOf: URL(fileURLWithPath: emptied)), source: "emptied")) {
            XCTAssertTrue("\($0)".contains("has a sample that is not [seconds, x mm, y mm]"), "\($0)")
        }
        let crowded = "\(directory!)/crowded.json"
        let filler = String(repeating: "[0,0,0],", count: QualifyReport.largestValueCount / 4 + 1)
        try text.replacingCharacters(in: sample, with: "[[" + filler + "[0,0,0]").write(toFile: crowded, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try QualifyReport(json: Data(contentsOf: URL(fileURLWithPath: crowded)), source: "crowded")) {
            XCTAssertTrue("\($0)".contains("over \(QualifyReport.largestValueCount) JSON values"), "\($0)")
        }
        // `compare` reads no contact (issue 61): neither costs it memory, and the verdicts,
        // which are all it reads, are the same.
        for other in [emptied, crowded] {
            let measured = try shell("/usr/bin/time -f '%M' \(quoted(Products.report)) compare \(quoted(good)) \(quoted(other))")
            XCTAssertEqual(measured.status, 0, measured.errors)
            XCTAssertTrue(measured.output.contains("No verdict differs"), measured.output)
            let kilobytes = Int(measured.errors.split(separator: "\n").last.map(String.init) ?? "") ?? .max
            XCTAssertLessThan(kilobytes, 100 << 10, "contacts never decoded: peak \(kilobytes) KiB")
        }
    }

    /// A line is at most 1 MiB wherever it falls in the reads: one begun in a read and
    /// ended in the next was taken whole, up to 2 MiB (a line of 1.5 MiB was judged).
    func testALineOverAMiBIsRefusedAcrossReads() throws {
        let path = "\(directory!)/long.jsonl"
        let long = #"{"type":"sync","count":1"# + String(repeating: " ", count: 3 << 19) + "}\n"
        try (long + String(contentsOfFile: log, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        assertTold(try report(["judge", path, "--json", "\(directory!)/long.json"]), status: 1, ":1: a line longer than 1 MiB")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory!)/long.json"), "nothing written")
    }

    /// Memory follows what the report keeps, not the log's size: 16 MB of blank lines and
    /// of sync lines each take about what a small log takes (the tool kept every line: 4.4
    /// GiB for 250 MB of blank lines, 3.2 GiB of sync lines; here, a debug build, 49 and 26
    /// MiB where the run alone takes 25).
    func testMemoryIsBoundedWhateverTheLogsSize() throws {
        let valid = try String(contentsOfFile: log, encoding: .utf8)
        for (name, filler) in [("blank", "\n"), ("sync", #"{"type":"sync","count":1}"# + "\n")] {
            let path = "\(directory!)/\(name).jsonl"
            let handle = try XCTUnwrap({ FileManager.default.createFile(atPath: path, contents: Data(valid.utf8)); return FileHandle(forWritingAtPath: path) }())
            handle.seekToEndOfFile()
            let block = Data(String(repeating: filler, count: (1 << 20) / filler.utf8.count).utf8)
            for _ in 0..<16 { handle.write(block) }
            handle.closeFile()
            // A file of the test's own: never the system's /dev/null (a tool that replaced its
            // output by a rename once replaced it, as root).
            let measured = try shell("/usr/bin/time -f '%M' \(Products.report) judge \(quoted(path)) --json \(quoted("\(directory!)/\(name).json"))")
            XCTAssertEqual(measured.status, 0, measured.errors)
            let kilobytes = Int(measured.errors.split(separator: "\n").last.map(String.init) ?? "") ?? .max
            XCTAssertLessThan(kilobytes, 100 << 10, "\(name): peak \(kilobytes) KiB for a 16 MB log")
        }
    }
}

/// The parts of an HTML page that run code: `<script>` elements and `on...` attributes,
/// found by a scan of its tags that honours quoted attribute values.
enum HTMLScan {
    static func scripts(in page: String) -> [String] {
        var found: [String] = []
        let bytes = Array(page.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            var j = i + 1
            var name = ""
            while j < bytes.count, bytes[j] != UInt8(ascii: " "), bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "/") || name.isEmpty {
                name.append(Character(UnicodeScalar(bytes[j]))); j += 1
            }
            if name.lowercased() == "script" { found.append("<script>") }
            // Attributes up to the tag's end, quoted values skipped whole.
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                if bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "/") { j += 1; continue }
                var attribute = ""
                while j < bytes.count, ![UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: ">")].contains(bytes[j]) {
                    attribute.append(Character(UnicodeScalar(bytes[j]))); j += 1
                }
                if attribute.lowercased().hasPrefix("on") { found.append(attribute) }
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                    j += 1
                    if j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
                        let quote = bytes[j]
                        j += 1
                        while j < bytes.count, bytes[j] != quote { j += 1 }
                        j += 1
                    } else {
                        while j < bytes.count, bytes[j] != UInt8(ascii: " "), bytes[j] != UInt8(ascii: ">") { j += 1 }
                    }
                }
            }
            i = j + 1
        }
        return found
    }
}
