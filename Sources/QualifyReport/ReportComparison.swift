/// Two reports side by side (docs/qualify.md, "Comparing two runs"): a panel before and
/// after a firmware update, one driver against another, one compositor against another.
/// Rows are matched by step number and validator; a row whose verdict differs is marked.
public struct ReportComparison: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var step: Int
        public var kind: String
        public var validator: String
        public var a: QualifyReport.Verdict?
        public var b: QualifyReport.Verdict?
        /// One passed where the other failed, or one has the verdict the other lacks.
        public var changed: Bool { a?.passed != b?.passed }
    }

    public var a: QualifyReport
    public var b: QualifyReport
    public var rows: [Row]

    public init(_ a: QualifyReport, _ b: QualifyReport) {
        self.a = a
        self.b = b
        var rows: [Row] = []
        let numbers = Set(a.steps.map(\.number) + b.steps.map(\.number)).sorted()
        for number in numbers {
            let sa = a.steps.first { $0.number == number }, sb = b.steps.first { $0.number == number }
            let kind = [sa?.kind, sb?.kind].compactMap { $0 }.first { !$0.isEmpty } ?? ""
            var validators: [String] = []
            for v in (sa?.verdicts ?? []) + (sb?.verdicts ?? []) where !validators.contains(v.validator) {
                validators.append(v.validator)
            }
            for validator in validators {
                rows.append(Row(step: number, kind: kind, validator: validator,
                                a: sa?.verdicts.first { $0.validator == validator },
                                b: sb?.verdicts.first { $0.validator == validator }))
            }
        }
        self.rows = rows
    }

    /// The comparison as a text table, one row per step and validator: figure and verdict
    /// of A, of B, and `<>` where the verdicts differ.
    public var text: String {
        func name(_ r: QualifyReport) -> String { r.compositor.map { "\(r.source) (\($0))" } ?? r.source }
        func cell(_ v: QualifyReport.Verdict?) -> String {
            guard let v else { return "-" }
            return (v.figure.map { "\(ReportHTML.fixed($0, 3)) \(v.unit)" } ?? "not measured") + (v.passed ? " pass" : " FAIL")
        }
        var lines = ["A: \(name(a)): \(ReportHTML.headline(a))", "B: \(name(b)): \(ReportHTML.headline(b))", ""]
        let table = rows.map { ["\($0.step) \($0.kind)", $0.validator, cell($0.a), cell($0.b), $0.changed ? "<>" : ""] }
        let header = ["step", "validator", "A", "B", ""]
        let widths = (0..<header.count).map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
        for row in [header] + table {
            lines.append(zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingSuffixSpaces())
        }
        let changed = rows.filter(\.changed).count
        lines.append("")
        lines.append(changed == 0 ? "No verdict differs." : "\(changed) verdict\(changed == 1 ? "" : "s") differ.")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
