import Glibc

/// The package's data folder, found from the running binary:
/// - `PREFIX/share/touchspots/NAME` for a binary in `PREFIX/bin` (`/usr/bin/touchspots` and
///   `/usr/bin/touchspots-report` find `/usr/share/touchspots/...`; `~/.local/bin` finds
///   `~/.local/share/...`, where `scripts/install` puts them);
/// - `SOURCE/data/NAME` for a binary in a build folder of a source tree
///   (`SOURCE/.build/<triple>/release/touchspots`, or any `.build-*` folder), so that every
///   command the README shows works from a source build as it does once installed;
/// - else `../share/touchspots/NAME` beside the binary's folder (which usually holds none).
/// `$TOUCHSPOTS_DATA`, when set to an absolute path, is taken instead of all of these
/// (tests that must run without the shipped strokes, e.g. under valgrind).
public enum PackageData {
    public static func folder(_ name: String) -> String {
        if let data = getenv("TOUCHSPOTS_DATA").map({ String(cString: $0) }), data.hasPrefix("/") {
            return "\(data)/\(name)"
        }
        guard let binary = executablePath() else { return "/usr/share/touchspots/\(name)" }
        let folder = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if folder.hasSuffix("/bin") { return "\(folder.dropLast(4))/share/touchspots/\(name)" }
        if let source = sourceTree(around: folder), isDirectory("\(source)/data/\(name)") {
            return "\(source)/data/\(name)"
        }
        return "\(folder)/../share/touchspots/\(name)"
    }

    /// The source tree a build folder lies in: the folder above the nearest `.build`
    /// (or `.build-NAME`, `.build_NAME`) component, when it holds `Package.swift`.
    static func sourceTree(around folder: String) -> String? {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard let build = parts.lastIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") || $0.hasPrefix(".build_") }),
              build > 0 else { return nil }
        let root = parts[..<build].joined(separator: "/")
        return access("\(root)/Package.swift", F_OK) == 0 ? root : nil
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(cString: buffer)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
