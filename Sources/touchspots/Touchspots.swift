import ArgumentParser
import Glibc
import TouchCore
import WaylandClient

@main
struct Touchspots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots",
        abstract: "Shows a spot under every finger on a Wayland touchscreen.",
        discussion: """
            Connects to the compositor named by --display or $WAYLAND_DISPLAY. With \
            --event-log, writes one JSON object per line for every touch frame \
            (see README.md for the format).
            """,
        version: "0.1.0")

    @Flag(help: "Ask the compositor to show the window fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Window size in logical pixels when the compositor leaves it to us.",
                               valueName: "WxH"))
    var size: WindowSize = WindowSize(width: 800, height: 600)

    @Option(help: ArgumentHelp("Write the JSON Lines event log to PATH ('-' for standard output).",
                               valueName: "PATH"))
    var eventLog: String?

    @Option(help: ArgumentHelp("Wayland display to connect to (default: $WAYLAND_DISPLAY).",
                               valueName: "NAME"))
    var display: String?

    @Option(help: ArgumentHelp("Font family for labels, looked up with fontconfig.",
                               valueName: "FAMILY"))
    var font = "DejaVu Sans"

    func run() throws {
        let options = App.Options(displayName: display, fullscreen: fullscreen,
                                  size: Size(width: Double(size.width), height: Double(size.height)),
                                  eventLogPath: eventLog, fontFamily: font)
        do {
            let app = try App(options: options)
            try app.run()
        } catch let error as UsageError {
            printError(error.description)
            throw ExitCode(1)
        } catch let error as WaylandError {
            printError(error.description)
            throw ExitCode(1)
        }
    }

    private func printError(_ message: String) {
        let line = Array("touchspots: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// `--size WxH`.
struct WindowSize: ExpressibleByArgument, Sendable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h)
        else { return nil }
        width = w
        height = h
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
