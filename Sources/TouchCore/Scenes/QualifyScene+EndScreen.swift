/// The verdicts on screen: a judged step's under the guide, and at the end every step's
/// under its name, with the run's outcome as the first line (docs/qualify.md, "The end
/// screen").
extension QualifyScene {
    /// What the run came to, by the rule the report's summary uses.
    public var outcome: QualifyOutcome {
        let judged = results.compactMap { $0 }
        let verdicts = judged.flatMap { $0 }
        return QualifyOutcome(steps: steps.count, judged: judged.count, checks: verdicts.count,
                              passed: verdicts.filter(\.passed).count)
    }

    /// Every step under its number and name ("3 · Taps"), then its verdicts; a skipped
    /// step's heading says so.
    var endSections: [VerdictsLayout.Section] {
        steps.indices.map { index in
            let name = "\(index + 1) · \(steps[index].kind.title)"
            guard results.indices.contains(index), let verdicts = results[index] else {
                return VerdictsLayout.Section(heading: VerdictsLayout.Line("\(name): skipped", tone: .skipped), verdicts: [])
            }
            return VerdictsLayout.Section(heading: VerdictsLayout.Line(name, tone: .heading),
                                          verdicts: verdicts.map(VerdictsLayout.Line.init))
        }
    }

    func showVerdicts(_ sections: [VerdictsLayout.Section]) {
        shownSections = sections
        guard let window else { return }
        layoutVerdicts(in: window.bounds, unit: Self.unit(of: window.bounds), keepingPage: false)
    }

    /// The window's scale of things: 1 at 800 x 600, within 0.5 to 1.5.
    static func unit(of bounds: Rect) -> Double { max(0.5, min(1.5, min(bounds.width / 800, bounds.height / 600))) }

    /// Lays the verdicts out for `bounds`. While a step is on screen they sit left, under
    /// the guide's middle, as they always have. At the end they take the whole window
    /// under the prompt and the log's note, in columns centred across it; when even the
    /// smallest size does not fit them all, pages, with Previous and Next and the page's
    /// number centred at the bottom.
    func layoutVerdicts(in bounds: Rect, unit: Double, keepingPage: Bool) {
        let measure = window?.measureText ?? VerdictsLayout.estimatedWidth
        let pageControl = [previousPageButton, pageLabel, nextPageButton] as [View]
        guard finished else {
            for view in pageControl { view.isHidden = true }
            verdictsView.frame = Rect(x: 12 * unit, y: bounds.height * 0.55, width: bounds.width * 0.6,
                                      height: bounds.height * 0.45 - 12 * unit)
            verdictsView.show(VerdictsLayout(sections: shownSections, in: verdictsView.frame.size, fontSize: 17 * unit,
                                             smallest: 12, centred: false, measure: measure), keepingPage: keepingPage)
            return
        }
        if let logPath {
            note.text = Self.note(logPath: logPath, characters: Int((bounds.width - 24) / (Self.smallestNote * 0.56)))
            fitPrompt()
        }
        let top = (note.text.isEmpty ? prompt.frame.maxY : note.frame.maxY) + 8 * unit
        let margin = 12 * unit
        var area = Rect(x: margin, y: top, width: bounds.width - 2 * margin, height: bounds.height - top - margin)
        func laidOut() -> VerdictsLayout {
            VerdictsLayout(sections: shownSections, in: area.size, fontSize: 20 * unit, smallest: max(11, 12 * unit),
                           centred: true, measure: measure)
        }
        var layout = laidOut()
        let button = Size(width: 130 * unit, height: 48 * unit)
        let paged = layout.pages.count > 1
        if paged {
            area.size.height -= button.height + margin
            layout = laidOut()
            let label = 150 * unit, spacing = 12 * unit
            let left = (bounds.width - 2 * button.width - label - 2 * spacing) / 2
            let y = bounds.height - button.height - margin
            previousPageButton.frame = Rect(x: left, y: y, width: button.width, height: button.height)
            pageLabel.frame = Rect(x: left + button.width + spacing, y: y, width: label, height: button.height)
            nextPageButton.frame = Rect(x: pageLabel.frame.maxX + spacing, y: y, width: button.width, height: button.height)
            for control in [previousPageButton, nextPageButton] { control.fontSize = 20 * unit }
            pageLabel.fontSize = 18 * unit
        }
        for view in pageControl { view.isHidden = !paged }
        verdictsView.frame = area
        verdictsView.show(layout, keepingPage: keepingPage)
        tellPage()
    }

    /// The smallest size the log's note is set at: a path smaller than this is no use.
    static let smallestNote = 12.0

    /// Where the run's log is, in at most `characters`: whole with what makes its report
    /// when that fits, else the path alone, else the path with its middle left out (its
    /// start and its file's name kept; standard error says it whole).
    static func note(logPath: String, characters: Int) -> String {
        let whole = "The run's log: \(logPath) (touchspots-report makes its report)"
        guard whole.count > characters else { return whole }
        let lead = "The run's log: "
        guard lead.count + logPath.count > characters else { return lead + logPath }
        let room = max(2, characters - lead.count - 1)
        let head = room / 3
        return lead + logPath.prefix(head) + "…" + logPath.suffix(room - head)
    }

    /// Previous from the first page goes to the last, Next from the last to the first: both
    /// buttons always do something, so neither needs a disabled look.
    func turn(by pages: Int) {
        let count = verdictsView.layout.pages.count
        verdictsView.page = ((verdictsView.page + pages) % count + count) % count
        tellPage()
    }

    private func tellPage() {
        pageLabel.text = "Page \(verdictsView.page + 1) of \(verdictsView.layout.pages.count)"
    }
}
