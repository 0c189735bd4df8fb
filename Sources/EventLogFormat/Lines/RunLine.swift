import TouchCore

/// The log's first line: what ran, on what, when (`LogRun`).
// @LogLine 19: indirect case run(LogRun) keys: LogRun.LineKey accessor: run

/// A `run` line, the log's first: what ran, on what, and when, so that a log (and the
/// qualify report judged from it) can go into a bug report as it is. `compositor` is the
/// process at the other end of the Wayland socket (its `/proc/PID/comm`) and
/// `compositorExecutable` its binary, where the client may read it (the same user); the
/// compositor's version is not something a client can ask, and the log does not guess it.
/// `desktop` is `$XDG_CURRENT_DESKTOP` as the session set it. Codable (the standard
/// library's): the qualify report's `run` is this line's keys.
public struct LogRun: Codable, Equatable, Sendable {
    /// touchspots' version, as `--version` prints it.
    public var touchspots: String
    /// The commit it was built from, as far as known (`PackageData.commit`).
    public var commit: String?
    /// When the client started, ISO 8601 in UTC.
    public var date: String
    public var host: String?
    /// The kernel's release and version (uname's).
    public var kernel: String?
    public var compositor: String?
    public var compositorExecutable: String?
    public var desktop: String?

    public init(touchspots: String, commit: String? = nil, date: String, host: String? = nil, kernel: String? = nil,
                compositor: String? = nil, compositorExecutable: String? = nil, desktop: String? = nil) {
        self.touchspots = touchspots; self.commit = commit; self.date = date; self.host = host; self.kernel = kernel
        self.compositor = compositor; self.compositorExecutable = compositorExecutable; self.desktop = desktop
    }

    /// "touchspots 0.1.0, 2026-12-06T05:40:00Z, on vm (kernel 6.1.0), compositor sway
    /// (/usr/bin/sway), desktop sway": the line a report opens with.
    public var text: String {
        var parts = ["touchspots \(touchspots)" + (commit.map { " (commit \($0))" } ?? ""), date]
        if let host { parts.append("on \(host)" + (kernel.map { " (kernel \($0))" } ?? "")) }
        if let compositor { parts.append("compositor \(compositor)" + (compositorExecutable.map { " (\($0))" } ?? "")) }
        if let desktop { parts.append("desktop \(desktop)") }
        return parts.joined(separator: ", ")
    }
}

extension LogRun {
    public enum LineKey: String, LogKey {
        case touchspots, commit, date, host, kernel, compositor, compositorExecutable, desktop
        public var spec: LogKeySpec {
            switch self {
            case .touchspots, .date: .required(.string)
            default: .optional(.string)
            }
        }
    }

    func encode(into out: inout [UInt8]) {
        LineKey.touchspots.write(touchspots, into: &out)
        if let commit { LineKey.commit.write(commit, into: &out) }
        LineKey.date.write(date, into: &out)
        if let host { LineKey.host.write(host, into: &out) }
        if let kernel { LineKey.kernel.write(kernel, into: &out) }
        if let compositor { LineKey.compositor.write(compositor, into: &out) }
        if let compositorExecutable { LineKey.compositorExecutable.write(compositorExecutable, into: &out) }
        if let desktop { LineKey.desktop.write(desktop, into: &out) }
    }

    init(_ o: LogFields) throws(LogLineError) {
        self.init(touchspots: try o.string(LineKey.touchspots), commit: try o.optionalString(LineKey.commit),
                  date: try o.string(LineKey.date),
                  host: try o.optionalString(LineKey.host), kernel: try o.optionalString(LineKey.kernel),
                  compositor: try o.optionalString(LineKey.compositor),
                  compositorExecutable: try o.optionalString(LineKey.compositorExecutable),
                  desktop: try o.optionalString(LineKey.desktop))
    }
}

extension LogRun.LineKey: LogLineKey {
    public static var schemaDescription: String? {
        "The log's first line: what ran (touchspots' version), when (UTC), on what (host, kernel) and through which "
            + "compositor (the Wayland socket's peer process, and its binary where readable; the desktop as "
            + "$XDG_CURRENT_DESKTOP says)."
    }
}
