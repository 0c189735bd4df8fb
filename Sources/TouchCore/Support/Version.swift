/// touchspots' version: the one place it is written. `touchspots --version` prints it
/// first (scripts/package reads it there), the event log's `run` line names it, and the
/// surface probe's `--version` is it too.
public let touchspotsVersion = "0.1.0"

/// What `--version` prints in touchspots, touchspots-harness and touchspots-report: the
/// version alone on the first line (scripts/package reads it there), then under what terms
/// the binary may be copied, as GNU tools' --version does. One text, so that the three
/// tools of one package never say different things.
public let touchspotsVersionText =
    "\(touchspotsVersion)\nMIT License, copyright the touchspots authors (the LICENSE file; /usr/share/doc/touchspots/copyright)"
