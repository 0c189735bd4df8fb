import Foundation
import Harness
import ToolSupport
import XCTest

/// scripts/install puts the binary, a valid desktop entry and the icon in a user's home.
final class InstallTests: XCTestCase {
    private func run(_ arguments: [String], home: String) throws -> Int32? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let child = try ChildProcess(name: "install", arguments: ["\(root)/scripts/install"] + arguments,
                                     environment: ["HOME": home, "XDG_DATA_HOME": "\(home)/.local/share"],
                                     logPath: "\(home)/install.log")
        return child.wait(timeout: 60)
    }

    func testInstallAndUninstallForTheCurrentUser() throws {
        var template = Array("/tmp/touchspots-home-XXXXXX".utf8CString)
        let home = String(cString: mkdtemp(&template)!)
        defer { try? FileManager.default.removeItem(atPath: home) }
        XCTAssertEqual(try run(["--binary", Products.touchspots], home: home), 0,
                       (try? String(contentsOfFile: "\(home)/install.log", encoding: .utf8)) ?? "")
        let binary = "\(home)/.local/bin/touchspots"
        let entry = "\(home)/.local/share/applications/touchspots.desktop"
        let icon = "\(home)/.local/share/icons/hicolor/scalable/apps/touchspots.svg"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary))
        let report = "\(home)/.local/bin/touchspots-report"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: report), "touchspots-report, built beside the binary, is installed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: icon))
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        XCTAssertTrue(text.contains("Exec=\(binary)\n"), text)
        XCTAssertTrue(text.contains("Icon=touchspots\n"))
        XCTAssertTrue(text.contains("StartupWMClass=touchspots\n"), "matches the app_id")

        let validate = try ChildProcess(name: "desktop-file-validate", arguments: ["desktop-file-validate", entry],
                                        logPath: "\(home)/validate.log")
        XCTAssertEqual(validate.wait(timeout: 30), 0,
                       (try? String(contentsOfFile: "\(home)/validate.log", encoding: .utf8)) ?? "")

        let installed = try ChildProcess(name: "touchspots", arguments: [binary, "--version"],
                                         logPath: "\(home)/version.log")
        XCTAssertEqual(installed.wait(timeout: 10), 0, "the installed binary runs")

        let list = Process()
        list.executableURL = URL(fileURLWithPath: binary)
        list.arguments = ["--list-strokes"]
        list.environment = ["HOME": home]
        let output = Pipe(), errors = Pipe()
        list.standardOutput = output
        list.standardError = errors
        try list.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        list.waitUntilExit()
        XCTAssertTrue(told.hasPrefix("touchspots: 16 common shapes in \(home)/.local/share/touchspots/shapes"), told)
        XCTAssertEqual(listed.split(separator: "\n").map { $0.split(separator: "\t")[0] }, ["arrow", "caret", "circle", "v", "x"])
        XCTAssertTrue(listed.contains("\(home)/.local/share/touchspots/strokes/v.stroke"), listed)

        XCTAssertEqual(try run(["--uninstall"], home: home), 0)
        for path in [binary, report, entry, icon, "\(home)/.local/share/touchspots"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), path)
        }
    }
}
