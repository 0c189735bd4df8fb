import Conformance
import Foundation
import Harness
import ToolSupport
import TouchCore
import XCTest

/// `touchspots-harness conformance` as a compositor developer runs it, on the seven
/// compositors as shipped: the three files, the JSON valid against its schema, each
/// compositor's version as its binary reports it, and every check's verdict as measured
/// (docs/conformance.md, "What the seven do"). The known faults of these versions are
/// found: cage 0.1.4 sends no wl_touch.frame (fixed in cage 0.2.0), weston 10 none after
/// the last up (weston#44, fixed in weston 12) and no cancel, mutter 43 none after the last
/// up, wlroots 0.15's compositors no cancel; weston 10, mutter 43 and kwin 5.27 never end a
/// touch whose surface the client destroyed (weston neither one whose surface it unmapped).
final class ConformanceEndToEndTests: XCTestCase {
    private let directory = "\(Products.buildDirectory)/../e2e/conformance"
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What is not `pass`, compositor by compositor.
    private var expected: [String: [String: ConformanceVerdict]] {
        // What no driver but weston's can do (rotate an output, take touch from the seat),
        // what no driver's device sends (a contact's shape), and what only sway forwards
        // of the drivers' tablets.
        var table: [String: [String: ConformanceVerdict]] = [:]
        let common: [String: ConformanceVerdict] = [
            "down-surface-local-rotated": .untestable, "touch-capability-removed": .untestable,
            "shape-and-orientation-in-frame": .untestable, "tablet-proximity-down-frame": .untestable,
            "timestamps-agree": .untestable,
        ]
        table["weston"] = ["frame-after-last-up": .fail, "cancel-ends-every-touch": .fail, "touch-capability-removed": .differs,
                           "shape-and-orientation-in-frame": .untestable, "tablet-proximity-down-frame": .untestable,
                           "surface-destroyed-ends-touch": .fail, "surface-unmapped-ends-touch": .fail]
        table["sway"] = common.merging(["implicit-grab": .differs, "cancel-ends-every-touch": .fail,
                                        "tablet-proximity-down-frame": .pass]) { $1 }
        table["cage"] = common.merging(["frame-after-each-group": .fail, "frame-after-last-up": .fail, "cancel-ends-every-touch": .fail,
                                        "down-surface-local-scale-2": .untestable, "down-surface-local-windowed": .untestable,
                                        "implicit-grab": .untestable]) { $1 }
        table["phoc"] = common.merging(["cancel-ends-every-touch": .fail]) { $1 }
        table["mutter"] = common.merging(["frame-after-last-up": .fail, "group-in-one-frame": .differs,
                                          "down-surface-local-scale-2": .untestable, "cancel-ends-every-touch": .untestable,
                                          "surface-destroyed-ends-touch": .fail]) { $1 }
        table["gnome-shell"] = common.merging(["frame-after-last-up": .fail, "group-in-one-frame": .differs,
                                               "down-surface-local-scale-2": .untestable, "surface-destroyed-ends-touch": .fail]) { $1 }
        table["kwin"] = common.merging(["surface-destroyed-ends-touch": .fail]) { $1 }
        return table
    }

    func testTheSevenCompositorsAsShipped() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        let run = try ChildProcess(name: "touchspots-harness", arguments: [harness, "conformance", "--out", directory],
                                   logPath: "\(directory).log")
        XCTAssertEqual(run.wait(timeout: 900), 1, "a check fails, so it exits 1: \(run.logTail())")
        for file in ["conformance.html", "conformance.json", "conformance.xml"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(directory)/\(file)"), file)
        }
        let validation = try ChildProcess.run(["python3", "-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))
            jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker()).validate(report)
            """, root.appendingPathComponent("docs/conformance.schema.json").path, "\(directory)/conformance.json"])
        XCTAssertEqual(validation.status, 0, validation.errors)

        let report = try ConformanceReport(json: Data(contentsOf: URL(fileURLWithPath: "\(directory)/conformance.json")))
        XCTAssertEqual(report.compositors.map(\.name), CompositorKind.allCases.map(\.rawValue))
        XCTAssertTrue(report.touchspots.version.hasPrefix("0."), report.touchspots.version)
        XCTAssertNotEqual(report.host.kernel, "")
        let versions = ["weston": "weston 10.", "sway": "sway version 1.7", "cage": "Cage version 0.1.4", "phoc": "Phoc 0.24",
                        "mutter": "mutter 43", "gnome-shell": "GNOME Shell 43", "kwin": "Debian package kwin-wayland 4:5.27"]
        for compositor in report.compositors {
            XCTAssertTrue(compositor.version.contains(versions[compositor.name]!), "\(compositor.name): \(compositor.version)")
            XCTAssertEqual(compositor.checks.map(\.id), ConformanceCheck.allCases.map(\.rawValue))
            for check in compositor.checks {
                XCTAssertEqual(check.verdict, expected[compositor.name]?[check.id] ?? .pass,
                               "\(compositor.name) \(check.id): \(check.detail)")
                if check.verdict == .fail || check.verdict == .differs {
                    let evidence = "\(directory)/\(check.evidence ?? "none")"
                    let trace = try String(contentsOfFile: "\(evidence)/wayland-debug.txt", encoding: .utf8)
                    XCTAssertTrue(trace.contains(check.sentence), "the evidence quotes the protocol")
                    XCTAssertTrue(trace.contains("wl_touch@") || check.id == "implicit-grab", "the trace lines at fault: \(trace)")
                }
            }
        }
        let junit = try String(contentsOfFile: "\(directory)/conformance.xml", encoding: .utf8)
        let failures = report.compositors.map { $0.count(.fail) }.reduce(0, +)
        XCTAssertTrue(junit.contains("failures=\"\(failures)\""), junit)

        // A run compared with itself changes nothing; with one where a check got worse it exits 1.
        let json = "\(directory)/conformance.json"
        var worse = report
        worse.compositors[0].checks[0].verdict = .fail
        let worsePath = "\(directory)/worse.json"
        try worse.json().write(to: URL(fileURLWithPath: worsePath))
        let same = try ChildProcess.run([harness, "conformance", "--compare", json, json])
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertTrue(same.output.contains("no verdict changed"), same.output)
        let regressed = try ChildProcess.run([harness, "conformance", "--compare", json, worsePath])
        XCTAssertEqual(regressed.status, 1, regressed.output)
        XCTAssertTrue(regressed.output.contains("WORSE weston seat-has-touch: pass -> fail"), regressed.output)
    }
}

/// Any compositor that runs as a Wayland client, nested in the harness's headless weston
/// and touched through it (`--compositor-command`): weston and sway, whose verdicts agree
/// with their drivers' on every check both can test.
final class NestedConformanceEndToEndTests: XCTestCase {
    private let directory = "\(Products.buildDirectory)/../e2e/conformance-nested"

    func testNestedWestonAndSwayAgreeWithTheirDrivers() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let harness = "\(Products.buildDirectory)/touchspots-harness"
        // sway as the user runs it nested, with its default borders (an empty configuration:
        // title bars on a window) and pixman, this machine having no GPU.
        let run = try ChildProcess(name: "touchspots-harness", arguments: [
            harness, "conformance", "--compositor", "weston", "--compositor", "sway",
            "--compositor-command", "weston --backend=wayland-backend.so --use-pixman --fullscreen --idle-time=0 --no-config --shell=kiosk-shell.so",
            "--compositor-command", "WLR_BACKENDS=wayland WLR_RENDERER=pixman sway -c /dev/null",
            "--out", directory,
        ], logPath: "\(directory).log")
        XCTAssertEqual(run.wait(timeout: 600), 1, "weston 10 and sway 1.7 fail a check: \(run.logTail())")
        let report = try ConformanceReport(json: Data(contentsOf: URL(fileURLWithPath: "\(directory)/conformance.json")))
        XCTAssertEqual(report.compositors.map(\.name), ["weston", "sway", "weston (nested)", "sway (nested)"])
        for (driven, nested) in [(0, 2), (1, 3)] {
            let a = report.compositors[driven], b = report.compositors[nested]
            XCTAssertEqual(b.checks.map(\.id), ConformanceCheck.allCases.map(\.rawValue), "every check, each once")
            XCTAssertTrue(b.version.hasPrefix(a.name == "weston" ? "weston 10" : "sway version 1.7"), b.version)
            var compared = 0
            for (x, y) in zip(a.checks, b.checks) where x.verdict != .untestable && y.verdict != .untestable {
                XCTAssertEqual(x.verdict, y.verdict, "\(a.name) \(x.id): driven \(x.detail); nested \(y.detail)")
                compared += 1
            }
            // Untestable nested: the scale (the command's own), the rotation (weston's
            // driver only), a pen (the host is weston 10), and on a kiosk-shell weston,
            // which shows every window fullscreen, leaving the window.
            XCTAssertGreaterThanOrEqual(compared, a.name == "weston" ? 16 : 15, "\(a.name): checks both could test")
            XCTAssertEqual(b.checks.first { $0.id == "down-surface-local-scale-2" }?.verdict, .untestable)
        }
    }
}

/// The surface probe as a user runs it by hand: bad arguments and files in one line.
final class SurfaceProbeCommandTests: XCTestCase {
    func testBadInputIsOneLineWithItsStatus() throws {
        let probe = Products.surfaceProbe
        let folder = NSTemporaryDirectory() + "touchspots-probe-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let existing = "\(folder)/notes.txt"
        try "mine".write(toFile: existing, atomically: false, encoding: .utf8)
        // A compositor to connect to: none (an empty runtime folder), then a log that exists.
        let environment = ["XDG_RUNTIME_DIR": folder, "WAYLAND_DISPLAY": "none-here"]
        for (arguments, status, told) in [
            (["--bogus"], Int32(64), "Unknown option '--bogus'"),
            (["--event-log", existing], 1, "cannot connect to a Wayland compositor"),
        ] {
            let run = try ChildProcess.run(["/usr/bin/env"] + environment.map { "\($0)=\($1)" } + [probe] + arguments)
            XCTAssertEqual(run.status, status, run.errors)
            XCTAssertEqual(run.errors.filter { $0 == "\n" }.count, 1, run.errors)
            XCTAssertTrue(run.errors.hasPrefix("touchspots-surface-probe: ") && run.errors.contains(told), run.errors)
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "mine", "a file not the probe's is never touched")
        XCTAssertEqual(try ChildProcess.run([probe, "--version"]).output, touchspotsVersion + "\n")
    }
}
