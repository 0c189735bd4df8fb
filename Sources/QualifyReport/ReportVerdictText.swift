import TouchCore

/// The verdict as `touchspots-report` says it on a terminal (docs/qualify.md, "The verdict
/// on the terminal"): what a panel maker reads first, so it names what failed rather than
/// sending them to the HTML page for it.
extension QualifyReport {
    /// The summary ("16 of 18 checks passed, not qualified"), then one line per failed
    /// check ("  step 3 taps: tap offset 4.137 mm, limit at most 2.000 mm"), and one per
    /// step not judged ("  step 5 pinch: skipped"), in the steps' order. A run that judged nothing says so rather
    /// than "0 of 0 checks passed", which read like a pass. Texts from the report (names,
    /// units, details) are escaped and cut as `compare` shows them: a hostile log's escape
    /// sequences are shown, not run.
    public var verdictLines: [String] {
        let s = summary
        func stepCount(_ count: Int) -> String { "\(count) step\(count == 1 ? "" : "s")" }
        var notJudged: [String] = []
        if s.stepsSkipped > 0 { notJudged.append("\(stepCount(s.stepsSkipped)) skipped") }
        if s.stepsNotReached > 0 { notJudged.append("\(notJudged.isEmpty ? stepCount(s.stepsNotReached) : "\(s.stepsNotReached)") not reached") }
        let verdict = s.qualified ? "qualified" : "not qualified"
        var lines: [String]
        if s.stepsJudged == 0 {
            lines = ["no step was judged" + (notJudged.isEmpty ? "" : " (\(notJudged.joined(separator: ", ")))") + ", \(verdict)"]
        } else {
            lines = ["\(s.passed) of \(s.checks) checks passed" + notJudged.map { "; \($0)" }.joined() + ", \(verdict)"]
        }
        // Steps not reached, one line a run of them ("  steps 3 to 8: not reached"): a run
        // stopped early said so in one line a step, 60 lines for the chromeos plan.
        var unreached: [Int] = []
        func sayUnreached() {
            guard let first = unreached.first, let last = unreached.last else { return }
            lines.append(first == last ? "  step \(first): not reached" : "  steps \(first) to \(last): not reached")
            unreached = []
        }
        for step in steps {
            if step.state == .notReached, step.kind == nil, unreached.last.map({ $0 + 1 == step.number }) ?? true {
                unreached.append(step.number)
                continue
            }
            sayUnreached()
            let name = "step \(step.number)" + (step.kind.map { " \($0.rawValue)" } ?? "")
            switch step.state {
            case .judged:
                for verdict in step.verdicts where !verdict.passed {
                    lines.append("  \(name): \(Self.failure(verdict))")
                }
            case .skipped, .notReached:
                lines.append("  \(name): \(step.state.rawValue)")
            }
        }
        sayUnreached()
        return lines
    }

    /// "tap offset 4.137 mm, limit at most 2.000 mm (centroid 151.9, 47.5 mm)".
    static func failure(_ verdict: Verdict) -> String {
        let unit = verdict.unit.isEmpty ? "" : " \(ReportComparison.shown(verdict.unit))"
        let figure = verdict.measured.map { "\(verdict.figureText($0))\(unit)" } ?? "not measured"
        let limit = "\(verdict.comparison == .atMost ? "at most" : "at least") \(verdict.figureText(verdict.threshold))\(unit)"
        let detail = verdict.detail.isEmpty ? "" : " (\(ReportComparison.shown(verdict.detail)))"
        return "\(verdict.validator.rawValue) \(figure), limit \(limit)\(detail)"
    }
}

extension Verdict {
    /// Units whose figures count things: contacts taken or held, faults found, ids,
    /// touches. Such a figure is a whole number, and printed as one ("10 contacts", not
    /// "10.000 contacts", which read like a measurement).
    public static let countUnits: Set<String> = ["contacts", "faults", "ids", "touches"]

    /// `value` (the figure or the threshold) as the terminal shows it: a count whole, any
    /// other figure to the thousandth, as the log writes it.
    public func figureText(_ value: Double) -> String {
        fixed(value, decimals: Self.countUnits.contains(unit) ? 0 : 3)
    }
}
