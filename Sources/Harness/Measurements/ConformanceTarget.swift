import Foundation
import ToolSupport

/// What a conformance run judges: one of the compositors the harness drives through a
/// driver of its own, or any compositor that runs as a Wayland client, nested in the
/// harness's headless weston and touched through it (`NestedCompositor`).
public enum ConformanceTarget: Equatable, Sendable {
    case driven(CompositorKind)
    /// The compositor's command line: `VAR=value` words first, as a shell takes them,
    /// then the program and its arguments.
    case nested([String])

    /// The report's name for it: "weston", or "weston (nested)", with the program's path
    /// when the command gives one ("/opt/weston-13/bin/weston (nested)"), so that two
    /// builds of one compositor are two rows.
    public var name: String {
        switch self {
        case .driven(let kind): kind.rawValue
        case .nested(let command): "\(Self.split(command).arguments.first ?? "compositor") (nested)"
        }
    }

    /// Its folder under the run's: "weston", "nested-weston", "nested-opt-weston-13-bin-weston".
    public var folderName: String {
        switch self {
        case .driven(let kind): kind.rawValue
        case .nested(let command):
            "nested-" + String((Self.split(command).arguments.first ?? "compositor")
                .map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." ? $0 : "-" })
                .split(separator: "-").joined(separator: "-")
        }
    }

    /// The command's `VAR=value` words and the rest.
    public static func split(_ command: [String]) -> (environment: [String: String], arguments: [String]) {
        let assignments = command.prefix { word in
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
            return word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        var environment: [String: String] = [:]
        for word in assignments {
            let equals = word.firstIndex(of: "=")!
            environment[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return (environment, Array(command.dropFirst(assignments.count)))
    }

    public var version: String {
        switch self {
        case .driven(let kind): return kind.version
        case .nested(let command):
            // `--version`, or else `-v` (cage's), whichever the program answers.
            let program = Self.split(command).arguments.first ?? ""
            let long = Provenance.version(of: program)
            return long.hasPrefix("unknown (") ? Provenance.version(of: program, arguments: ["-v"]) : long
        }
    }

    public var driver: String {
        switch self {
        case .driven(let kind): kind.driver
        case .nested:
            "nested in the harness's headless weston 10, touched through its seat (touch down, motion, up, frame, cancel; the seat's touch dropped and restored)"
        }
    }

    /// How the compositor is started, for the report.
    public var command: String {
        switch self {
        case .driven(.weston): "TOUCHSPOTS_WESTON_AS_SHIPPED=1 weston --backend=headless-backend.so --use-pixman --modules=libtouchspots-weston.so"
        case .driven(let kind) where [.sway, .cage, .phoc].contains(kind):
            "WLR_BACKENDS=headless LD_PRELOAD=libtouchspots-wlroots.so \(kind.rawValue)"
        case .driven(.kwin): "kwin_wayland --virtual --no-lockscreen --no-global-shortcuts --width 1024 --height 640"
        case .driven(let kind): "\(kind.rawValue) --headless --wayland --no-x11 --virtual-monitor 1024x640"
        case .nested(let command): command.joined(separator: " ")
        }
    }

    /// touchspots on it, with libwayland's trace of what it receives, the compositor as
    /// shipped (no workaround of a driver's own). A run that does not start is started once
    /// more: the harness's own start (finding a window mutter zooms in on a loaded machine)
    /// fails now and then, and a run that never starts tests nothing; a second failure is
    /// reported with both messages.
    /// `probe`: the surface probe (`touchspots-surface-probe`) instead of touchspots.
    func start(in folder: String, scale: Double = 1, windowed: Bool = false, transform: String? = nil,
               probe: Bool = false) throws -> HeadlessRun {
        do {
            return try startOnce(in: folder, scale: scale, windowed: windowed, transform: transform, probe: probe)
        } catch {
            do {
                try RunFolder.fresh(folder)
                return try startOnce(in: folder, scale: scale, windowed: windowed, transform: transform, probe: probe)
            } catch let again {
                let first = "\(error)", second = "\(again)"
                throw HarnessError(first == second ? second : "\(second) (and at the first try: \(first))")
            }
        }
    }

    private func startOnce(in folder: String, scale: Double, windowed: Bool, transform: String?, probe: Bool) throws -> HeadlessRun {
        let environment = ["WAYLAND_DEBUG": "client"]
        let (program, clientName) = probe ? (Products.surfaceProbe, "touchspots-surface-probe") : (Products.touchspots, "touchspots")
        if let transform {
            // weston alone: the one driver whose compositor rotates a headless output.
            return try HeadlessRun(outputDirectory: folder, environment: environment, touchspots: program, clientName: clientName) {
                var configuration = Weston.Configuration(modulePath: Products.westonModule, logPath: "\(folder)/weston.log")
                configuration.asShipped = true
                configuration.transform = transform
                return try Weston(configuration)
            }
        }
        switch self {
        case .driven(let kind):
            return try HeadlessRun(outputDirectory: folder, compositor: kind, scale: scale, windowed: windowed,
                                   environment: environment, asShipped: true, touchspots: program, clientName: clientName)
        case .nested(let command):
            return try HeadlessRun(outputDirectory: folder, windowed: windowed, environment: environment,
                                   touchspots: program, clientName: clientName) {
                let (variables, arguments) = Self.split(command)
                return try NestedCompositor(command: arguments, environment: variables, width: 1024, height: 640, directory: folder)
            }
        }
    }
}
