import Foundation
import Glibc
import Harness
import XCTest

/// Compositors' runtime directories: a harness's own abandoned ones go when the next is
/// made; nothing else does (RuntimeDirectory). The real case, a harness killed mid-run on
/// each compositor, is in HarnessLifetimeEndToEndTests.
final class RuntimeDirectoryTests: XCTestCase {
    private var parent: String!

    override func setUpWithError() throws {
        parent = NSTemporaryDirectory() + "touchspots-runtime-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: parent)
    }

    private func folder(_ name: String, files: [String: String] = [:]) throws -> String {
        let path = "\(parent!)/\(name)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (file, text) in files { try text.write(toFile: "\(path)/\(file)", atomically: false, encoding: .utf8) }
        return path
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    func testAbandonedDirectoriesGoAndNothingElse() throws {
        // A harness still running: its directory is locked.
        let live = try RuntimeDirectory(prefix: "touchspots-wlr-", in: parent)
        // Left by a harness that died: the lock file is there, nobody holds it.
        let abandoned = try folder("touchspots-kwin-AbCdEf", files: ["harness.lock": "", "bus": ""])
        let abandonedWeston = try folder("touchspots-XyZ123", files: ["harness.lock": ""])
        // The user's: no lock file, a lock file's name as a folder, a link to an abandoned-looking folder,
        // a name that is not ours.
        let users = try folder("touchspots-notes", files: ["todo.txt": "keep me"])
        let folderNamedLikeTheLock = try folder("touchspots-odd")
        try FileManager.default.createDirectory(atPath: "\(folderNamedLikeTheLock)/harness.lock", withIntermediateDirectories: false)
        let target = try folder("elsewhere", files: ["harness.lock": "", "data": "keep"])
        let link = "\(parent!)/touchspots-linked"
        XCTAssertEqual(symlink(target, link), 0)
        let notOurs = try folder("weston-AbCdEf", files: ["harness.lock": ""])

        let next = try RuntimeDirectory(prefix: "touchspots-", in: parent)
        XCTAssertTrue(next.path.hasPrefix("\(parent!)/touchspots-"))
        XCTAssertFalse(exists(abandoned), "an abandoned directory is removed when the next is made")
        XCTAssertFalse(exists(abandonedWeston), "an abandoned directory is removed when the next is made")
        for kept in [users, folderNamedLikeTheLock, target, link, notOurs, live.path, next.path] {
            XCTAssertTrue(exists(kept), "\(kept) is kept")
        }
        XCTAssertEqual(try String(contentsOfFile: "\(users)/todo.txt", encoding: .utf8), "keep me")
        XCTAssertEqual(try String(contentsOfFile: "\(target)/data", encoding: .utf8), "keep")
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [], "two live harnesses' directories stay")

        // Stopped, a directory goes at once; dropped without a stop, it goes too.
        let path = live.path
        live.remove()
        live.remove()
        XCTAssertFalse(exists(path))
        var dropped: RuntimeDirectory? = try RuntimeDirectory(prefix: "touchspots-", in: parent)
        let droppedPath = dropped!.path
        dropped = nil
        XCTAssertNil(dropped)
        XCTAssertFalse(exists(droppedPath))
        XCTAssertTrue(exists(next.path))
    }

    /// The lock is the process's, not the directory's: once the process that made it is
    /// gone (killed: no cleanup ran), the next sweep takes it.
    func testADeadHarnesssDirectoryIsSwept() throws {
        // A child takes the lock the way RuntimeDirectory does and is killed while holding it.
        let directory = try folder("touchspots-wlr-Dead01")
        let script = "exec 9>\(directory)/harness.lock && flock -n 9 && echo locked && exec sleep 60"
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", script]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let said = output.fileHandleForReading.availableData
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "locked\n")
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [], "its harness still runs")
        XCTAssertTrue(exists(directory))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [directory])
        XCTAssertFalse(exists(directory))
    }
}
