/// Where each line of a list of verdicts goes: headed sections (a step's name, then its
/// verdicts) flowed down columns, as many columns side by side as the area's width holds,
/// and pages of those when even the smallest size does not fit one screen. Pure geometry
/// over a text measure, so the core's tests can check every line lies inside the window
/// and none overlaps another at any size (`VerdictsLayoutTests`).
public struct VerdictsLayout: Equatable, Sendable {
    /// How a line reads: a step's heading, a verdict that passed or failed, or a step that
    /// was skipped (its heading says so; it has no verdicts).
    public enum Tone: Equatable, Sendable { case heading, pass, fail, skipped }

    public struct Line: Equatable, Sendable {
        public var text: String
        public var tone: Tone
        public init(_ text: String, tone: Tone) { self.text = text; self.tone = tone }
    }

    /// A step's lines: its heading (none while a step is on screen: the prompt names it),
    /// then its verdicts.
    public struct Section: Equatable, Sendable {
        public var heading: Line?
        public var verdicts: [Line]
        public init(heading: Line?, verdicts: [Line]) { self.heading = heading; self.verdicts = verdicts }
        var lines: [Line] { (heading.map { [$0] } ?? []) + verdicts }
    }

    /// A line placed: its frame in the area's coordinates (the area's origin is 0, 0).
    public struct Item: Equatable, Sendable {
        public var line: Line
        public var frame: Rect
    }

    /// Each page's lines; one page when everything fits.
    public private(set) var pages: [[Item]] = [[]]
    /// The size the lines are set at: the largest from the preferred down to the smallest
    /// that fits one page, else the smallest.
    public private(set) var fontSize: Double

    /// A line's height, in font sizes: room for descenders and a little air.
    public static let lineSpacing = 1.45

    /// A measure for when the renderer's is not at hand (the core's tests): DejaVu Sans's
    /// digits are 0.64 em and its letters average under 0.56, so 0.62 em a character errs
    /// wide, and a wide guess only costs room.
    public static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * 0.62 * fontSize
    }

    /// Lays `sections` out in an area of `size`: columns centred across it when `centred`,
    /// else from its left edge; verdicts indented under their heading.
    public init(sections: [Section], in size: Size, fontSize preferred: Double, smallest: Double, centred: Bool,
                measure: (String, Double) -> Double = VerdictsLayout.estimatedWidth) {
        fontSize = preferred
        var trying = preferred
        while true {
            if let pages = Self.flow(sections, in: size, fontSize: trying, centred: centred, measure: measure),
               pages.count == 1 || trying <= smallest {
                self.pages = pages
                fontSize = trying
                return
            }
            if trying <= smallest { break }
            trying = max(smallest, trying - 1)
        }
        // The widest line is wider than the area even at the smallest size: one column,
        // its longest lines cut at the area's edge, is the most that can be shown.
        fontSize = smallest
        pages = Self.flow(sections, in: size, fontSize: smallest, centred: centred, measure: measure, cut: true) ?? [[]]
    }

    /// The lines' pages at `fontSize`; nil when the widest line does not fit the area's
    /// width, unless `cut` (then the column is the area's width).
    private static func flow(_ sections: [Section], in size: Size, fontSize: Double, centred: Bool,
                             measure: (String, Double) -> Double, cut: Bool = false) -> [[Item]]? {
        let height = fontSize * lineSpacing
        let indent = fontSize * 1.2
        let rows = max(1, Int(size.height / height))
        let widest = sections.flatMap { section in
            section.lines.map { measure($0.text, fontSize) + ($0.tone == .heading || section.heading == nil ? 0 : indent) }
        }.max() ?? 0
        guard widest <= size.width || cut else { return nil }
        let width = min(widest, size.width)
        let gap = 2 * fontSize
        let perPage = max(1, Int((size.width + gap) / (width + gap)))
        // Rows of lines, column by column: a section that does not fit what is left of a
        // column starts the next, so that a heading stays with its verdicts.
        var columns: [[(line: Line, indented: Bool)]] = [[]]
        for section in sections {
            let lines = section.lines
            if !columns[columns.count - 1].isEmpty && columns[columns.count - 1].count + lines.count > rows && lines.count <= rows {
                columns.append([])
            }
            for line in lines {
                if columns[columns.count - 1].count == rows { columns.append([]) }
                columns[columns.count - 1].append((line, line.tone != .heading && section.heading != nil))
            }
        }
        var pages: [[Item]] = []
        for start in stride(from: 0, to: columns.count, by: perPage) {
            let shown = columns[start..<min(columns.count, start + perPage)]
            let total = Double(shown.count) * width + Double(shown.count - 1) * gap
            let left = centred ? max(0, (size.width - total) / 2) : 0
            var page: [Item] = []
            for (c, column) in shown.enumerated() {
                let x = left + Double(c) * (width + gap)
                for (r, entry) in column.enumerated() {
                    let inset = entry.indented ? indent : 0
                    page.append(Item(line: entry.line, frame: Rect(x: x + inset, y: Double(r) * height, width: width - inset,
                                                                   height: height)))
                }
            }
            pages.append(page)
        }
        return pages.isEmpty ? [[]] : pages
    }
}

extension VerdictsLayout.Line {
    /// A verdict as the screen writes it: a mark (✓ or ✗, so that a pass is not told by its
    /// colour alone), the validator, its figure with its unit and its limit ("✓ tap offset:
    /// 1.20 mm (≤ 2.50)"; the unit once, so that a line fits a column of a small window).
    public init(_ verdict: Verdict) {
        let unit = verdict.unit.isEmpty ? "" : " \(verdict.unit)"
        let figure = verdict.measured.map { Self.number($0) + unit } ?? "not measured"
        let comparison = verdict.comparison == .atMost ? "≤" : "≥"
        self.init("\(verdict.passed ? "✓" : "✗") \(verdict.validator.rawValue): \(figure) (\(comparison) \(Self.number(verdict.threshold)))",
                  tone: verdict.passed ? .pass : .fail)
    }

    /// Whole numbers whole (contacts, limits such as 60 Hz), others to the hundredth.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : fixed(value, decimals: 2)
    }
}
