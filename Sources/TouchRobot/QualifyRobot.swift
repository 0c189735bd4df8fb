import Foundation
import QualifyPlans
import TouchCore

/// The robot's hand (docs/design/qualify.md, "The robot"): for each step, the ideal fingers a
/// careful person would put down, in millimetres and seconds from the step's start. The
/// digitizer turns them into the contacts a panel reports.
public enum QualifyRobot {
    /// A shipped plan (`data/plans/NAME.json` of the source tree this was built from), read
    /// as the client reads it: what the tests play through the core, so that they play the
    /// plans people get.
    public static func shippedPlan(_ name: String) throws -> QualifyPlan {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/plans/\(name).json").standardized.path
        return try PlanFormat.parse(String(contentsOfFile: path, encoding: .utf8), path: path)
    }

    /// The quick plan, shipped.
    public static var quickPlan: QualifyPlan { try! shippedPlan("quick") }

    /// The steps of the quick plan on a panel of `panel` millimetres.
    public static func quickSteps(panel: Size) -> [QualifyStep] { quickPlan.steps(on: panel) }

    /// The fingers for `step`. `drift` moves the drumming hand that many millimetres to the
    /// right over the drumroll, as a person's hand drifts (each tap still lands still).
    public static func fingers(for step: QualifyStep, panel: Size, drift: Double = 0) -> [IdealFinger] {
        let centre = Point(x: panel.width / 2, y: panel.height / 2)
        func still(_ p: Point, _ down: Double, _ up: Double) -> IdealFinger { IdealFinger(down: down, up: up) { _ in p } }
        func moving(_ from: Point, _ to: Point, _ down: Double, _ seconds: Double) -> IdealFinger {
            IdealFinger(down: down, up: down + seconds) { t in
                let f = min(1, max(0, (t - down) / seconds))
                return Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            }
        }
        switch step {
        case .line(let from, let to, let seconds):
            return [moving(from, to, 0, seconds)]
        case .hold(let at, let seconds):
            return [still(at, 0, seconds)]
        case .taps(let at, let count):
            return (0..<count).map { still(at, Double($0) * 0.2, Double($0) * 0.2 + 0.1) }
        case .corners(let points):
            return points.enumerated().map { still($1, Double($0) * 0.3, Double($0) * 0.3 + 0.15) }
        case .maximumContacts:
            return (0..<10).map { (i: Int) -> IdealFinger in
                let column = Double(i % 5 - 2), row = Double(i / 5)
                let place = Point(x: centre.x + column * 18, y: centre.y + row * 30 - 15)
                return still(place, Double(i) * 0.05, 1.5)
            }
        case .pinch:
            return [moving(Point(x: centre.x - 30, y: centre.y), Point(x: centre.x - 10, y: centre.y), 0, 1),
                    moving(Point(x: centre.x + 30, y: centre.y), Point(x: centre.x + 10, y: centre.y), 0, 1)]
        case .drumroll(let seconds):
            let places = [Point(x: centre.x - 10, y: centre.y), Point(x: centre.x + 10, y: centre.y)]
            return (0..<Int(seconds * 10)).map { i in
                let down = Double(i) * 0.1, shift = drift * down / seconds
                return still(Point(x: places[i % 2].x + shift, y: places[i % 2].y), down, down + 0.06)
            }
        case .edges:
            // Quickly to 10 mm before the edge, then slowly (10 mm/s) off it, as a person
            // is asked to: a report every 0.5 mm or less near the edge even at 30 Hz.
            let ends = [Point(x: 0, y: centre.y), Point(x: panel.width, y: centre.y),
                        Point(x: centre.x, y: 0), Point(x: centre.x, y: panel.height)]
            return ends.enumerated().map { (index: Int, end: Point) -> IdealFinger in
                let dx = end.x - centre.x, dy = end.y - centre.y
                let distance = (dx * dx + dy * dy).squareRoot()
                let ux = dx / distance, uy = dy / distance
                let fast = distance - 10, start = Double(index) * 2.6
                return IdealFinger(down: start, up: start + 1 + 1.5) { t in
                    let along = t - start <= 1 ? fast * max(0, t - start) : fast + 10 * (t - start - 1)
                    return Point(x: centre.x + ux * along, y: centre.y + uy * along)
                }
            }
        }
    }

    /// Whether the line faults of the digitizer happen in `step` (they are the line's).
    public static func isEventful(_ step: QualifyStep) -> Bool {
        if case .line = step { return true }
        return false
    }
}
