import Glibc

/// Where touchspots' files live: the user's configuration and the package's data.
enum DataFolder {
    /// The user's `$XDG_CONFIG_HOME/touchspots/NAME` (`~/.config/touchspots/NAME`; a
    /// relative XDG_CONFIG_HOME is ignored, as the XDG spec asks); nil without either.
    static func config(_ name: String) -> String? {
        if let xdg = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return "\(xdg)/touchspots/\(name)"
        }
        return getenv("HOME").map { "\(String(cString: $0))/.config/touchspots/\(name)" }
    }

    /// The package's data: `PREFIX/share/touchspots/NAME` for a binary in `PREFIX/bin`
    /// (`/usr/bin/touchspots` finds `/usr/share/touchspots/...`); a binary elsewhere (a
    /// build tree) looks beside its own folder and finds none.
    static func shipped(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "/usr/share/touchspots/\(name)" }
        let binary = String(cString: buffer)
        let folder = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let prefix = folder.hasSuffix("/bin") ? String(folder.dropLast(4)) : "\(folder)/.."
        return "\(prefix)/share/touchspots/\(name)"
    }
}
