import Plot
import TouchCore

/// The report as one self-contained HTML page (docs/qualify.md, "The report"): the
/// verdict at the top, then each step's contacts plotted against what was asked with
/// every validator's figure, threshold and verdict, coloured, then the report-rate and
/// latency histograms. No script, no file beside it: every text from the log goes in as
/// escaped text (`.text`), never in an attribute, and `ReportToolTests` parses the page for
/// any `<script>` or `on...` attribute.
public enum ReportHTML {
    public static func render(_ report: QualifyReport) -> String {
        // Control characters shown, not passed on: a compositor named with raw bytes once put
        // them in the page's title and heading.
        let title = printableText("touchspots qualify: \(report.plan)" + (report.compositor.map { " on \($0)" } ?? ""))
        let html = HTML(
            .head(
                .meta(.charset(.utf8)),
                // Not Plot's `.title`: it repeats the title in `twitter:title` and
                // `og:title` attributes without escaping them, and a plan named
                // `x"><script>` then put a script in the page.
                .element(named: "title", nodes: [.text(title)]),
                .style(css)
            ),
            .body(
                .h1(.text(title)),
                .p(.class(report.summary.qualified ? "verdict pass" : "verdict fail"),
                   .text(headline(report))),
                .table(.class("facts"), .tbody(.group(facts(report).map { fact in
                    .tr(.th(.text(fact.0)), .td(.text(printableText(fact.1))))
                }))),
                .p(.class("legend"), .text(legend)),
                .group(report.steps.map { step(_: $0, panel: report.scale.panel) }),
                .section(
                    .h2("Report rate, as delivered"),
                    .p(.text("Every interval between two reports of one contact, over the whole run, in ms; the dashed line is 16.7 ms (60 Hz)."
                             + (report.reportIntervals.median.map { " Median \(fixed($0)) ms." } ?? ""))),
                    .raw(ReportSVG.histogram(report.reportIntervals, label: "report intervals", mark: 1000.0 / 60))
                ),
                .section(
                    .h2("Latency"),
                    .p("From the presented lines: each commit that drew a touch, in stages (docs/event-log.md, \"Latency\")."),
                    .table(.class("verdicts"),
                        .thead(.tr(.th("stage"), .th("p50"), .th("p95"), .th("p99"), .th("commits"))),
                        .tbody(.group(latencyRows(report.latency).map { row in
                            .tr(.td(.text(row.name)), .group(row.cells.map { .td(.text($0)) }))
                        }))),
                    .unwrap(report.latency.presentHistogram) {
                        .group(.p("Input to screen, every commit, ms:"), .raw(ReportSVG.histogram($0, label: "input to screen")))
                    }
                )
            )
        )
        return html.render(indentedBy: .spaces(1))
    }

    static func headline(_ report: QualifyReport) -> String {
        let s = report.summary
        var text = report.summary.qualified ? "Qualified: " : "Not qualified: "
        text += "\(s.passed) of \(s.checks) checks passed"
        if s.stepsSkipped > 0 { text += ", \(s.stepsSkipped) step\(s.stepsSkipped == 1 ? "" : "s") skipped" }
        if s.stepsNotReached > 0 { text += ", \(s.stepsNotReached) not reached" }
        return text + "."
    }

    static func facts(_ report: QualifyReport) -> [(String, String)] {
        var facts: [(String, String)] = [("plan", report.plan), (report.recording == nil ? "log" : "recording", report.source)]
        facts += report.provenance.map { ($0.label, $0.text) }
        let scale = report.scale
        facts.append(("scale", "\(fixed(scale.millimetresPerPixel, 5)) mm per pixel, "
                      + scale.from.text
                      + "; panel \(fixed(scale.panel[0])) x \(fixed(scale.panel[1])) mm"))
        facts.append(("judged again", report.agreesWithLiveRun
                      ? "the verdicts judged from the log are the ones the run showed"
                      : "the verdicts judged from the log differ from the ones the run showed (the log was edited, or the judge changed)"))
        return facts
    }

    /// A step's section, its heading and frame in its verdict's colour (`ReportSVG.StepState`)
    /// and its verdict in a mark and a word as well, for a reader who does not tell red
    /// from green.
    static func step(_ step: QualifyReport.Step, panel: [Double]) -> Node<HTML.BodyContext> {
        let state = ReportSVG.StepState(step)
        let (name, said) = switch state {
        case .passed: ("pass", "✓ passed")
        case .failed: ("fail", "✗ FAILED")
        case .notJudged: ("skip", "– \(step.state.rawValue)")
        }
        return .section(.class("step \(name)"),
            .h2(.text("Step \(step.number): \(step.kind?.rawValue ?? "(not reached)")"), .span(.class("said"), .text(said))),
            .if(step.state == .judged, .div(.class("figure"), .raw(ReportSVG.step(step, panel: panel)))),
            .if(!step.verdicts.isEmpty, .table(.class("verdicts"),
                .thead(.tr(.th("validator"), .th("figure"), .th("threshold"), .th("verdict"), .th("detail"))),
                .tbody(.group(step.verdicts.map { v in
                    .tr(.class(v.passed ? "pass" : "fail"),
                        .td(.text(v.validator.rawValue)),
                        .td(.text(v.measured.map { "\(number($0)) \(v.unit)" } ?? "not measured")),
                        .td(.text("\(v.comparison.rawValue) \(number(v.threshold)) \(v.unit)")),
                        .td(.text(v.passed ? "pass" : "FAIL")),
                        .td(.text(v.detail)))
                }))
            ))
        )
    }

    static let legend = "Each step's plot shows the part of the panel its touches were in, in millimetres from the panel's "
        + "top-left (the panel white, off it grey; the inset shows where on the panel): what was asked in blue, each "
        + "contact a colour with its first report ringed, and in red where each failed check failed, with its size. "
        + "A plot framed red is a step that failed a check, green one that passed them all, grey one not judged."

    static func latencyRows(_ latency: QualifyReport.Latency) -> [(name: String, cells: [String])] {
        [("input to read (the compositor, the socket)", latency.inputToRead),
         ("read to commit (touchspots)", latency.touchToCommit),
         ("commit to screen (the compositor's repaint)", latency.commitToPresent),
         ("input to screen, the whole", latency.touchToPresent)].map { name, p in
            guard let p else { return (name, ["not measured", "", "", ""]) }
            return (name, ["\(fixed(p.p50, 2)) ms", "\(fixed(p.p95, 2)) ms", "\(fixed(p.p99, 2)) ms", "\(p.count)"])
        }
    }

    /// A figure as a person reads it: whole numbers whole, others to the thousandth.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : fixed(value, 3)
    }

    static func fixed(_ value: Double, _ decimals: Int = 1) -> String { TouchCore.fixed(value, decimals: decimals) }

    static let css = """
    body { font-family: "DejaVu Sans", sans-serif; margin: 24px; color: #222; max-width: 1100px; }
    h1 { font-size: 24px; } h2 { font-size: 18px; margin: 0 0 8px; }
    .verdict { font-size: 20px; font-weight: bold; padding: 10px 14px; border-radius: 6px; }
    .verdict.pass { background: #d3f9d8; color: #2b8a3e; } .verdict.fail { background: #ffe3e3; color: #c92a2a; }
    table { border-collapse: collapse; margin: 8px 0; } th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #e9ecef; }
    .facts th { color: #666; font-weight: normal; }
    section { margin: 18px 0; padding: 12px; border: 1px solid #dee2e6; border-radius: 6px; }
    section.step.fail { border-left: 6px solid #c92a2a; } section.step.pass { border-left: 6px solid #2b8a3e; }
    section.step.skip { border-left: 6px solid #adb5bd; color: #666; }
    .said { margin-left: 12px; } .fail > h2 .said { color: #c92a2a; } .pass > h2 .said { color: #2b8a3e; }
    .legend { color: #555; font-size: 14px; }
    tr.pass td:nth-child(4) { color: #2b8a3e; font-weight: bold; } tr.fail td:nth-child(4) { color: #c92a2a; font-weight: bold; }
    tr.fail { background: #fff5f5; } .verdicts td:nth-child(-n+4) { white-space: nowrap; }
    .figure { margin: 6px 0; }
    """
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
