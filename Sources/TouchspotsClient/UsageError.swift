import Glibc

/// A problem the person can fix (bad flag value, unwritable path, no fonts): printed as
/// one line, exit status 1.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One line on standard error, named as touchspots'.
package func printError(_ message: String) {
    let line = Array("touchspots: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
