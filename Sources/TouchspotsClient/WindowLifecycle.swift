import EventLogFormat

/// Where the window is in its life, as the app wires it: configured or not, what it last
/// logged of its configuration, the commit a configure is owed, the decorations warning
/// said once, and the harness's sync requests. One small value the
/// app keeps, so its flags change in one place and say why.
struct WindowLifecycle {
    /// A configure arrived for the current surface: drawing may start.
    private(set) var isConfigured = false
    /// A configure is acknowledged, and libdecor's frame for it (subsurfaces, in sync mode)
    /// shown, only by a commit of the window's surface: owed even when nothing is redrawn.
    private(set) var owesCommit = false
    /// The last `configure` line, so an unchanged configure (a focus change, a repeated
    /// state) is not logged again.
    private var lastConfigure: LogLine?
    private var reportedDecorationProblem = false
    /// SIGUSR1s received and answered with a `sync` line.
    private var syncsRequested = 0
    private var syncsAnswered = 0

    /// A configure arrived; returns its line when it differs from the last one logged.
    mutating func configured(_ line: LogLine) -> LogLine? {
        isConfigured = true
        owesCommit = true
        guard line != lastConfigure else { return nil }
        lastConfigure = line
        return line
    }

    /// The window's surface was committed.
    mutating func committed() { owesCommit = false }

    /// The window got a new surface (libdecor's frame): it waits for its first configure.
    mutating func surfaceReplaced() {
        isConfigured = false
        owesCommit = false
    }

    /// Whether this decorations problem is the first (told once).
    mutating func firstDecorationProblem() -> Bool {
        defer { reportedDecorationProblem = true }
        return !reportedDecorationProblem
    }

    mutating func syncRequested() { syncsRequested += 1 }

    /// The count for a `sync` line when one is owed and the client has caught up (every
    /// event read is handled and nothing is left to draw); nil otherwise.
    mutating func syncAnswer(caughtUp: Bool) -> Int? {
        guard syncsRequested > syncsAnswered, isConfigured, caughtUp else { return nil }
        syncsAnswered = syncsRequested
        return syncsAnswered
    }
}
