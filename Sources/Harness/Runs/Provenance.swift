import Conformance
import EventLogFormat
import QualifyPlans
import Foundation
import ToolSupport

/// What ran, on what, and when: the facts every report of the harness names so that it can
/// go into a bug report ("sway 1.7 sends no cancel" is a fact about 1.7).
public enum Provenance {
    /// touchspots' version: the client's own `--version` first line (the one place the
    /// version is written is `touchspotsVersion`, Sources/TouchCore/Support/Version.swift;
    /// asked of the binary, so that `TOUCHSPOTS_BINARY`'s build is the one named), or "unknown".
    public static var touchspotsVersion: String {
        guard let out = try? ChildProcess.run(["timeout", "10", Products.touchspots, "--version"]), out.status == 0,
              let first = out.output.split(separator: "\n").first else { return "unknown" }
        return String(first)
    }

    /// The commit of the source tree the harness was built in (its build folder lies in a
    /// git checkout), with "+changes" when the tree differs from it; "unknown" for an
    /// installed harness, which has no tree.
    public static var commit: String {
        var folder = URL(fileURLWithPath: Products.buildDirectory)
        for _ in 0..<6 {
            folder.deleteLastPathComponent()
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) else { continue }
            guard let head = try? ChildProcess.run(["git", "-C", folder.path, "rev-parse", "--short=12", "HEAD"]),
                  head.status == 0 else { return "unknown" }
            let changed = (try? ChildProcess.run(["git", "-C", folder.path, "status", "--porcelain", "--untracked-files=no"]))?
                .output.isEmpty == false
            return head.output.trimmingCharacters(in: .whitespacesAndNewlines) + (changed ? "+changes" : "")
        }
        return "unknown"
    }

    /// This host, as every report names it (`LogRun.here`, which the client's run line and
    /// the qualify report's `madeBy` start from too).
    public static var host: ConformanceReport.Host {
        let here = LogRun.here(touchspots: "", commit: nil)
        return ConformanceReport.Host(name: here.host ?? "", kernel: here.kernel ?? "")
    }

    /// What ran, when and on what, in one line: "touchspots 0.1.0 (abc123), DATE, kernel K"
    /// (the interop matrix's and the replay report's first words).
    public static var line: String {
        "touchspots \(touchspotsVersion) (\(commit)), \(date), kernel \(host.kernel)"
    }

    /// Now, ISO 8601 in UTC, to the second.
    public static var date: String { LogRun.here(touchspots: "", commit: nil).date }

    /// What a compositor's binary says of its version (`weston --version`: "weston
    /// 10.0.1"), with the Debian package it came from; what could not be learned is said.
    /// kwin_wayland answers --version only once Qt has a platform, which it lacks outside
    /// a session, so its package's version is what is known of it.
    public static func version(of binary: String, arguments: [String] = ["--version"]) -> String {
        guard let path = ChildProcess.which(binary) else { return "unknown (\(binary) not found)" }
        var said: String?
        if let out = try? ChildProcess.run(["timeout", "10", path] + arguments), out.status == 0 {
            said = (out.output + "\n" + out.errors).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        }
        var package: String?
        if let owner = try? ChildProcess.run(["dpkg-query", "-S", path]), owner.status == 0,
           let name = owner.output.split(separator: ":").first.map(String.init),
           let version = try? ChildProcess.run(["dpkg-query", "-W", "-f", "${Version}", name]), version.status == 0 {
            package = "Debian package \(name) \(version.output)"
        }
        switch (said, package) {
        case let (said?, package?): return "\(said) (\(package))"
        case let (said?, nil): return "\(said) (\(path))"
        case let (nil, package?): return "\(path): no version from \(arguments.joined(separator: " ")); \(package)"
        case (nil, nil): return "unknown (\(path) \(arguments.joined(separator: " ")) said nothing)"
        }
    }
}

extension CompositorKind {
    /// The compositor's version as its binary (or its package) reports it.
    public var version: String {
        switch self {
        case .cage: Provenance.version(of: "cage", arguments: ["-v"])
        case .kwin: Provenance.version(of: "kwin_wayland")
        default: Provenance.version(of: rawValue)
        }
    }

    /// How the harness reaches it and what that driver can inject (docs/conformance.md).
    public var driver: String {
        switch self {
        case .weston:
            "touchspots-weston module (a seat of its own: touch, pointer, keyboard; its weston 10 workarounds off)"
        case .sway, .cage, .phoc:
            "touchspots-wlroots preload (a touchscreen, tablet, pointer and keyboard added to the headless backend)"
        case .mutter, .gnomeShell:
            "RemoteDesktop D-Bus session (touch, pointer and keyboard through mutter's virtual input; no cancel of its own)"
        case .kwin:
            "org_kde_kwin_fake_input (touch, pointer and keyboard; cancel)"
        }
    }
}
