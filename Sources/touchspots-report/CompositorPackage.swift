import EventLogFormat
import Foundation

/// The compositor's version for a qualify report: a client cannot ask a compositor its
/// version, so the run's `run` line names its binary, and the report tool asks this host's
/// package manager which package holds that binary (`dpkg-query -S`, then `-W`), as the
/// harness's provenance does for the compositors it starts. Asked only when the report is
/// made on the host that ran the run (the line's `host` is this host's name): elsewhere the
/// same path may be another build. The binary itself is never run.
enum CompositorPackage {
    static func version(of run: LogRun?) -> String? {
        guard let run, let binary = run.compositorExecutable, binary.hasPrefix("/"), run.host == hostName else { return nil }
        guard let owner = output(["-S", binary]),
              let name = owner.split(separator: ":").first.map(String.init), !name.isEmpty, !name.contains(" "),
              let version = output(["-W", "-f", "${Version}", name]), !version.isEmpty
        else { return nil }
        return "Debian package \(name) \(version)"
    }

    private static var hostName: String {
        var name = [CChar](repeating: 0, count: 256)
        return gethostname(&name, name.count) == 0 ? String(cString: name) : ""
    }

    /// dpkg-query's first line of output, or nil (no dpkg, no owner, a failure).
    private static func output(_ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map { String($0.prefix(200)) }
    }
}
