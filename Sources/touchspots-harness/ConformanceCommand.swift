import ArgumentParser
import Conformance
import Foundation
import Harness
import ToolSupport
import TouchCore

/// `touchspots-harness conformance`: holds compositors to the touch protocol's words and
/// writes the report (docs/conformance.md); `--compare` says which verdicts changed
/// between two runs; `--schema` prints the report's JSON Schema.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check compositors' touch delivery against the protocol's words and write the report.",
        discussion: """
            Runs each compositor headless as shipped (no workaround of the harness's own), \
            touches touchspots through the compositor's driver and judges the wl_touch \
            events touchspots received (libwayland's WAYLAND_DEBUG trace) against what was \
            injected. Writes DIR/conformance.html, DIR/conformance.json (schema: \
            docs/conformance.schema.json) and DIR/conformance.xml (JUnit), each run's logs \
            under DIR/<compositor>/runs/, and for each check that does not pass an evidence \
            folder DIR/<compositor>/<check>/. Exits 1 when a check fails or a compositor \
            could not be run. --compositor-command runs any compositor that can be a \
            Wayland client nested in the harness's headless weston. \
            --compare OLD.json NEW.json prints the verdicts that changed and exits 1 when one \
            got worse. See docs/conformance.md.
            """)

    @Option(help: ArgumentHelp("A compositor to check (repeatable; default: every one installed): \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "NAME"))
    var compositor: [String] = []

    @Option(help: ArgumentHelp("Any compositor that runs as a Wayland client, with its arguments (split at spaces; VAR=value words first set its environment), run nested in the harness's headless weston and touched through it, e.g. 'weston --backend=wayland-backend.so --fullscreen' or 'WLR_BACKENDS=wayland sway' (repeatable).",
                               valueName: "CMD ARGS"))
    var compositorCommand: [String] = []

    @Option(help: ArgumentHelp("Folder for the report, the runs' logs and the evidence (made by the harness, or one it made before).",
                               valueName: "DIR"))
    var out: String?

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Compare two reports: the verdicts that changed; exit 1 when one got worse.", valueName: "OLD.json NEW.json"))
    var compare: [String] = []

    @Flag(help: "Print the report's JSON Schema and exit.")
    var schema = false

    func validate() throws {
        let modes = [schema, !compare.isEmpty, out != nil].filter { $0 }.count
        guard modes == 1 else { throw ValidationError("give --out DIR, or --compare OLD.json NEW.json, or --schema") }
        if !compare.isEmpty && compare.count != 2 { throw ValidationError("--compare takes two reports, OLD.json NEW.json") }
        if out == nil && !(compositor.isEmpty && compositorCommand.isEmpty) {
            throw ValidationError("--compositor and --compositor-command go with --out DIR")
        }
        for command in compositorCommand where command.split(separator: " ").isEmpty {
            throw ValidationError("--compositor-command '\(command)' names no program")
        }
        for name in compositor where CompositorKind(rawValue: name) == nil {
            throw ValidationError("unknown compositor '\(name)' (known: \(CompositorKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    func run() throws {
        if schema {
            print(ConformanceReport.schema, terminator: "")
            return
        }
        if !compare.isEmpty {
            let (old, new) = (try Self.read(compare[0]), try Self.read(compare[1]))
            let changes = new.changes(since: old)
            // Every line is the reports' words: control characters shown, each line cut.
            print("before: \(printableText(old.provenance, limit: 400))\nafter:  \(printableText(new.provenance, limit: 400))")
            for change in changes { print(printableText(change.text, limit: 400)) }
            let worse = changes.filter(\.isRegression).count
            print(changes.isEmpty ? "no verdict changed" : "\(changes.count) verdict(s) changed, \(worse) worse")
            if worse > 0 { throw ExitCode(1) }
            return
        }
        let kinds = compositor.isEmpty && compositorCommand.isEmpty ? CompositorKind.allCases.filter(\.isInstalled)
            : compositor.compactMap(CompositorKind.init)
        if let missing = kinds.first(where: { !$0.isInstalled }) {
            throw ValidationError("\(missing.rawValue) is not installed (scripts/install-compositors installs the seven)")
        }
        let commands = compositorCommand.map { $0.split(separator: " ").map(String.init) }
        for command in commands {
            guard let program = ConformanceTarget.split(command).arguments.first else {
                throw ValidationError("--compositor-command '\(command.joined(separator: " "))' names no program")
            }
            guard let path = ChildProcess.which(program) else {
                throw ValidationError("--compositor-command: \(printableText(program, limit: 200)) is not found")
            }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw ValidationError("--compositor-command: \(printableText(program, limit: 200)) is not a program (not a regular file)")
            }
        }
        let targets = kinds.map(ConformanceTarget.driven) + commands.map(ConformanceTarget.nested)
        guard !targets.isEmpty else { throw ValidationError("no compositor is installed (scripts/install-compositors)") }
        if let twice = targets.first(where: { target in targets.filter { $0.name == target.name }.count > 1 }) {
            throw ValidationError("\(printableText(twice.name, limit: 200)) is named twice")
        }
        let directory = URL(fileURLWithPath: out!).standardizedFileURL.path
        do { try RunFolder.fresh(directory) } catch { throw ValidationError("\(error)") }
        let date = Provenance.date
        var compositors: [ConformanceReport.Compositor] = []
        // Each its own folder: two programs whose paths differ only where '/' and '-' are
        // both written '-' (a-b/x, a/b/x) once shared one, the second run's logs replacing
        // the first's.
        var folders: Set<String> = []
        for target in targets {
            print("conformance: \(printableText(target.name, limit: 400))...")
            var folder = target.folderName, count = 1
            while folders.contains(folder) { count += 1; folder = "\(target.folderName)-\(count)" }
            folders.insert(folder)
            compositors.append(ConformanceRun.run(target, directory: directory, folder: folder))
        }
        let report = ConformanceReport(touchspots: .init(version: Provenance.touchspotsVersion, commit: Provenance.commit),
                                       date: date, host: Provenance.host, compositors: compositors)
        try report.json().write(to: URL(fileURLWithPath: "\(directory)/conformance.json"))
        try report.html.write(toFile: "\(directory)/conformance.html", atomically: false, encoding: .utf8)
        try report.junit.write(toFile: "\(directory)/conformance.xml", atomically: false, encoding: .utf8)
        print(report.text, terminator: "")
        print("report: \(directory)/conformance.html")
        // A compositor that never started was not judged: a run-time failure, said so.
        let silent = compositors.filter { $0.count(.untestable) == $0.checks.count }
        for compositor in silent {
            FileHandle.standardError.write(Data("touchspots-harness: \(printableText(compositor.name)) could not be run: \(printableText(compositor.checks.first?.detail ?? ""))\n".utf8))
        }
        if !silent.isEmpty || compositors.contains(where: { $0.count(.fail) > 0 }) { throw ExitCode(1) }
    }

    /// A report written by this command: a regular file of at most 16 MiB that decodes.
    /// Read up to the limit whatever its size says (a file under /proc says 0 and has no
    /// end), a byte more telling it is too long.
    static func read(_ path: String) throws -> ConformanceReport {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ValidationError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ValidationError("\(path) is not a regular file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("cannot read \(path)") }
        defer { try? handle.close() }
        var data = Data()
        while data.count <= ConformanceReport.sizeLimit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { throw ValidationError("cannot read \(path): \(error)") }
            guard let chunk, !chunk.isEmpty else { break }  // nil at the end
            data.append(chunk)
        }
        guard data.count <= ConformanceReport.sizeLimit else { throw ValidationError("\(path) is over 16 MiB: not a conformance report") }
        do { return try ConformanceReport(json: data) } catch {
            throw ValidationError("\(path) is not a conformance report (touchspots-harness conformance --out writes one): \(error)")
        }
    }
}
