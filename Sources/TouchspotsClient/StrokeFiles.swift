import QualifyPlans
import EventLogFormat
import Glibc
import TouchCore

/// Taught strokes on disk (docs/gestures.md, "Stroke files"): one `NAME.stroke` file per
/// stroke, the shipped ones in the package's data folder (`/usr/share/touchspots/strokes`,
/// found from the binary as `../share/touchspots/strokes`), the user's in
/// `$XDG_CONFIG_HOME/touchspots/strokes` (`~/.config/...`). A user's file of the same name
/// wins. A file that cannot be read or parsed is skipped and told, never fatal.
package enum StrokeFiles {
    package struct Loaded {
        package var templates: [StrokeTemplate] = []
        /// Each template's file.
        package var paths: [String: String] = [:]
        /// What was skipped, and why, one message per file.
        package var problems: [String] = []
    }

    /// The user's folder, where `--record-gesture` saves.
    static var userDirectory: String? { DataFolder.config("strokes") }

    /// The package's folder of strokes.
    static var shippedDirectory: String { DataFolder.shipped("strokes") }

    /// The package's folder of common shapes (docs/design/gestures.md, "Common shapes"): never
    /// named, they keep an untaught shape from being named after a taught stroke.
    static var shapesDirectory: String { DataFolder.shipped("shapes") }

    /// The common shapes, at most `StrokeTemplates.maximumCommonShapes` files (the core
    /// keeps the first `maximumCommonDrawings` drawings of each).
    static func loadShapes(from folder: String = shapesDirectory) -> Loaded {
        load(from: [folder], limit: StrokeTemplates.maximumCommonShapes, what: "common shapes are read")
    }

    /// The folders read, later ones winning: the package's, then the user's.
    package static var directories: [String] { [shippedDirectory] + (userDirectory.map { [$0] } ?? []) }

    /// The stroke files made ready for the session: the shipped and the user's strokes
    /// and the common shapes, claims made, and what was skipped (one message per file).
    struct Prepared: Sendable {
        var templates: StrokeTemplates
        var problems: [String]
    }

    /// Reads the stroke files of `folders` and the common shapes of `shapesFolder` into
    /// `base` (which keeps its limits). The folders are given, not looked up here: this
    /// runs on `StrokeLoader`'s thread, which reads no environment and shares nothing, only
    /// the files.
    static func prepare(_ base: StrokeTemplates, folders: [String], shapesFolder: String) -> Prepared {
        let shapes = loadShapes(from: shapesFolder)
        let loaded = load(from: folders)
        var templates = base
        // The shapes first: each assignment claims them anew (StrokeTemplates.commonShapes).
        templates.commonShapes = shapes.templates
        templates.templates = loaded.templates
        return Prepared(templates: templates, problems: shapes.problems + loaded.problems)
    }

    /// `--list-strokes`: each stroke's name, examples and file on standard output, what
    /// was skipped on standard error.
    package static func printList() {
        let strokes = StrokeFiles.load(from: StrokeFiles.directories)
        for problem in strokes.problems { printError(problem) }
        if strokes.templates.isEmpty {
            printError("no strokes in \(StrokeFiles.directories.joined(separator: " or "))")
        }
        // Names are a-z, 0-9 and '-'; a folder's path (from $HOME) may hold anything.
        for template in strokes.templates {
            print("\(template.name)\t\(template.examples.count) example\(template.examples.count == 1 ? "" : "s")\t\(printableText(strokes.paths[template.name]!))")
        }
        // Standard error, so the list keeps one stroke a line.
        let shapes = loadShapes()
        for problem in shapes.problems { printError(problem) }
        printError("\(shapes.templates.count) common shape\(shapes.templates.count == 1 ? "" : "s") in \(shapesDirectory), never named (docs/gestures.md, \"Common shapes\")")
    }

    /// Every `*.stroke` in `directories`, later folders winning by name: the first `limit`
    /// names in order, the rest skipped and told unread (`what` says what the limit is of).
    package static func load(from directories: [String], limit: Int = StrokeTemplates.maximumCount,
                             what: String = "strokes are matched") -> Loaded {
        var winners: [String: String] = [:]
        for directory in directories {
            for file in files(in: directory) where file.hasSuffix(".stroke") {
                winners[String(file.dropLast(".stroke".count))] = "\(directory)/\(file)"
            }
        }
        var loaded = Loaded()
        let names = winners.keys.sorted()
        if names.count > limit {
            let skipped = names.count - limit
            loaded.problems.append("skipped \(skipped) stroke file\(skipped == 1 ? "" : "s") from '\(printableText(names[limit]))' on: at most \(limit) \(what)")
        }
        for name in names.prefix(limit) {
            let path = winners[name]!
            do {
                let text = try SmallTextFile.read(path, what: "the stroke file")
                loaded.templates.append(try StrokeTemplate(name: name, text: text))
                loaded.paths[name] = path
            } catch let error as StrokeTemplate.FileError {
                loaded.problems.append(printableText("skipped the stroke file \(path): \(error.description)"))
            } catch {
                loaded.problems.append(printableText("skipped the stroke file \(path): \(error)"))
            }
        }
        return loaded
    }

    /// The names in `directory`, sorted; none when it does not exist.
    private static func files(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// Saves a taught stroke as `NAME.stroke` in the user's folder (made if missing),
    /// through a temporary file renamed over the old one, and answers where (the session's
    /// `taught` event, and so its `teach` line, names the file). A stroke that cannot be
    /// saved is told as a `template` warning, and the reason returned for the lesson to
    /// show (it stays; its line says `unsaved`).
    static func save(_ lesson: StrokeLesson, log: EventLog?) -> StrokeKeeping {
        do {
            guard let directory = userDirectory else { throw UsageError("neither XDG_CONFIG_HOME nor an absolute HOME is set") }
            try DataFolder.makeDirectories(directory)
            let path = "\(directory)/\(lesson.name).stroke"
            let bytes = Array(StrokeTemplate.text(examples: lesson.examples).utf8)
            let temporary = "\(path).\(getpid()).tmp"
            // O_EXCL: a link planted under the temporary name is never written through; a
            // leftover of a crashed client of the same pid is removed (the name only) first.
            var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0, errno == EEXIST, unlink(temporary) == 0 {
                fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            guard fd >= 0 else { throw UsageError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let closed = close(fd)
            guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw UsageError("cannot write \(path): \(reason)")
            }
            return .saved(path: path)
        } catch {
            let reason = printableText("\(error)")
            log.tell("the stroke '\(lesson.name)' was not saved: \(reason)", kind: .template)
            // On screen, the system's reason without the folder's path, which does not fit.
            let why = reason.split(separator: ":").last.map { String($0.drop { $0 == " " }) } ?? reason
            return .failed(reason: "\(why): the warning says where; Save tries again")
        }
    }
}
