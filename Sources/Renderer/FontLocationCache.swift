import Glibc

/// Which file fontconfig chose for a family, kept between runs.
///
/// Why: finding a font means loading fontconfig's configuration first (parsing some fifty
/// XML files under /etc/fonts), about 3 ms on the machines we measured, a quarter of the
/// time from start to the first frame (docs/design/performance.md, "Start-up without fontconfig").
/// The answer almost never changes between two starts, so it is written down with a
/// stamp of everything that could change it, and a start whose stamp still matches opens
/// the file directly. Everything else (a stamp that differs, a file that is gone or
/// unreadable, no cache at all) falls back to fontconfig, so a missing font is still
/// found missing before a window appears.
///
/// The stamp covers fontconfig's configuration files and directories, the usual font
/// directories and fontconfig's own cache directories (fc-cache rewrites those whenever a
/// font package is installed or removed), and the font file itself; each by device,
/// inode, size and modification time. A font dropped into a font directory's
/// subdirectory without fc-cache running is the one change it can miss until the next
/// fc-cache; `touchspots` never depends on which of two equally good fonts it gets.
public struct FontLocationCache {
    /// A font file and the face's index in it.
    public struct Location: Equatable, Sendable {
        public let path: String
        public let index: Int

        public init(path: String, index: Int) {
            self.path = path
            self.index = index
        }
    }

    /// The cache file (one line per family).
    public let file: String
    /// Paths whose state is part of every entry's stamp (the font file is added per entry).
    public let watchedPaths: [String]

    /// At most this many families are kept; the oldest go first.
    static let capacity = 8
    private static let header = "touchspots font locations 1"

    public init(file: String, watchedPaths: [String]) {
        self.file = file
        self.watchedPaths = watchedPaths
    }

    /// The cache under `$XDG_CACHE_HOME/touchspots` (or `~/.cache/touchspots`), watching
    /// what fontconfig reads. Nil when fontconfig is pointed elsewhere through its
    /// environment (`FONTCONFIG_FILE`, `FONTCONFIG_PATH`, `FONTCONFIG_SYSROOT`: tests and
    /// sandboxes use them to choose their own fonts, or none), or when there is no home.
    public static func standard(environment: (String) -> String? = Self.environmentValue) -> FontLocationCache? {
        for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"]
        where environment(name).map({ !$0.isEmpty }) ?? false {
            return nil
        }
        let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
        func base(_ name: String, orHome relative: String) -> String? {
            if let value = environment(name), value.hasPrefix("/") { return value }
            return home.map { "\($0)/\(relative)" }
        }
        guard let cacheHome = base("XDG_CACHE_HOME", orHome: ".cache") else { return nil }
        var watched = ["/etc/fonts", "/etc/fonts/fonts.conf", "/etc/fonts/conf.d",
                       "/usr/share/fonts", "/usr/local/share/fonts", "/var/cache/fontconfig",
                       "\(cacheHome)/fontconfig"]
        if let configHome = base("XDG_CONFIG_HOME", orHome: ".config") {
            watched += ["\(configHome)/fontconfig", "\(configHome)/fontconfig/fonts.conf",
                        "\(configHome)/fontconfig/conf.d"]
        }
        if let dataHome = base("XDG_DATA_HOME", orHome: ".local/share") {
            watched.append("\(dataHome)/fonts")
        }
        if let home {
            watched += ["\(home)/.fonts.conf", "\(home)/.fonts.conf.d", "\(home)/.fonts"]
        }
        return FontLocationCache(file: "\(cacheHome)/touchspots/font-locations", watchedPaths: watched)
    }

    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The location stored for `family`, if its stamp still matches.
    public func location(for family: String) -> Location? {
        for entry in entries() where entry.family == family {
            guard let location = entry.location, entry.stamp == stamp(for: location.path) else { return nil }
            return location
        }
        return nil
    }

    /// Records `location` for `family`, replacing what was there. Best effort: a cache
    /// that cannot be written only costs the next start the lookup.
    public func store(_ location: Location, for family: String) {
        guard !family.contains("\t"), !family.contains("\n"),
              !location.path.contains("\t"), !location.path.contains("\n") else { return }
        var kept = entries().filter { $0.family != family }
        kept.append(Entry(family: family, location: location, stamp: stamp(for: location.path)))
        kept = Array(kept.suffix(Self.capacity))
        let text = ([Self.header] + kept.compactMap(\.line)).joined(separator: "\n") + "\n"
        guard let slash = file.lastIndex(of: "/") else { return }
        makeDirectories(String(file[..<slash]))
        let temporary = "\(file).\(getpid())"
        guard write(text, to: temporary) else { unlink(temporary); return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// The state of every watched path and of `fontPath`, as one string.
    func stamp(for fontPath: String) -> String {
        (watchedPaths + [fontPath]).map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return "-" }
            return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: ",")
    }

    private struct Entry {
        let family: String
        let location: Location?
        let stamp: String

        var line: String? {
            location.map { "\(family)\t\($0.path)\t\($0.index)\t\(stamp)" }
        }
    }

    private func entries() -> [Entry] {
        guard let text = read(file) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.header) else { return [] }
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, fields[1].hasPrefix("/"), let index = Int(fields[2]), index >= 0
            else { return nil }
            return Entry(family: String(fields[0]), location: Location(path: String(fields[1]), index: index),
                         stamp: String(fields[3]))
        }
    }
}

/// The whole of a small file, or nil when it cannot be read, is not a regular file or is
/// larger than 64 KiB (the cache never is). Opened without blocking: a FIFO put in the
/// cache's place held the client before its first frame, deaf to SIGINT and SIGTERM.
private func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { break }
        bytes += chunk[..<count]
        if bytes.count > 65536 { return nil }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` into a new file at `path`. Made with O_EXCL, so a link or file already
/// there (planted, or left by a client of the same pid that crashed) is never written
/// through: it is removed (the name, not what it points at) and the file made again.
private func write(_ text: String, to path: String) -> Bool {
    var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if fd < 0, errno == EEXIST, unlink(path) == 0 {
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        bytes = bytes.dropFirst(count)
    }
    return true
}

/// `mkdir -p`, ignoring failures (the write that follows reports them by failing).
private func makeDirectories(_ path: String) {
    var prefix = ""
    for component in path.split(separator: "/") {
        prefix += "/\(component)"
        mkdir(prefix, 0o755)
    }
}
