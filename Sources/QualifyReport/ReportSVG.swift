import TouchCore

/// The report's figures as inline SVG (docs/qualify.md, "The report"): each step's
/// contacts against what was asked, and histograms. Inline, so that the HTML file is one
/// self-contained file a person can mail or attach to a bug.
enum ReportSVG {
    static let guideColour = "#3373e6"
    static let contactColours = ["#d9480f", "#2b8a3e", "#862e9c", "#e67700", "#0b7285", "#c2255c", "#5c940d", "#364fc7",
                                 "#a61e4d", "#087f5b"]

    /// One step: the panel's outline, the guide in blue, every contact as a line through its
    /// reports with a dot at each, the first report ringed. Drawn in millimetres.
    static func step(_ step: QualifyReport.Step, panel: [Double], width: Double = 520) -> String {
        let w = panel[0], h = panel[1]
        let height = width * h / w
        let unit = w / width  // mm per drawn pixel: strokes and dots keep their drawn size
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(w)) \#(n(h))" role="img" aria-label="step \#(step.number) contacts">"#
        svg += #"<rect x="0" y="0" width="\#(n(w))" height="\#(n(h))" fill="whitesmoke" stroke="gray" stroke-width="\#(n(unit))"/>"#
        svg += guide(step, panel: panel, unit: unit)
        // Each tap asked for a place (the corners, a target) joined to where it landed,
        // so a mirrored or rotated mapping shows as crossing lines.
        let places: [Point] = if case .corners(let points) = step.guide { points } else { [] }
        if places.count == step.contacts.count {
            for (index, (place, contact)) in zip(places, step.contacts).prefix(drawnPlaces).enumerated() {
                guard let landed = contact.first else { continue }
                let colour = contactColours[index % contactColours.count]
                svg += #"<line x1="\#(n(place.x))" y1="\#(n(place.y))" x2="\#(n(landed[1]))" y2="\#(n(landed[2]))" stroke="\#(colour)" stroke-width="\#(n(unit))" stroke-dasharray="\#(n(4 * unit)) \#(n(3 * unit))"/>"#
            }
        }
        // A step of a million reports would make a page of 68 MB: past `plottedReports`,
        // every contact keeps evenly spaced reports (its first and last among them).
        let total = step.contacts.prefix(drawnContacts).reduce(0) { $0 + $1.count }
        let stride = max(1, (total + plottedReports - 1) / plottedReports)
        for (index, everyReport) in step.contacts.prefix(drawnContacts).enumerated() {
            let contact = thinned(everyReport, stride: stride)
            let colour = contactColours[index % contactColours.count]
            if contact.count > 1 {
                let points = contact.map { "\(n($0[1])),\(n($0[2]))" }.joined(separator: " ")
                svg += #"<polyline points="\#(points)" fill="none" stroke="\#(colour)" stroke-width="\#(n(1.5 * unit))"/>"#
            }
            for report in contact {
                svg += #"<circle cx="\#(n(report[1]))" cy="\#(n(report[2]))" r="\#(n(1.6 * unit))" fill="\#(colour)"/>"#
            }
            if let first = contact.first {
                svg += #"<circle cx="\#(n(first[1]))" cy="\#(n(first[2]))" r="\#(n(4 * unit))" fill="none" stroke="\#(colour)" stroke-width="\#(n(unit))"/>"#
            }
        }
        if step.contacts.count > drawnContacts {
            svg += #"<text x="\#(n(4 * unit))" y="\#(n(h - 4 * unit))" font-size="\#(n(12 * unit))">\#(step.contacts.count - drawnContacts) more contacts not drawn</text>"#
        }
        return svg + "</svg>"
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

    private static func guide(_ step: QualifyReport.Step, panel: [Double], unit: Double) -> String {
        guard let guide = step.guide else { return "" }
        let w = panel[0], h = panel[1]
        let stroke = #"stroke="\#(guideColour)" stroke-width="\#(n(3 * unit))" stroke-opacity="0.45""#
        func line(_ a: Point, _ b: Point) -> String {
            #"<line x1="\#(n(a.x))" y1="\#(n(a.y))" x2="\#(n(b.x))" y2="\#(n(b.y))" \#(stroke)/>"#
        }
        func target(_ p: Point) -> String {
            #"<circle cx="\#(n(p.x))" cy="\#(n(p.y))" r="\#(n(10 * unit))" fill="none" \#(stroke)/>"#
                + #"<circle cx="\#(n(p.x))" cy="\#(n(p.y))" r="\#(n(1.5 * unit))" fill="\#(guideColour)"/>"#
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
