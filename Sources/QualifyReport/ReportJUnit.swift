import TouchCore
import Plot

/// The report as JUnit XML, so that a compositor's CI can gate on a qualify run: one
/// test suite per step, one test case per validator run (a failed verdict is a
/// `<failure>` with its figure against its threshold). Skipped and unreached steps run no
/// validator, so they have no test case; their suites say so in `skipped="1"`.
public enum ReportJUnit {
    public static func render(_ report: QualifyReport) -> String {
        let name = "touchspots qualify \(report.plan)" + (report.compositor.map { " on \($0)" } ?? "")
        let xml = XML(.element(named: "testsuites", nodes: [
            .attribute(named: "name", value: escaped(name)),
            .attribute(named: "tests", value: String(report.summary.checks)),
            .attribute(named: "failures", value: String(report.summary.failed)),
        ] + report.steps.map { suite($0, report: report) }))
        return xmlCharacters(xml.render(indentedBy: .spaces(1))) + "\n"
    }

    /// The document with every character XML 1.0 forbids (control characters other than
    /// tab, newline and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD: a plan name
    /// or compositor name holding them made a file no JUnit reader parses. The markup
    /// itself holds none, so the whole text is filtered once.
    static func xmlCharacters(_ text: String) -> String {
        func allowed(_ v: UInt32) -> Bool {
            v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
        }
        guard !text.unicodeScalars.allSatisfy({ allowed($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(allowed(scalar.value) ? scalar : "\u{FFFD}") }
        return String(out)
    }

    private static func suite(_ step: QualifyReport.Step, report: QualifyReport) -> Node<XML.DocumentContext> {
        let kind = step.kind?.rawValue ?? "not-reached"
        let suiteName = "step \(step.number) \(kind)"
        var nodes: [Node<XML.DocumentContext>] = [
            .attribute(named: "name", value: escaped(suiteName)),
            .attribute(named: "tests", value: String(step.verdicts.count)),
            .attribute(named: "failures", value: String(step.verdicts.filter { !$0.passed }.count)),
            .attribute(named: "skipped", value: step.state == .judged ? "0" : "1"),
        ]
        // What ran, on what and when (`provenance`), where CI shows a suite's properties.
        let facts = report.provenance
        if !facts.isEmpty {
            nodes.append(.element(named: "properties", nodes: facts.map { fact in
                .element(named: "property", nodes: [.attribute(named: "name", value: escaped(fact.label)),
                                                     .attribute(named: "value", value: escaped(fact.text))])
            }))
        }
        for verdict in step.verdicts {
            let figure = verdict.measured.map { "\($0) \(verdict.unit)" } ?? "not measured"
            var caseNodes: [Node<XML.DocumentContext>] = [
                .attribute(named: "classname", value: escaped("touchspots.qualify.step\(step.number).\(kind)")),
                .attribute(named: "name", value: escaped(verdict.validator.rawValue)),
            ]
            if !verdict.passed {
                caseNodes.append(.element(named: "failure", nodes: [
                    .attribute(named: "message", value: escaped("\(figure), needs \(verdict.comparison.rawValue) \(verdict.threshold) \(verdict.unit)")),
                    .text(verdict.detail),
                ]))
            } else {
                caseNodes.append(.element(named: "system-out", nodes: [.text("\(figure) (\(verdict.comparison.rawValue) \(verdict.threshold)) \(verdict.detail)")]))
            }
            nodes.append(.element(named: "testcase", nodes: caseNodes))
        }
        return .element(named: "testsuite", nodes: nodes)
    }

    /// An attribute's value escaped: Plot writes attribute values as they are given (a
    /// verdict's "<=" broke the XML until `OfflineJudgeTests` parsed it).
    static func escaped(_ value: String) -> String { markupEscaped(value) }
}
