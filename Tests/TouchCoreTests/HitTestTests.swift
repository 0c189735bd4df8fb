import TouchCore
import XCTest

/// hitTest as docs/concepts.md describes it: reverse depth-first, each exclusion condition, coordinate conversion.
final class HitTestTests: XCTestCase {
    private func makeTree() -> (Window, [String: View]) {
        let window = Window(size: Size(width: 800, height: 600), clock: ManualClock())
        let a = View(name: "A", frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let b = View(name: "B", frame: Rect(x: 40, y: 100, width: 300, height: 300))
        let b1 = View(name: "B1", frame: Rect(x: 200, y: 200, width: 80, height: 80))
        let c = View(name: "C", frame: Rect(x: 300, y: 140, width: 400, height: 360))
        let d = View(name: "D", frame: Rect(x: 20, y: 20, width: 150, height: 150))
        let e = View(name: "E", frame: Rect(x: 200, y: 20, width: 150, height: 150))
        window.addSubview(a)
        a.addSubview(b)
        b.addSubview(b1)
        a.addSubview(c)
        c.addSubview(d)
        c.addSubview(e)
        return (window, ["A": a, "B": b, "B1": b1, "C": c, "D": d, "E": e])
    }

    func testFrontmostDeepestViewWins() {
        let (window, v) = makeTree()
        XCTAssertTrue(window.hitTest(Point(x: 330, y: 170)) === v["D"], "D, inside C")
        XCTAssertTrue(window.hitTest(Point(x: 100, y: 150)) === v["B"])
        XCTAssertTrue(window.hitTest(Point(x: 10, y: 10)) === v["A"])
    }

    func testLaterSiblingIsInFront() {
        let (window, v) = makeTree()
        // B1 spans window (240...320, 300...380); C starts at x 300: C covers the overlap.
        XCTAssertTrue(window.hitTest(Point(x: 310, y: 350)) === v["C"])
        XCTAssertTrue(window.hitTest(Point(x: 250, y: 350)) === v["B1"])
    }

    func testCoordinatesAreConvertedToEachSubview() {
        let (window, v) = makeTree()
        // E in window coordinates: (300 + 200, 140 + 20) = (500, 160).
        XCTAssertTrue(window.hitTest(Point(x: 500, y: 160)) === v["E"])
        XCTAssertTrue(window.hitTest(Point(x: 499, y: 160)) === v["C"], "just left of E")
        XCTAssertEqual(v["E"]!.convert(Point(x: 0, y: 0), to: nil), Point(x: 500, y: 160))
        XCTAssertEqual(v["E"]!.convert(Point(x: 510, y: 170), from: nil), Point(x: 10, y: 10))
    }

    func testHiddenDisabledAndTransparentViewsAreSkippedWithTheirSubviews() {
        let (window, v) = makeTree()
        let point = Point(x: 400, y: 200)  // D, clear of B
        v["D"]!.isHidden = true
        XCTAssertTrue(window.hitTest(point) === v["C"])
        v["D"]!.isHidden = false
        v["D"]!.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(point) === v["C"])
        v["D"]!.isUserInteractionEnabled = true
        v["D"]!.alpha = 0.01
        XCTAssertTrue(window.hitTest(point) === v["C"], "alpha <= 0.01 does not receive")
        v["D"]!.alpha = 0.011
        XCTAssertTrue(window.hitTest(point) === v["D"])
        v["C"]!.isHidden = true
        XCTAssertTrue(window.hitTest(point) === v["A"], "a hidden parent hides its subviews")
    }

    func testSubviewOutsideItsParentIsNotReached() {
        let (window, v) = makeTree()
        let outside = View(name: "Out", frame: Rect(x: 350, y: 0, width: 100, height: 100))
        v["B"]!.addSubview(outside)  // window x 390...490, y 100...200, beyond B's right edge
        XCTAssertTrue(window.hitTest(Point(x: 395, y: 105)) === v["A"])
    }

    func testVisitOrderMatchesTheExperiment() {
        let (window, v) = makeTree()
        let hidden = View(name: "Hidden", frame: Rect(x: 20, y: 200, width: 100, height: 60))
        hidden.isHidden = true
        let disabled = View(name: "Disabled", frame: Rect(x: 140, y: 200, width: 100, height: 60))
        disabled.isUserInteractionEnabled = false
        let faint = View(name: "Faint", frame: Rect(x: 260, y: 200, width: 100, height: 60))
        faint.alpha = 0.005
        v["C"]!.addSubview(hidden)
        v["C"]!.addSubview(disabled)
        v["C"]!.addSubview(faint)
        var visited: [String] = []
        let hit = window.hitTest(Point(x: 330, y: 170)) { visited.append($0.name) }
        XCTAssertTrue(hit === v["D"])
        XCTAssertEqual(visited, ["Faint", "Disabled", "Hidden", "E", "D", "C", "A", "Window"])
    }

    func testOverriddenHitTestPassesThrough() {
        final class PassThrough: View {
            override func hitTest(_ point: Point, visit: (View) -> Void = { _ in }) -> View? {
                let hit = super.hitTest(point, visit: visit)
                return hit === self ? nil : hit
            }
        }
        let (window, v) = makeTree()
        let f = PassThrough(name: "F", frame: Rect(x: 20, y: 20, width: 120, height: 60))
        let child = View(name: "FChild", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        v["B"]!.addSubview(f)
        f.addSubview(child)
        XCTAssertTrue(window.hitTest(Point(x: 100, y: 150)) === v["B"], "F passes to B")
        XCTAssertTrue(window.hitTest(Point(x: 65, y: 125)) === child, "F's subviews still hit")
    }
}
