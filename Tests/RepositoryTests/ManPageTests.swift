import Foundation
import Harness
import ToolSupport
import XCTest

/// The manual pages checked in under data/man/ are what scripts/generate-man-pages writes
/// from the tools as built (their --experimental-dump-help), their hand-written fragments,
/// data/changelog and the script itself: a changed option, help text or fragment without
/// the pages written again fails here, and so does a hand edit of a page. Each page's
/// header holds the SHA-256 of its inputs and of its body, so that this test needs neither
/// generate-manual nor a second build.
final class ManPageTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    private static let tools = ["touchspots", "touchspots-harness", "touchspots-report"]

    private func sha256(_ data: Data) throws -> String {
        let file = NSTemporaryDirectory() + "touchspots-man-\(getpid())-\(UUID().uuidString)"
        try data.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try ChildProcess.run(["sha256sum", file])
        XCTAssertEqual(run.status, 0, run.errors)
        return String(run.output.prefix { $0 != " " })
    }

    /// The value of the header line `.\" NAME sha256 HEX`.
    private func recorded(_ name: String, in page: String) -> String? {
        page.split(separator: "\n").prefix(4).first { $0.hasPrefix(#".\" \#(name) sha256 "#) }
            .map { String($0.split(separator: " ").last!) }
    }

    func testTheCheckedInPagesAreFresh() throws {
        let changelog = try Data(contentsOf: URL(fileURLWithPath: "\(root)/data/changelog"))
        let script = try Data(contentsOf: URL(fileURLWithPath: "\(root)/scripts/generate-man-pages"))
        for tool in Self.tools {
            let page = try String(contentsOfFile: "\(root)/data/man/\(tool).1", encoding: .utf8)
            let fragment = try Data(contentsOf: URL(fileURLWithPath: "\(root)/data/man/\(tool).1.extra"))
            let dump = try ChildProcess.run(["\(Products.buildDirectory)/\(tool)", "--experimental-dump-help"])
            XCTAssertEqual(dump.status, 0, dump.errors)
            let inputs = try sha256(Data(dump.output.utf8) + fragment + changelog + script)
            XCTAssertEqual(recorded("inputs", in: page), inputs,
                           "data/man/\(tool).1 was not written from the tool's help and fragment as they are: run scripts/generate-man-pages")
            let body = page.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4).joined(separator: "\n")
            XCTAssertEqual(recorded("body", in: page), try sha256(Data(body.utf8)),
                           "data/man/\(tool).1 was edited by hand: change its inputs and run scripts/generate-man-pages")
            XCTAssertTrue(body.hasSuffix(String(decoding: fragment, as: UTF8.self)), "\(tool): the page ends with its fragment")
            XCTAssertTrue(body.contains(".Nm \(tool)"), "\(tool): the page names its tool")
            // A page made again must be the same page: nothing of the day or the machine in it.
            XCTAssertFalse(page.contains(".build") || page.contains(root), "\(tool): no build path in the page")
        }
    }

    /// The fingerprint sees a change of one character in a tool's help.
    func testAChangedHelpTextIsSeen() throws {
        let page = try String(contentsOfFile: "\(root)/data/man/touchspots-report.1", encoding: .utf8)
        let dump = try ChildProcess.run(["\(Products.buildDirectory)/touchspots-report", "--experimental-dump-help"])
        let changed = dump.output.replacingOccurrences(of: "Judge a touchspots", with: "Judge one touchspots")
        XCTAssertNotEqual(changed, dump.output)
        let rest = try ["data/man/touchspots-report.1.extra", "data/changelog", "scripts/generate-man-pages"]
            .map { try Data(contentsOf: URL(fileURLWithPath: "\(root)/\($0)")) }.reduce(Data(), +)
        XCTAssertNotNil(recorded("inputs", in: page))
        XCTAssertNotEqual(recorded("inputs", in: page), try sha256(Data(changed.utf8) + rest))
    }
}
