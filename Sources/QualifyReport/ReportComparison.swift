import TouchCore
/// Two reports side by side (docs/qualify.md, "Running it, and the report"): a panel before and
/// after a firmware update, one driver against another, one compositor against another.
/// Rows are matched by step number and validator; a row whose verdict differs is marked.
public struct ReportComparison: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var step: Int
        public var kind: String
        public var validator: QualifyValidator
        public var a: Verdict?
        public var b: Verdict?
        /// One passed where the other failed, or one has the verdict the other lacks.
        public var changed: Bool { a?.passed != b?.passed }
    }

    public var a: QualifyReport
    public var b: QualifyReport
    public var rows: [Row]

    public init(_ a: QualifyReport, _ b: QualifyReport) {
        self.a = a
        self.b = b
        // Dictionaries, not searches: a report of 100,000 steps (or validators) compared in
        // a second, not in minutes. The first step of a number, and its first verdict of a
        // validator, count, as a search would have found them.
        func byNumber(_ report: QualifyReport) -> [Int: QualifyReport.Step] {
            var steps: [Int: QualifyReport.Step] = [:]
            for step in report.steps where steps[step.number] == nil { steps[step.number] = step }
            return steps
        }
        func byValidator(_ step: QualifyReport.Step?) -> [QualifyValidator: Verdict] {
            var verdicts: [QualifyValidator: Verdict] = [:]
            for verdict in step?.verdicts ?? [] where verdicts[verdict.validator] == nil { verdicts[verdict.validator] = verdict }
            return verdicts
        }
        let stepsA = byNumber(a), stepsB = byNumber(b)
        var rows: [Row] = []
        for number in Set(stepsA.keys).union(stepsB.keys).sorted() {
            let sa = stepsA[number], sb = stepsB[number]
            let kind = (sa?.kind ?? sb?.kind)?.rawValue ?? ""
            let verdictsA = byValidator(sa), verdictsB = byValidator(sb)
            var seen: Set<QualifyValidator> = []
            for v in (sa?.verdicts ?? []) + (sb?.verdicts ?? []) where seen.insert(v.validator).inserted {
                rows.append(Row(step: number, kind: kind, validator: v.validator, a: verdictsA[v.validator], b: verdictsB[v.validator]))
            }
        }
        self.rows = rows
    }

    /// How many rows' verdicts differ: `touchspots-report compare` exits 1 when any does,
    /// so that a script can ask "did anything change?" without reading the
    /// table.
    public var differing: Int { rows.filter(\.changed).count }

    /// No real cell comes near it ("no reversed motion", "99.997 Hz pass").
    static let widestColumn = 80

    /// The most of one text of a report (a name, a unit, a source) the table shows.
    static let longestText = 160

    /// `text` from a report as the table shows it: on a terminal, so its control
    /// characters escaped (a report's escape sequences are shown, not run), and cut at
    /// `longestText` with an ellipsis (a hostile report's 2 MB unit filled the screen).
    static func shown(_ text: String) -> String {
        let printable = printableText(text.count > longestText ? String(text.prefix(longestText)) : text)
        return text.count > longestText ? printable + "…" : printable
    }

    /// The comparison as a text table, one row per step and validator: figure and verdict
    /// of A, of B, and `<>` where the verdicts differ.
    public var text: String {
        func name(_ r: QualifyReport) -> String { Self.shown(r.compositor.map { "\(r.source) (\($0))" } ?? r.source) }
        func cell(_ v: Verdict?) -> String {
            guard let v else { return "-" }
            // A count whole ("10 contacts"), other figures to the thousandth.
            return (v.measured.map { "\(v.figureText($0)) \(Self.shown(v.unit))" } ?? "not measured") + (v.passed ? " pass" : " FAIL")
        }
        var lines = ["A: \(name(a)): \(Self.shown(ReportHTML.headline(a)))", "B: \(name(b)): \(Self.shown(ReportHTML.headline(b)))", ""]
        let table = rows.map { ["\($0.step) \(Self.shown($0.kind))", $0.validator.rawValue, cell($0.a), cell($0.b), $0.changed ? "<>" : ""] }
        let header = ["step", "validator", "A", "B", ""]
        // Columns as wide as their widest cell, up to `widestColumn`: a hostile report's
        // 20 MB validator name padded every row to it (400 MB printed, 1.2 GB held); a
        // longer cell (cut at `longestText`) overflows its own row only.
        let widths = (0..<header.count).map { column in
            min(Self.widestColumn, ([header] + table).map { $0[column].count }.max() ?? 0)
        }
        for row in [header] + table {
            lines.append(zip(row, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }.joined(separator: "  ")
                .trimmingSuffixSpaces())
        }
        let changed = differing
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
