import Glibc
import QualifyPlans

/// Where touchspots' files live: the user's configuration and the package's data.
package enum DataFolder {
    /// The user's `$XDG_CONFIG_HOME/touchspots/NAME` (`~/.config/touchspots/NAME`; a
    /// relative XDG_CONFIG_HOME is ignored, as the XDG spec asks); nil without either.
    package static func config(_ name: String) -> String? {
        if let xdg = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return "\(xdg)/touchspots/\(name)"
        }
        return home.map { "\($0)/.config/touchspots/\(name)" }
    }

    /// The user's `$XDG_STATE_HOME/touchspots/NAME` (`~/.local/state/touchspots/NAME`):
    /// what a run leaves behind, the qualify runs' logs.
    static func state(_ name: String) -> String? {
        if let xdg = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return "\(xdg)/touchspots/\(name)"
        }
        return home.map { "\($0)/.local/state/touchspots/\(name)" }
    }

    /// `$HOME` when it is absolute: a relative one (`HOME=rel`) would put the user's
    /// files wherever touchspots was started, or, made with a leading `/`, at the root.
    static var home: String? {
        getenv("HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// Where a qualify run started without `--event-log` keeps its log, so that a person
    /// who started it from the app grid can make its report: `qualify-PLAN-YYYYMMDD-HHMMSS.jsonl`
    /// in the state folder, made if need be; nil when it cannot be made.
    package static func newQualifyLog(plan: String) -> String? {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        guard strftime(&text, text.count, "%Y%m%d-%H%M%S", &parts) > 0 else { return nil }
        let safe = String(plan.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(40))
        guard let path = state("qualify-\(safe)-\(String(cString: text)).jsonl") else { return nil }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        do { try makeDirectories(folder) } catch { return nil }
        return path
    }

    /// `mkdir -p`; a relative path stays relative.
    static func makeDirectories(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/\(part)"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw UsageError("cannot make \(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The package's data: `PREFIX/share/touchspots/NAME` (`PackageData`).
    static func shipped(_ name: String) -> String { PackageData.folder(name) }
}
