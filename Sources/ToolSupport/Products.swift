import Foundation

/// Finds the touchspots binary and the weston module in the build folder that holds the
/// running program (the harness CLI or the test bundle), or where the environment says.
public enum Products {
    /// The folder of the running executable (e.g. .build/debug).
    public static var buildDirectory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent
    }

    /// $TOUCHSPOTS_BINARY, else `touchspots` beside the running program (a build folder),
    /// else the one on PATH (the installed packages: the harness lives in
    /// /usr/lib/touchspots, the client in /usr/bin).
    public static var touchspots: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHSPOTS_BINARY"] { return path }
        let beside = "\(buildDirectory)/touchspots"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return ChildProcess.which("touchspots") ?? beside
    }

    /// $TOUCHSPOTS_WLROOTS_SHIM, else `libtouchspots-wlroots.so` beside the running program.
    public static var wlrootsShim: String {
        ProcessInfo.processInfo.environment["TOUCHSPOTS_WLROOTS_SHIM"]
            ?? "\(buildDirectory)/libtouchspots-wlroots.so"
    }

    /// $TOUCHSPOTS_ALLOC_COUNT, else `libtouchspots-alloc-count.so` beside the running
    /// program: the benchmark's allocation counter (not in the packages).
    public static var allocationCounter: String {
        ProcessInfo.processInfo.environment["TOUCHSPOTS_ALLOC_COUNT"]
            ?? "\(buildDirectory)/libtouchspots-alloc-count.so"
    }

    /// `touchspots-reference-client` beside the running program: the benchmark's floor of
    /// touchspots' design (docs/benchmark.md).
    public static var referenceClient: String { "\(buildDirectory)/touchspots-reference-client" }

    /// $TOUCHSPOTS_SURFACE_PROBE, else `touchspots-surface-probe` beside the running program,
    /// else the one on PATH: the client a conformance run touches for the surface rules.
    public static var surfaceProbe: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHSPOTS_SURFACE_PROBE"] { return path }
        let beside = "\(buildDirectory)/touchspots-surface-probe"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return ChildProcess.which("touchspots-surface-probe") ?? beside
    }

    /// $TOUCHSPOTS_REPORT, else `touchspots-report` beside the running program: a qualify
    /// run judged offline into its report.
    public static var report: String {
        ProcessInfo.processInfo.environment["TOUCHSPOTS_REPORT"] ?? "\(buildDirectory)/touchspots-report"
    }

    /// `touchspots-kwin-input` beside the running program.
    public static var kwinInput: String { "\(buildDirectory)/touchspots-kwin-input" }

    /// $TOUCHSPOTS_WESTON_MODULE, else `libtouchspots-weston.so` beside the running program.
    public static var westonModule: String {
        ProcessInfo.processInfo.environment["TOUCHSPOTS_WESTON_MODULE"]
            ?? "\(buildDirectory)/libtouchspots-weston.so"
    }
}
