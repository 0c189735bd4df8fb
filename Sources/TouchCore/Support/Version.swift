/// touchspots' version: the one place it is written. `touchspots --version` prints it
/// first (scripts/package reads it there), the event log's `run` line names it, and the
/// surface probe's `--version` is it too.
public let touchspotsVersion = "0.1.0"
