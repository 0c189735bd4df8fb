import Foundation
import Glibc
@testable import TouchspotsClient
import XCTest

/// Where a qualify run without `--event-log` keeps its log (issue 61's hunt: two runs
/// started in one second wrote one file together).
final class DataFolderTests: XCTestCase {
    func testEachQualifyRunGetsANewFileOfItsOwn() throws {
        let root = NSTemporaryDirectory() + "touchspots-state-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", root, 1)
        defer { if let before { setenv("XDG_STATE_HOME", before, 1) } else { unsetenv("XDG_STATE_HOME") } }
        let paths = (0..<3).compactMap { _ in DataFolder.newQualifyLog(plan: "quick") }
        XCTAssertEqual(paths.count, 3)
        XCTAssertEqual(Set(paths).count, 3, "three runs, three files, in one second or not: \(paths)")
        for path in paths {
            XCTAssertTrue(path.hasPrefix("\(root)/touchspots/qualify-quick-") && path.hasSuffix(".jsonl"), path)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, 0, "made new and empty")
        }
    }
}
