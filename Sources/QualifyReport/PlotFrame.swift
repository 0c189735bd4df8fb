import Foundation
import TouchCore

/// A step plot's view (docs/qualify.md, "The report"): the part of the panel the step's
/// contacts, guide and marks lie in, with a margin, drawn at one scale across and down (a
/// circle stays round), with axes in millimetres of the panel and a scale bar. The whole
/// panel drew 4.8 mm of jitter as one dot.
struct PlotFrame {
    /// Room for the y axis's labels, and above the plot.
    static let left = 52.0, top = 10.0
    /// Below the plot, for the x axis's labels.
    static let bottom = 36.0
    /// The narrowest view, mm: a hold of reports all at one place is shown with a
    /// finger's width about it, not magnified into nothing.
    static let smallestSpan = 6.0
    /// The view's height to its width, held between these so that a stroke across the
    /// panel or down it makes a plot of a size to read.
    static let flattest = 0.35, tallest = 0.8

    /// The view, mm from the panel's top-left.
    let x, y, width, height: Double
    /// Pixels a millimetre.
    let scale: Double
    let plotWidth: Double
    var plotHeight: Double { height * scale }

    /// The view of `points` (mm) with a margin; the whole `panel` where there are none
    /// or their spread is not a number.
    init(holding points: [Point], panel: [Double], plotWidth: Double = 480) {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        var low = Point(x: 0, y: 0), high = Point(x: panel.first ?? 100, y: panel.count > 1 ? panel[1] : 100)
        if let first = finite.first {
            low = first; high = first
            for p in finite {
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
        }
        var dx = high.x - low.x, dy = high.y - low.y
        if !(dx.isFinite && dy.isFinite && dx >= 0 && dy >= 0 && dx < 1e9 && dy < 1e9) {
            low = Point(x: 0, y: 0); dx = 100; dy = 100
        }
        let margin = 0.08 * max(dx, dy) + 1
        var width = max(dx + 2 * margin, Self.smallestSpan), height = max(dy + 2 * margin, Self.smallestSpan)
        height = max(height, Self.flattest * width)
        width = max(width, height / Self.tallest)
        self.x = low.x + dx / 2 - width / 2
        self.y = low.y + dy / 2 - height / 2
        self.width = width
        self.height = height
        self.plotWidth = plotWidth
        scale = plotWidth / width
    }

    /// Where a point of the panel (mm) is drawn (px).
    func x(_ mm: Double) -> Double { Self.left + (mm - x) * scale }
    func y(_ mm: Double) -> Double { Self.top + (mm - y) * scale }

    /// The largest round length (1, 2 or 5 times a power of ten, mm) of at most `most`.
    static func roundLength(atMost most: Double) -> Double {
        guard most.isFinite, most > 0 else { return 1 }
        let power = Swift.max(-6, Swift.min(12, (log10(most)).rounded(.down)))
        let decade = pow(10, power)
        return [5.0, 2, 1].map { $0 * decade }.first { $0 <= most * (1 + 1e-9) } ?? decade
    }

    /// Ticks every round length of about a sixth of the view, labelled in mm, with a
    /// light grid through the plot; the frame in `colour` (the step's verdict).
    func axes(frame colour: String) -> String {
        let right = Self.left + plotWidth, bottom = Self.top + plotHeight
        let step = Self.roundLength(atMost: width / 5)
        var svg = ""
        func ticks(from start: Double, length: Double, _ draw: (Double) -> Void) {
            var value = (start / step).rounded(.up) * step
            var drawn = 0
            while value <= start + length, drawn < 30 {
                draw(value)
                value += step
                drawn += 1
            }
        }
        let n = ReportSVG.n
        ticks(from: x, length: width) { v in
            let px = n(self.x(v))
            svg += #"<line x1="\#(px)" y1="\#(n(Self.top))" x2="\#(px)" y2="\#(n(bottom + 4))" stroke="\#(ReportSVG.gridColour)" stroke-width="1"/>"#
            svg += #"<text x="\#(px)" y="\#(n(bottom + 16))" font-size="11" text-anchor="middle">\#(n(v))</text>"#
        }
        ticks(from: y, length: height) { v in
            let py = n(self.y(v))
            svg += #"<line x1="\#(n(Self.left - 4))" y1="\#(py)" x2="\#(n(right))" y2="\#(py)" stroke="\#(ReportSVG.gridColour)" stroke-width="1"/>"#
            svg += #"<text x="\#(n(Self.left - 7))" y="\#(py)" dy="4" font-size="11" text-anchor="end">\#(n(v))</text>"#
        }
        svg += #"<text x="\#(n(right))" y="\#(n(bottom + 31))" font-size="11" text-anchor="end">x, mm from the panel's left →</text>"#
        svg += #"<text x="4" y="\#(n(bottom + 31))" font-size="11">y, mm down ↓</text>"#
        svg += #"<rect x="\#(n(Self.left))" y="\#(n(Self.top))" width="\#(n(plotWidth))" height="\#(n(plotHeight))" fill="none" stroke="\#(colour)" stroke-width="3"/>"#
        return svg
    }

    /// A bar of a round length, about a quarter of the view (at most the column's width),
    /// right of the plot at its bottom: inside it, it hid a corner's tap.
    func scaleBar() -> String {
        let n = ReportSVG.n
        let length = Self.roundLength(atMost: min(width / 4, Self.column / scale))
        let start = Self.left + plotWidth + 14, end = start + length * scale, at = Self.top + plotHeight
        var svg = #"<g class="scale-bar">"#
        svg += #"<path d="M\#(n(start)) \#(n(at - 5))V\#(n(at))H\#(n(end))V\#(n(at - 5))" fill="none" stroke="\#(ReportSVG.textColour)" stroke-width="2"/>"#
        svg += #"<text x="\#(n(start))" y="\#(n(at - 9))" font-size="12">\#(n(length)) mm</text>"#
        return svg + "</g>"
    }

    /// The width of the column right of the plot, for the inset and the scale bar, px.
    static let column = 100.0

    /// The whole panel small, right of the plot, with the view outlined on it, when the
    /// view is a small part of it: where on the panel the step happened.
    func inset(panel: [Double]) -> String {
        guard panel.count == 2, panel[0] > 0, panel[1] > 0, panel.allSatisfy(\.isFinite),
              width * height < 0.5 * panel[0] * panel[1] else { return "" }
        let n = ReportSVG.n
        let s = min(Self.column / panel[0], (plotHeight - 50) / panel[1]), insetWidth = panel[0] * s, left = Self.left + plotWidth + 14
        let insetHeight = panel[1] * s
        func ix(_ v: Double) -> Double { left + min(max(v, 0), panel[0]) * s }
        func iy(_ v: Double) -> Double { Self.top + 14 + min(max(v, 0), panel[1]) * s }
        var svg = #"<g class="inset"><text x="\#(n(left))" y="\#(n(Self.top + 9))" font-size="10">on the panel</text>"#
        svg += #"<rect x="\#(n(left))" y="\#(n(Self.top + 14))" width="\#(n(insetWidth))" height="\#(n(insetHeight))" fill="white" stroke="gray"/>"#
        let x0 = ix(x), y0 = iy(y), x1 = ix(x + width), y1 = iy(y + height)
        svg += #"<rect x="\#(n(x0))" y="\#(n(y0))" width="\#(n(max(2, x1 - x0)))" height="\#(n(max(2, y1 - y0)))" fill="\#(ReportSVG.guideColour)" fill-opacity="0.25" stroke="\#(ReportSVG.guideColour)"/>"#
        return svg + "</g>"
    }

    /// The SVG's whole width and height, px: the plot, its axes, and room for the inset.
    var canvas: (width: Double, height: Double) {
        (Self.left + plotWidth + Self.column + 24, Self.top + plotHeight + Self.bottom)
    }
}
