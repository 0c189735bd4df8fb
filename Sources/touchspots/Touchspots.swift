import ArgumentParser
import CommandLineErrors
import Glibc
import TouchCore
import TouchspotsClient
import WaylandClient

@main
struct Touchspots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchspots",
        abstract: "Shows a spot under every finger on a Wayland touchscreen.",
        discussion: """
            Connects to the compositor named by --display or $WAYLAND_DISPLAY. With \
            --event-log, writes one JSON object per line for every touch frame \
            (the format is in docs/event-log.md).

            Gesture settings (--gesture KEY=VALUE, or KEY = VALUE lines in --config):
            \(GestureSettings.keys.map { "  \($0.key.rawValue) (default \(GestureSettings.defaultText(for: $0.path))): \($0.help)" }.joined(separator: "\n"))

            Lengths are logical pixels at 96 dpi: they scale with the panel where its size \
            is known (the output's, or --millimetres-per-pixel). When a touch fires no \
            gesture, key w and the event log's nearmiss line say which rule each \
            recognizer missed and which KEY above moves its limit.
            """,
        version: touchspotsVersionText)

    @Flag(help: "Ask the compositor to show the window fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Window size in logical pixels when the compositor leaves it to us (each side 1 to 8192).",
                               valueName: "WxH"))
    var size: WindowSize = WindowSize(width: 800, height: 600)

    @Option(help: ArgumentHelp("Write the JSON Lines event log to PATH ('-' for standard output).",
                               valueName: "PATH"))
    var eventLog: String?

    @Option(help: ArgumentHelp("Wayland display to connect to (default: $WAYLAND_DISPLAY).",
                               valueName: "NAME"))
    var display: String?

    @Option(help: ArgumentHelp("Font family for labels, looked up with fontconfig (the file found is remembered under $XDG_CACHE_HOME/touchspots).",
                               valueName: "FAMILY"))
    var font = "DejaVu Sans"

    @Option(help: ArgumentHelp("Scene to start with: \(Stage.sceneNames.map(\.rawValue).joined(separator: ", ")).", valueName: "NAME"))
    var scene = "playground"

    @Flag(help: "Start with the instrument panel shown (key i): every finger's numbers.")
    var panel = false

    @Flag(help: "Start with trails shown (key t): every finger's samples, fading.")
    var trails = false

    @Flag(help: "Draw the touch spots into the window's one buffer instead of giving each a subsurface of its own (slower; for compositors whose subsurfaces misbehave).")
    var singleBuffer = false

    @Option(name: .customLong("gesture"),
            help: ArgumentHelp("Override a gesture threshold, e.g. swipe-min-length=40 (repeatable; the keys are listed above).",
                               valueName: "KEY=VALUE"))
    var gestureOverrides: [String] = []

    @Option(name: .customLong("record-gesture"),
            help: ArgumentHelp("Teach touchspots a stroke: draw it three times, Save, and it is kept in $XDG_CONFIG_HOME/touchspots/strokes/NAME.stroke and recognized from then on (NAME: a-z, 0-9 and '-').",
                               valueName: "NAME"))
    var recordGesture: String?

    @Option(help: ArgumentHelp("Qualify the touchscreen: walk through PLAN ('quick', shipped, or a plan file's path) and judge each step (docs/qualify.md).",
                               valueName: "PLAN"))
    var qualify: String?

    @Option(help: ArgumentHelp("The panel's millimetres per logical pixel, where the output does not say its size: for --qualify, and gesture lengths scale with it.",
                               valueName: "MM"))
    var millimetresPerPixel: Double?

    @Flag(help: "List the taught strokes (their files: shipped in the package's share/touchspots/strokes or a source build's data/strokes, yours in $XDG_CONFIG_HOME/touchspots/strokes), say on standard error how many common shapes share/touchspots/shapes holds, and exit.")
    var listStrokes = false

    @Option(help: ArgumentHelp("Read gesture thresholds from PATH ('key = value' lines). Default: $XDG_CONFIG_HOME/touchspots/gestures.conf when it exists.",
                               valueName: "PATH"))
    var config: String?

    func validate() throws {
        guard let name = SceneName(rawValue: scene), Stage.sceneNames.contains(name) else {
            throw ValidationError("--scene must be one of \(Stage.sceneNames.map(\.rawValue).joined(separator: ", "))")
        }
        if let millimetresPerPixel, !OutputSize.judgedScales.contains(millimetresPerPixel) {
            throw ValidationError("--millimetres-per-pixel must be \(OutputSize.judgedScalesText)")
        }
        if qualify != nil && recordGesture != nil {
            throw ValidationError("--qualify and --record-gesture cannot be used together")
        }
        if let recordGesture {
            do { try StrokeTemplate.validate(name: recordGesture) } catch {
                throw ValidationError("--record-gesture: \(error.description)")
            }
        }
    }

    func run() throws {
        // A closed event log pipe is an EPIPE to handle, not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        var gestures: GestureSettings
        // A bad --gesture value or config file is a usage error, like a bad flag.
        do { gestures = try GestureConfigFile.settings(config: config, overrides: gestureOverrides) } catch let error as UsageError {
            printError(error.description)
            throw ExitCode(64)
        }
        if listStrokes {
            StrokeFiles.printList()
            return
        }
        var options = AppOptions()
        options.displayName = display
        options.fullscreen = fullscreen
        options.size = Size(width: Double(size.width), height: Double(size.height))
        options.eventLogPath = eventLog
        options.fontFamily = font
        options.gestures = gestures
        options.scene = SceneName(rawValue: scene) ?? .playground  // checked by `validate()`
        options.showsPanel = panel
        options.showsTrails = trails
        options.usesLayers = !singleBuffer
        options.teaching = recordGesture
        options.millimetresPerPixel = millimetresPerPixel
        if let qualify {
            do { options.qualifying = try PlanFile.read(qualify) } catch let error as UsageError {
                printError(error.description)
                throw ExitCode(64)
            }
            // A run's verdicts outlive its window: without --event-log, the log is kept.
            if eventLog == nil, let kept = DataFolder.newQualifyLog(plan: options.qualifying!.name) {
                options.eventLogPath = kept
                options.keepsQualifyLog = true
            }
        }
        // The kept log is made new for the run (DataFolder.newQualifyLog, O_EXCL); a run that
        // never got to write it leaves no empty file behind.
        func dropUnwrittenLog() {
            guard options.keepsQualifyLog, let path = options.eventLogPath else { return }
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 { unlink(path) }
        }
        do {
            let app = try App(options: options)
            try app.run()
        } catch let error as UsageError {
            dropUnwrittenLog()
            printError(error.description)
            throw ExitCode(1)
        } catch WaylandError.interrupted {
            dropUnwrittenLog()
            return  // SIGINT or SIGTERM while starting: a clean end
        } catch let error as WaylandError {
            dropUnwrittenLog()
            printError(error.description)
            throw ExitCode(1)
        }
    }
}

extension Touchspots {
    /// Parses and runs; every error is one line, `touchspots: ` first, its escape
    /// sequences shown, not run (`CommandLineErrors`).
    static func main() {
        mainTellingErrorsInOneLine { printError($0) }
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
              (1...8192).contains(w), (1...8192).contains(h)
        else { return nil }
        width = w
        height = h
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
