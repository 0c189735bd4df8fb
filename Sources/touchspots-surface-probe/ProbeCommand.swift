import ArgumentParser
import CommandLineErrors
import Glibc
import TouchCore
import WaylandClient

/// `touchspots-surface-probe`: the client a conformance run touches to hold a compositor
/// to the surface rules of wl_touch (a down on a subsurface names it; a touch whose surface
/// is destroyed or unmapped still ends). docs/conformance.md, "The surface probe".
@main
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots-surface-probe",
        abstract: "A fullscreen window with three squares on subsurfaces that take touches.",
        discussion: """
            The blue square stays; the orange one is destroyed and the green one unmapped \
            as a finger lands on it; they do not come back. Run it with WAYLAND_DEBUG=client \
            (the trace goes to standard error: redirect it to a file) to see what the \
            compositor sends: every touch that lands on the orange or green square must still \
            end with wl_touch.up or wl_touch.cancel. It ends on the window's close, Ctrl+C \
            or SIGTERM. \
            `touchspots-harness conformance` starts it on every compositor it checks and \
            judges the trace (docs/conformance.md).
            """,
        version: touchspotsVersion)

    @Flag(help: "Ask for a fullscreen window (a harness does); else 1024 x 640 where the compositor leaves the size to the probe.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Write the lines a harness waits for (configure, ready, seat, sync) to PATH, a new file, in touchspots' event log format.",
                               valueName: "PATH"))
    var eventLog: String?

    @Option(help: ArgumentHelp("Wayland display to connect to (default: $WAYLAND_DISPLAY).", valueName: "NAME"))
    var display: String?

    func run() throws {
        do {
            // Connected and checked first: a probe that cannot start leaves no empty log behind.
            let connection = try Display(name: display)
            let probe = try SurfaceProbe(display: connection, fullscreen: fullscreen)
            probe.log = try eventLog.map(ProbeLog.init(path:))
            try probe.run()
        } catch let error as ProbeError {
            if case .usage(let message) = error { throw ValidationError(message) }
            throw error
        } catch let error as WaylandError {
            throw ProbeError.runTime("\(error)")
        }
    }

    static func main() {
        mainTellingErrorsInOneLine { ProbeError.tell("touchspots-surface-probe: \($0)") }
    }
}

enum ProbeError: Error, CustomStringConvertible {
    /// Status 64.
    case usage(String)
    /// Status 1.
    case runTime(String)

    var description: String {
        switch self {
        case .usage(let message), .runTime(let message): message
        }
    }

    static func tell(_ line: String) {
        var text = printableText(line, limit: 1000) + "\n"
        _ = text.withUTF8 { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
