import Foundation
import Glibc
import Harness
import ToolSupport
import XCTest

/// A command's run folders under `--out` (RunFolder): a run's own are replaced by the next
/// run, a folder of the user's of the same name stops the command before anything starts.
final class RunFolderTests: XCTestCase {
    private var out: String!

    override func setUpWithError() throws {
        out = NSTemporaryDirectory() + "touchspots-run-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: out)
    }

    func testARunsFolderIsReplacedAndNoOtherIs() throws {
        let folder = "\(out!)/soak"
        try RunFolder.fresh(folder)
        try "old run".write(toFile: "\(folder)/events.jsonl", atomically: false, encoding: .utf8)
        try RunFolder.fresh(folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/events.jsonl"), "the old run's log is gone")
        XCTAssertNoThrow(try RunFolder.checkReplaceable(["\(out!)/absent", folder]))
        let empty = "\(out!)/touchspots-1"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        XCTAssertNoThrow(try RunFolder.fresh(empty), "an empty folder is taken")

        let users = "\(out!)/allocations"
        try FileManager.default.createDirectory(atPath: users, withIntermediateDirectories: false)
        try "mine".write(toFile: "\(users)/notes.txt", atomically: false, encoding: .utf8)
        let file = "\(out!)/latency-10hz"
        try "a file of that name".write(toFile: file, atomically: false, encoding: .utf8)
        let link = "\(out!)/weston-simple-touch-1"
        XCTAssertEqual(symlink(folder, link), 0)
        for inTheWay in [users, file, link] {
            XCTAssertThrowsError(try RunFolder.fresh(inTheWay)) { error in
                XCTAssertTrue("\(error)".contains("\(inTheWay) is in the way"), "\(error)")
            }
        }
        XCTAssertEqual(try String(contentsOfFile: "\(users)/notes.txt", encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "a file of that name")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), folder)
    }

    /// Through the commands: told in one line with status 1 before any compositor starts,
    /// the user's files kept. The user's folder is the last one each command would write,
    /// so only a check made before the first run stops it in time: nothing but the user's
    /// file is under --out afterwards (no compositor's log, no report).
    func testTheCommandsStopAtAUsersFolder() throws {
        let harness = Products.buildDirectory + "/touchspots-harness"
        for (arguments, folder) in [(["bench", "--runs", "1", "--seconds", "1"], "allocations"),
                                    (["interop", "--compositors", "weston"], "weston/pen"),
                                    (["touch-to-pixel", "--probes", "1", "--rounds", "1"], "round-1/touchspots-moveWithStream"),
                                    (["soak", "--seconds", "10"], "soak")] {
            let out = "\(out!)/\(arguments[0])"
            let path = "\(out)/\(folder)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "mine".write(toFile: "\(path)/notes.txt", atomically: false, encoding: .utf8)
            let run = try ChildProcess.run([harness] + arguments + ["--out", out])
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.errors)")
            XCTAssertEqual(run.errors.filter { $0 == "\n" }.count, 1, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.contains("\(path) is in the way"), "\(arguments): \(run.errors)")
            let files = FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String }
                .filter { !folder.hasPrefix($0) } ?? []
            XCTAssertEqual(files, ["\(folder)/notes.txt"], "\(arguments): nothing ran before the refusal")
            XCTAssertEqual(try String(contentsOfFile: "\(path)/notes.txt", encoding: .utf8), "mine")
        }
    }

    /// A --out that cannot hold folders (a path through a file) is told as such, not as a
    /// folder in the way.
    func testAnOutThroughAFileIsToldAsSuch() throws {
        let file = "\(out!)/file"
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try RunFolder.checkReplaceable(["\(file)/soak"])) { error in
            XCTAssertTrue("\(error)".contains("cannot be used as a run's folder: Not a directory"), "\(error)")
        }
    }
}
