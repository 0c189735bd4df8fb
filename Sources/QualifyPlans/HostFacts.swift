import EventLogFormat
import Glibc

// Here, not in EventLogFormat: the log's format module reads no clock and asks no kernel
// (it imports TouchCore only); the client and the report tool both import this module.
extension LogRun {
    /// This host now: touchspots' version and `commit`, the date (UTC, to the second), the
    /// host's name and the kernel's release and version (uname). The client's run line and
    /// the report tool's `madeBy` both start from it.
    public static func here(touchspots: String, commit: String?) -> LogRun {
        var name = utsname()
        _ = uname(&name)
        func field<T>(_ value: inout T) -> String {
            withUnsafePointer(to: &value) { $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout<T>.size) { String(cString: $0) } }
        }
        let host = field(&name.nodename), release = field(&name.release), version = field(&name.version)
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        let date = String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return LogRun(touchspots: touchspots, commit: commit, date: date, host: host.isEmpty ? nil : host,
                      kernel: release.isEmpty ? nil : "\(release) \(version)")
    }
}
