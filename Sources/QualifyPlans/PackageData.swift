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

    /// The commit the running binary was built from, as far as it can be known without
    /// running git: an installed package's `PREFIX/share/touchspots/commit` (scripts/package
    /// writes the commit and whether the tree had changes), or for a source build the tree's
    /// HEAD read from its `.git` (said as "…, HEAD of the source tree": the binary may be older
    /// than the tree's last commit); nil where neither is found.
    public static func commit() -> String? {
        guard let binary = executablePath() else { return nil }
        let folder = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if folder.hasSuffix("/bin") {
            return firstLine("\(folder.dropLast(4))/share/touchspots/commit")
        }
        guard let source = sourceTree(around: folder), let head = gitHead(source) else { return nil }
        return "\(head), HEAD of the source tree"
    }

    /// A source tree's HEAD commit from its `.git` folder (or a worktree's `.git` file):
    /// HEAD, the branch it names, else the branch in `packed-refs`.
    static func gitHead(_ source: String) -> String? {
        var git = "\(source)/.git"
        var common = git
        if !isDirectory(git) {
            guard let pointer = firstLine(git), pointer.hasPrefix("gitdir: ") else { return nil }
            git = String(pointer.dropFirst(8))
            if !git.hasPrefix("/") { git = "\(source)/\(git)" }
            common = firstLine("\(git)/commondir").map { $0.hasPrefix("/") ? $0 : "\(git)/\($0)" } ?? git
        }
        guard let head = firstLine("\(git)/HEAD") else { return nil }
        guard head.hasPrefix("ref: ") else { return isCommit(head) ? head : nil }
        let ref = String(head.dropFirst(5))
        if let commit = firstLine("\(common)/\(ref)") ?? firstLine("\(git)/\(ref)"), isCommit(commit) { return commit }
        let packed = readSmall("\(common)/packed-refs") ?? ""
        for line in packed.split(separator: "\n") where line.hasSuffix(" \(ref)") {
            let commit = String(line.prefix { $0 != " " })
            if isCommit(commit) { return commit }
        }
        return nil
    }

    private static func isCommit(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy { $0.isHexDigit }
    }

    /// A small file's first line (at most 64 KiB read), or nil.
    private static func firstLine(_ path: String) -> String? {
        readSmall(path).map { String($0.prefix { $0 != "\n" }) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func readSmall(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self)
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
