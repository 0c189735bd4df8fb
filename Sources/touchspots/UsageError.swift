/// A problem the person can fix (bad flag value, unwritable path, no fonts): printed as
/// one line, exit status 1.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
