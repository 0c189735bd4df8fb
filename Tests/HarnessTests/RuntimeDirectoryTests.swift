import Foundation
import Glibc
@testable import Harness
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
        XCTAssertTrue(exists(droppedPath))
        dropped = nil
        XCTAssertFalse(exists(droppedPath), "a runtime directory goes with its owner")
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

    /// A compositor run as nobody gets a folder inside the harness's directory, never the
    /// directory itself; and what nobody leaves in its folder (a link to a file of root's,
    /// a link where a folder was) is unlinked, never followed.
    func testACompositorOfAnotherUserGetsAFolderInsideAndItsLinksAreNotFollowed() throws {
        try XCTSkipUnless(geteuid() == 0, "giving a folder to nobody takes root")
        let precious = try folder("precious", files: ["secret": "keep"])
        let runtime = try RuntimeDirectory(prefix: "touchspots-wlr-", in: parent, runAs: RuntimeDirectory.nobody)
        XCTAssertEqual(runtime.runtimePath, runtime.path + "/run")
        try "output".write(toFile: runtime.runtimePath + "/sway.conf", atomically: false, encoding: .utf8)
        try runtime.handOver()
        var info = stat()
        XCTAssertEqual(lstat(runtime.path, &info), 0)
        XCTAssertEqual(info.st_uid, 0, "the harness keeps its directory")
        XCTAssertEqual(info.st_mode & 0o777, 0o711, "others may pass through to their folder, not list or write")
        for owned in [runtime.runtimePath, runtime.runtimePath + "/sway.conf"] {
            XCTAssertEqual(lstat(owned, &info), 0)
            XCTAssertEqual(info.st_uid, RuntimeDirectory.nobody.uid, "\(owned) is the compositor's")
        }
        // What a compositor gone bad could leave: links out of its folder.
        XCTAssertEqual(symlink(precious, runtime.runtimePath + "/folder-link"), 0)
        XCTAssertEqual(symlink(precious + "/secret", runtime.runtimePath + "/file-link"), 0)
        try FileManager.default.createDirectory(atPath: runtime.runtimePath + "/deep/er", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(precious, runtime.runtimePath + "/deep/er/up"), 0)
        // The compositor's user can work in its folder and cannot list or write the harness's.
        func asNobody(_ command: String) -> Int32 {
            Process.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/sh", "-c", command])
        }
        XCTAssertEqual(asNobody("touch '\(runtime.runtimePath)/socket'"), 0, "nobody writes in its folder")
        XCTAssertNotEqual(asNobody("ls '\(runtime.path)'"), 0, "nobody cannot list the harness's directory")
        XCTAssertNotEqual(asNobody("touch '\(runtime.path)/planted'"), 0, "nobody cannot write in it")
        // A tree deeper than a walk goes, made by the compositor's user.
        XCTAssertEqual(asNobody("cd '\(runtime.runtimePath)' && for i in $(seq 100); do mkdir d && cd d || exit 1; done"), 0)
        let path = runtime.path
        runtime.remove()
        XCTAssertFalse(exists(path), "removed whole, the 100-level tree too")
        XCTAssertEqual(try String(contentsOfFile: precious + "/secret", encoding: .utf8), "keep")
    }

    /// A screenshot the compositor's user wrote is taken only as a regular file of theirs
    /// with one link: a link or a hard link to a file of root's is refused, not copied out.
    func testAScreenshotIsTakenOnlyAsTheCompositorsOwnFile() throws {
        try XCTSkipUnless(geteuid() == 0, "a folder of nobody's takes root")
        let runtime = try RuntimeDirectory(prefix: "touchspots-wlr-", in: parent, runAs: RuntimeDirectory.nobody)
        try runtime.handOver()
        let secret = try folder("secret", files: ["key": "root's"]) + "/key"
        let shot = runtime.runtimePath + "/screenshot.png"
        XCTAssertEqual(symlink(secret, shot), 0)
        XCTAssertThrowsError(try ControlChannel.take(shot, writtenIn: runtime.runtimePath))
        unlink(shot)
        XCTAssertEqual(link(secret, shot), 0)
        XCTAssertThrowsError(try ControlChannel.take(shot, writtenIn: runtime.runtimePath))
        unlink(shot)
        try "png".write(toFile: shot, atomically: false, encoding: .utf8)
        XCTAssertEqual(chown(shot, RuntimeDirectory.nobody.uid, RuntimeDirectory.nobody.gid), 0)
        XCTAssertEqual(try ControlChannel.take(shot, writtenIn: runtime.runtimePath), Data("png".utf8))
        XCTAssertFalse(exists(shot), "taken, it is gone")
        XCTAssertEqual(try String(contentsOfFile: secret, encoding: .utf8), "root's")
    }

    /// What cannot be removed keeps the lock, so the next sweep tries again (the lock went
    /// first, and a directory left half-removed was never swept again).
    func testADirectoryThatCannotBeEmptiedKeepsItsLock() throws {
        try XCTSkipUnless(geteuid() == 0, "an immutable file takes root")
        let directory = try folder("touchspots-wlr-Stuck1", files: ["harness.lock": "", "stuck": ""])
        guard Process.run("/usr/bin/chattr", ["+i", "\(directory)/stuck"]) == 0 else {
            throw XCTSkip("this file system has no immutable files (chattr +i)")
        }
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [])
        XCTAssertTrue(exists("\(directory)/harness.lock"), "the lock stays while something is left")
        XCTAssertEqual(Process.run("/usr/bin/chattr", ["-i", "\(directory)/stuck"]), 0)
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [directory], "the next sweep takes it")
        XCTAssertFalse(exists(directory))
    }

    /// Directories whose contents someone else could change are never swept, whatever
    /// lock they hold: one of another user's, one others may write in, one whose lock is a
    /// second link to a file elsewhere.
    func testOnlyDirectoriesNoOneElseCanChangeAreSwept() throws {
        try XCTSkipUnless(geteuid() == 0, "making a directory of nobody's takes root")
        let nobody = RuntimeDirectory.nobody
        let othersDirectory = try folder("touchspots-wlr-Nobody", files: ["harness.lock": ""])
        XCTAssertEqual(chown(othersDirectory, nobody.uid, nobody.gid), 0)
        let writable = try folder("touchspots-wlr-Open01", files: ["harness.lock": ""])
        XCTAssertEqual(chmod(writable, 0o777), 0)
        let linked = try folder("touchspots-wlr-Linked", files: ["data": "keep"])
        let elsewhere = try folder("elsewhere", files: ["lock": ""])
        XCTAssertEqual(link(elsewhere + "/lock", linked + "/harness.lock"), 0)
        XCTAssertEqual(RuntimeDirectory.removeAbandoned(in: parent), [])
        for kept in [othersDirectory, writable, linked, elsewhere + "/lock"] {
            XCTAssertTrue(exists(kept), "\(kept) is kept")
        }
    }
}

private extension Process {
    /// Runs `path` with `arguments`, its output discarded; its status (-1 if it cannot run).
    static func run(_ path: String, _ arguments: [String]) -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: path)
        child.arguments = arguments
        child.standardError = FileHandle.nullDevice
        child.standardOutput = FileHandle.nullDevice
        guard (try? child.run()) != nil else { return -1 }
        child.waitUntilExit()
        return child.terminationStatus
    }
}
