import TouchCore

/// The report's figures as inline SVG (docs/qualify.md, "The report"): each step's
/// contacts against what was asked, and histograms. Inline, so that the HTML file is one
/// self-contained file a person can mail or attach to a bug.
enum ReportSVG {
    static let guideColour = "#3373e6"
    /// Neither green nor red: those are the verdict's colours (the frame, the marks), and a
    /// failing hold's contact was drawn green.
    static let contactColours = ["#e67700", "#862e9c", "#0b7285", "#364fc7", "#495057", "#9c6500", "#1098ad", "#5f3dc4",
                                 "#ae3ec9", "#3b5bdb"]
    static let markColour = "#e03131"
    static let gridColour = "#dee2e6", textColour = "#222"

    /// The colour of a step's frame and heading: its verdict's.
    static func colour(of state: StepState) -> String {
        switch state {
        case .passed: "#2b8a3e"
        case .failed: "#c92a2a"
        case .notJudged: "#adb5bd"
        }
    }

    /// A step's verdict as the page draws it: failed when any check failed, passed when
    /// every one passed, neither when it was skipped or not reached.
    enum StepState {
        case passed, failed, notJudged

        init(_ step: QualifyReport.Step) {
            self = step.state != .judged ? .notJudged : step.verdicts.contains { !$0.passed } ? .failed : .passed
        }
    }

    /// One step: the part of the panel its contacts, guide and failures lie in
    /// (`PlotFrame`), with axes in mm and a scale bar, framed in its verdict's colour; the
    /// panel white on grey, the guide in blue, every contact as a line through its reports
    /// with a dot at each, the first report ringed, and each failed check's place in red
    /// (`ReportMarks`).
    static func step(_ step: QualifyReport.Step, panel: [Double], plotWidth: Double = 480) -> String {
        let drawn = Array(step.contacts.prefix(drawnContacts))
        let marks = ReportMarks.marks(step, panel: panel)
        var held = drawn.flatMap { $0.compactMap { $0.count >= 3 ? Point(x: $0[1], y: $0[2]) : nil } }
        held += guidePoints(step.guide, panel: panel) + marks.flatMap(\.points)
        let frame = PlotFrame(holding: held, panel: panel, plotWidth: plotWidth)
        let state = StepState(step)
        let canvas = frame.canvas
        func x(_ v: Double) -> String { n(frame.x(v)) }
        func y(_ v: Double) -> String { n(frame.y(v)) }
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="\#(n(canvas.width))" height="\#(n(canvas.height))" role="img" aria-label="step \#(step.number) contacts">"#
        svg += #"<rect x="\#(n(PlotFrame.left))" y="\#(n(PlotFrame.top))" width="\#(n(frame.plotWidth))" height="\#(n(frame.plotHeight))" fill="\#(ReportSVG.gridColour)"/>"#
        if panel.count == 2 {
            // The panel clipped to the view by hand (an SVG clip path needs an id, unique in the page).
            let x0 = max(frame.x, 0), y0 = max(frame.y, 0)
            let x1 = min(frame.x + frame.width, panel[0]), y1 = min(frame.y + frame.height, panel[1])
            if x1 > x0, y1 > y0 {
                svg += #"<rect x="\#(x(x0))" y="\#(y(y0))" width="\#(n((x1 - x0) * frame.scale))" height="\#(n((y1 - y0) * frame.scale))" fill="white"/>"#
            }
        }
        svg += frame.axes(frame: colour(of: state))
        svg += guide(step, frame: frame, panel: panel)
        // Each tap asked for a place (the corners, a target) joined to where it landed,
        // so a mirrored or rotated mapping shows as crossing lines.
        let places: [Point] = if case .corners(let points) = step.guide { points } else { [] }
        if places.count == step.contacts.count {
            for (index, (place, contact)) in zip(places, step.contacts).prefix(drawnPlaces).enumerated() {
                guard let landed = contact.first, landed.count >= 3 else { continue }
                let colour = contactColours[index % contactColours.count]
                svg += #"<line x1="\#(x(place.x))" y1="\#(y(place.y))" x2="\#(x(landed[1]))" y2="\#(y(landed[2]))" stroke="\#(colour)" stroke-width="1" stroke-dasharray="4 3"/>"#
            }
        }
        // A step of a million reports would make a page of 68 MB: past `plottedReports`,
        // every contact keeps evenly spaced reports (its first and last among them).
        let total = drawn.reduce(0) { $0 + $1.count }
        let stride = max(1, (total + plottedReports - 1) / plottedReports)
        for (index, everyReport) in drawn.enumerated() {
            let contact = thinned(everyReport, stride: stride).filter { $0.count >= 3 }
            let colour = contactColours[index % contactColours.count]
            if contact.count > 1 {
                let points = contact.map { "\(x($0[1])),\(y($0[2]))" }.joined(separator: " ")
                svg += #"<polyline points="\#(points)" fill="none" stroke="\#(colour)" stroke-width="1.5"/>"#
            }
            for report in contact {
                svg += #"<circle cx="\#(x(report[1]))" cy="\#(y(report[2]))" r="1.6" fill="\#(colour)"/>"#
            }
            if let first = contact.first {
                svg += #"<circle cx="\#(x(first[1]))" cy="\#(y(first[2]))" r="4" fill="none" stroke="\#(colour)" stroke-width="1"/>"#
            }
        }
        var labels: [Label] = []
        svg += marks.map { draw($0, frame: frame, besides: &labels) }.joined()
        svg += frame.scaleBar() + frame.inset(panel: panel)
        if step.contacts.count > drawnContacts {
            svg += #"<text x="\#(n(PlotFrame.left + 4))" y="\#(n(PlotFrame.top + 14))" font-size="12">\#(step.contacts.count - drawnContacts) more contacts not drawn</text>"#
        }
        return svg + "</svg>"
    }

    /// Where a mark's label was drawn, px: the box it takes, roughly.
    struct Label {
        var left, top, right, bottom: Double

        func overlaps(_ other: Label) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }
    }

    /// A failure's mark in red, its label haloed in white so that it reads over the dots,
    /// and moved down or up clear of `labels` already drawn (a line's gap and its distance
    /// from its fitted line were written over each other).
    static func draw(_ mark: ReportMark, frame: PlotFrame, besides labels: inout [Label]) -> String {
        func x(_ v: Double) -> String { n(frame.x(v)) }
        func y(_ v: Double) -> String { n(frame.y(v)) }
        var svg = #"<g class="mark" stroke="\#(markColour)" fill="none">"#
        for shape in mark.shapes {
            switch shape {
            case .segment(let a, let b):
                svg += #"<line x1="\#(x(a.x))" y1="\#(y(a.y))" x2="\#(x(b.x))" y2="\#(y(b.y))" stroke-width="3" stroke-opacity="0.8"/>"#
            case .reference(let a, let b):
                svg += #"<line x1="\#(x(a.x))" y1="\#(y(a.y))" x2="\#(x(b.x))" y2="\#(y(b.y))" stroke-width="1" stroke-dasharray="5 3"/>"#
            case .circle(let centre, let radius):
                svg += #"<circle cx="\#(x(centre.x))" cy="\#(y(centre.y))" r="\#(n(max(3, radius * frame.scale)))" stroke-width="2"/>"#
            case .ring(let p):
                svg += #"<circle cx="\#(x(p.x))" cy="\#(y(p.y))" r="10" stroke-width="2"/>"#
            case .cross(let p):
                let cx = frame.x(p.x), cy = frame.y(p.y)
                svg += #"<path d="M\#(n(cx - 5)) \#(n(cy - 5))L\#(n(cx + 5)) \#(n(cy + 5))M\#(n(cx - 5)) \#(n(cy + 5))L\#(n(cx + 5)) \#(n(cy - 5))" stroke-width="2"/>"#
            }
        }
        // Kept inside the plot: a label past its right half reads leftward from its place.
        let top = PlotFrame.top + 14, bottom = PlotFrame.top + frame.plotHeight - 6
        let lx = frame.x(mark.at.x), wanted = frame.y(mark.at.y) - 12
        let leftward = lx > PlotFrame.left + frame.plotWidth / 2
        let width = 7.5 * Double(mark.label.count), start = leftward ? lx - 12 - width : lx + 12
        func box(_ baseline: Double) -> Label { Label(left: start, top: baseline - 13, right: start + width, bottom: baseline + 3) }
        let tries = [0.0, 18, -18, 36, -36, 54, -54, 72, -72].map { min(max(wanted + $0, top), bottom) }
        let ly = tries.first { candidate in !labels.contains { $0.overlaps(box(candidate)) } } ?? tries[0]
        labels.append(box(ly))
        svg += #"<text x="\#(n(leftward ? lx - 12 : lx + 12))" y="\#(n(ly))" font-size="13" font-weight="bold" text-anchor="\#(leftward ? "end" : "start")" fill="\#(markColour)" stroke="white" stroke-width="3" paint-order="stroke">\#(mark.label)</text>"#
        return svg + "</g>"
    }

    /// The most reports one step's plot draws.
    static let plottedReports = 4000

    /// The most contacts one step's plot draws (a drumroll makes some hundred): a hostile
    /// log's flood of half a million one-report contacts drew 73 MB of page from 21 MB.
    static let drawnContacts = 1000

    /// The most places one step's guide draws, each with the line to where it was tapped
    /// (a plan's corners are five): a hostile guide of 170,000 points, in a line under
    /// the log's 1 MiB, drew 25 MB of page per step, 255 MB for a 10 MB log.
    static let drawnPlaces = 100

    /// Every `stride`th report, and the last.
    static func thinned(_ reports: [[Double]], stride: Int) -> [[Double]] {
        guard stride > 1, reports.count > 2 else { return reports }
        var kept = Swift.stride(from: 0, to: reports.count, by: stride).map { reports[$0] }
        if (reports.count - 1) % stride != 0 { kept.append(reports[reports.count - 1]) }
        return kept
    }

    /// The points a step's guide asks for, so that the plot's view holds them (the edges
    /// step's: the whole panel).
    static func guidePoints(_ guide: QualifyStep?, panel: [Double]) -> [Point] {
        switch guide {
        case .line(let from, let to, _): [from, to]
        case .hold(let at, _), .taps(let at, _): [at]
        case .corners(let points): Array(points.prefix(drawnPlaces))
        case .edges: panel.count == 2 ? [Point(x: 0, y: 0), Point(x: panel[0], y: panel[1])] : []
        case .maximumContacts, .pinch, .drumroll, nil: []
        }
    }

    private static func guide(_ step: QualifyReport.Step, frame: PlotFrame, panel: [Double]) -> String {
        guard let guide = step.guide else { return "" }
        let w = panel.first ?? 0, h = panel.count > 1 ? panel[1] : 0
        let stroke = #"stroke="\#(guideColour)" stroke-width="3" stroke-opacity="0.45""#
        func line(_ a: Point, _ b: Point) -> String {
            #"<line x1="\#(n(frame.x(a.x)))" y1="\#(n(frame.y(a.y)))" x2="\#(n(frame.x(b.x)))" y2="\#(n(frame.y(b.y)))" \#(stroke)/>"#
        }
        func target(_ p: Point) -> String {
            #"<circle cx="\#(n(frame.x(p.x)))" cy="\#(n(frame.y(p.y)))" r="10" fill="none" \#(stroke)/>"#
                + #"<circle cx="\#(n(frame.x(p.x)))" cy="\#(n(frame.y(p.y)))" r="2" fill="\#(guideColour)"/>"#
        }
        switch guide {
        case .line(let from, let to, _): return line(from, to)
        case .hold(let at, _), .taps(let at, _): return target(at)
        case .corners(let points): return points.prefix(drawnPlaces).map(target).joined()
        case .edges:
            let centre = Point(x: w / 2, y: h / 2)
            return [Point(x: 0, y: h / 2), Point(x: w, y: h / 2), Point(x: w / 2, y: 0), Point(x: w / 2, y: h)]
                .map { line(centre, $0) }.joined()
        case .maximumContacts, .pinch, .drumroll: return ""
        }
    }

    /// A histogram's bars with its edges marked below, and a dashed line at `mark` (the
    /// 60 Hz panel's 16.7 ms, say).
    static func histogram(_ histogram: QualifyReport.Histogram, label: String, mark: Double? = nil,
                          width: Double = 520, height: Double = 180) -> String {
        let top = max(1, histogram.counts.max() ?? 1)
        let left = 36.0, bottom = 28.0, plotHeight = height - bottom - 8
        let barWidth = (width - left - 8) / Double(max(1, histogram.counts.count))
        let last = histogram.edges.last ?? 0, step = histogram.edges.count > 1 ? histogram.edges[1] - histogram.edges[0] : 1
        func x(_ value: Double) -> Double { left + min(value, last + step) / step * barWidth }
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="\#(n(width))" height="\#(n(height))" role="img" aria-label="\#(label)">"#
        svg += #"<line x1="\#(n(left))" y1="\#(n(8 + plotHeight))" x2="\#(n(width - 8))" y2="\#(n(8 + plotHeight))" stroke="gray"/>"#
        for (index, count) in histogram.counts.enumerated() where count > 0 {
            let barHeight = max(1, Double(count) / Double(top) * plotHeight)
            svg += #"<rect x="\#(n(left + Double(index) * barWidth + 1))" y="\#(n(8 + plotHeight - barHeight))" width="\#(n(barWidth - 2))" height="\#(n(barHeight))" fill="\#(guideColour)"><title>\#(count)</title></rect>"#
        }
        for (index, edge) in histogram.edges.enumerated() where index % 5 == 0 {
            svg += #"<text x="\#(n(left + Double(index) * barWidth))" y="\#(n(height - 10))" font-size="11" text-anchor="middle">\#(n(edge))</text>"#
        }
        svg += #"<text x="\#(n(left - 12))" y="\#(n(height - 10))" font-size="11" text-anchor="end">\#(histogram.unit)</text>"#
        svg += #"<text x="4" y="16" font-size="11">\#(top)</text>"#
        if let mark {
            svg += #"<line x1="\#(n(x(mark)))" y1="8" x2="\#(n(x(mark)))" y2="\#(n(8 + plotHeight))" stroke="firebrick" stroke-dasharray="4 3"/>"#
        }
        return svg + "</svg>"
    }

    /// A number for SVG: at most two decimals, no exponent.
    static func n(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
