import ArgumentParser
import Glibc

/// How the three tools (`touchspots`, `touchspots-harness`, `touchspots-report`) end on an
/// error, declared once: every error is one line on standard error and a bad argument is
/// status 64 (the README's promise). argument-parser's own message runs to three or four
/// lines with the usage, so it is cut to its message; help and the version print as
/// argument-parser prints them.
extension ParsableCommand {
    /// Parses the command line and runs the command; an error ends the program through
    /// `exitTelling(_:_:)`.
    public static func mainTellingErrorsInOneLine(_ tell: (String) -> Void) {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitTelling(error, tell)
        }
    }

    /// Ends the program for `error`: an `ExitCode` with its status, help and the version as
    /// argument-parser prints them, anything else as its message in one line given to
    /// `tell` (which escapes what a terminal would run), with argument-parser's status
    /// (64 for a bad argument, else 1).
    public static func exitTelling(_ error: Error, _ tell: (String) -> Void) -> Never {
        if let code = error as? ExitCode { Glibc.exit(code.rawValue) }
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        var line = message(for: error).split(separator: "\n")
            .map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }.joined(separator: "; ")
        if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
        tell(line)
        Glibc.exit(code.rawValue)
    }
}
