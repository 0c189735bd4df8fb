import Glibc

/// The package's data folder, found from the running binary: `PREFIX/share/touchspots/NAME`
/// for a binary in `PREFIX/bin` (`/usr/bin/touchspots` and `/usr/bin/touchspots-report`
/// find `/usr/share/touchspots/...`); a binary elsewhere (a build tree) looks beside its
/// own folder and finds none.
public enum PackageData {
    public static func folder(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "/usr/share/touchspots/\(name)" }
        let binary = String(cString: buffer)
        let folder = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let prefix = folder.hasSuffix("/bin") ? String(folder.dropLast(4)) : "\(folder)/.."
        return "\(prefix)/share/touchspots/\(name)"
    }
}
