import Glibc
import TouchCore

/// A problem the person can fix (bad flag value, unwritable path, no fonts): printed as
/// one line, exit status 1.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One line on standard error, named as touchspots'. Control characters are shown as
/// `\u{1B}` (a value of the user's, echoed in a message, cannot drive the terminal or
/// start a second line) and a message past 2,000 characters is cut, as the harness and
/// the report tool tell theirs.
package func printError(_ message: String) {
    let line = Array("touchspots: \(printableText(message, limit: 2_000))\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
