import Foundation
import Glibc
import TouchCore
@testable import TouchspotsClient
import XCTest

/// The taught strokes' folders: later folders win by name, a bad file is skipped and said.
final class StrokeFilesTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/touchspots-strokes-XXXXXX".utf8CString)
        root = String(cString: mkdtemp(&template)!)
        for folder in ["shipped", "user"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func stroke(_ points: [(Double, Double)]) -> String {
        "# touchspots stroke 1\nexample " + points.map { "\($0.0),\($0.1)" }.joined(separator: " ") + "\n"
    }

    private var line: String { stroke((0...20).map { (Double($0) * 5, 0) }) }
    private var corner: String { stroke((0...10).map { (Double($0) * 5, 0) } + (1...10).map { (50, Double($0) * 5) }) }

    func testAUsersStrokeWinsOverTheShippedOneOfItsName() throws {
        try line.write(toFile: "\(root)/shipped/dash.stroke", atomically: false, encoding: .utf8)
        try corner.write(toFile: "\(root)/shipped/corner.stroke", atomically: false, encoding: .utf8)
        try corner.write(toFile: "\(root)/user/dash.stroke", atomically: false, encoding: .utf8)
        try "not a stroke".write(toFile: "\(root)/user/notes.txt", atomically: false, encoding: .utf8)
        let loaded = StrokeFiles.load(from: ["\(root)/shipped", "\(root)/user", "\(root)/not-there"])
        XCTAssertEqual(loaded.templates.map(\.name), ["corner", "dash"])
        XCTAssertEqual(loaded.paths["dash"], "\(root)/user/dash.stroke")
        XCTAssertEqual(loaded.problems, [])
    }

    func testABrokenFileIsSkippedAndSaid() throws {
        try line.write(toFile: "\(root)/user/dash.stroke", atomically: false, encoding: .utf8)
        try "# touchspots stroke 1\nexample 1,2 3\n".write(toFile: "\(root)/user/broken.stroke", atomically: false, encoding: .utf8)
        let loaded = StrokeFiles.load(from: ["\(root)/user"])
        XCTAssertEqual(loaded.templates.map(\.name), ["dash"])
        XCTAssertEqual(loaded.problems.count, 1)
        XCTAssertTrue(loaded.problems[0].hasPrefix("skipped the stroke file \(root)/user/broken.stroke: "), "\(loaded.problems)")
    }

    func testNoMoreThanTheMatchedCountAreRead() throws {
        let limit = StrokeTemplates.maximumCount
        for n in 0..<(limit + 3) {
            try line.write(toFile: "\(root)/user/s\(String(format: "%03d", n)).stroke", atomically: false, encoding: .utf8)
        }
        let loaded = StrokeFiles.load(from: ["\(root)/user"])
        XCTAssertEqual(loaded.templates.count, limit)
        XCTAssertEqual(loaded.problems, ["skipped 3 stroke files from 's\(String(format: "%03d", limit))' on: at most \(limit) strokes are matched"])
    }
}
