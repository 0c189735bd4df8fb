import Foundation
import Glibc
import ToolSupport

/// The folder of one run under a command's `--out`: bench's `touchspots-1`, interop's
/// `weston/windowed`, touch-to-pixel's `round-1/touchspots-...`, soak's `soak`. The next
/// run into the same `--out` replaces it, so a run's logs and screenshots never mix with an
/// older run's.
///
/// Only a folder the harness made is replaced: it holds `.touchspots-run`. Before, any
/// folder of that name went, with whatever the user kept in it (`--out ~` and a folder
/// `~/soak` of one's own). A folder without the mark (the user's, or one from a harness
/// older than the mark) stops the command before any compositor starts, with one line
/// naming it; an empty folder is taken (there is nothing in it to lose), and so is an
/// absent one.
public enum RunFolder {
    /// The file that marks a folder as a run's.
    static let markName = ".touchspots-run"

    /// Throws, naming the first of `folders` that exists and is neither empty nor a run's,
    /// or that cannot be looked at (a path through a file, a folder one may not read).
    public static func checkReplaceable(_ folders: [String]) throws(HarnessError) {
        for folder in folders {
            if let obstacle = obstacle(folder) { throw HarnessError(obstacle) }
        }
    }

    /// Why `folder` may not be replaced, or nil if it is absent, an empty folder or a run's.
    static func obstacle(_ folder: String) -> String? {
        var info = stat()
        let inTheWay = "\(folder) is in the way: it was not made by the harness (no \(markName) in it); move it or choose another --out"
        guard lstat(folder, &info) == 0 else {
            return errno == ENOENT ? nil : "\(folder) cannot be used as a run's folder: \(String(cString: strerror(errno)))"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return inTheWay }
        if lstat("\(folder)/\(markName)", &info) == 0 { return info.st_mode & S_IFMT == S_IFREG ? nil : inTheWay }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return "\(folder) cannot be used as a run's folder: it cannot be read"
        }
        return names.isEmpty ? nil : inTheWay
    }

    /// Makes `folder` a new, empty run folder: the old run's is removed first; a folder
    /// that is not a run's is left as it is and named in the error.
    public static func fresh(_ folder: String) throws {
        try checkReplaceable([folder])
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: "\(folder)/\(markName)"))
    }
}
