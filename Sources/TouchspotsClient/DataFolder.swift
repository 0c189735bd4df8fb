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
    /// in the state folder, made if need be (`-2`, `-3`, ... before `.jsonl` when that name
    /// is taken); nil when it cannot be made. The file is made here, new (O_EXCL, never
    /// through a link): two runs started in one second once wrote one file together, and
    /// a link planted under the name led the log into another file.
    package static func newQualifyLog(plan: String) -> String? {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        guard strftime(&text, text.count, "%Y%m%d-%H%M%S", &parts) > 0 else { return nil }
        let safe = String(plan.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(40))
        guard let base = state("qualify-\(safe)-\(String(cString: text))") else { return nil }
        let folder = String(base[..<base.lastIndex(of: "/")!])
        do { try makeDirectories(folder) } catch { return nil }
        for count in 1...100 {
            let path = base + (count == 1 ? "" : "-\(count)") + ".jsonl"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 {
                close(fd)
                return path
            }
            guard errno == EEXIST else { return nil }
        }
        return nil
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
