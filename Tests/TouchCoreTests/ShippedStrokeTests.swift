import Foundation
import TouchCore
import XCTest

/// The strokes touchspots ships (data/strokes, made by scripts/make-shipped-strokes), on
/// the generated people through the whole detector: what each shape is reported as, per
/// shape and pace, with nothing taught by the person. Printed and written in
/// docs/gestures.md ("Shipped strokes").
final class ShippedStrokeTests: XCTestCase {
    static let shipped: [HumanStrokes.Shape] = [.v, .caret, .x, .arrow, .circle]
    static let strokesPerPace = 8

    /// The shipped files, read and parsed as the executable does.
    static func shippedTemplates() throws -> [StrokeTemplate] { try templates(in: "strokes") }

    /// The common shapes the executable loads (data/shapes, docs/design/gestures.md, "Common shapes").
    static func commonShapes() throws -> [StrokeTemplate] { try templates(in: "shapes") }

    static func templates(in name: String) throws -> [StrokeTemplate] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/\(name)").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".stroke") }.sorted()
        return try files.map { file in
            try StrokeTemplate(name: String(file.dropLast(".stroke".count)),
                               text: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    func testTheShippedFilesAreTheShippedShapes() throws {
        let templates = try Self.shippedTemplates()
        XCTAssertEqual(templates.map(\.name), Self.shipped.map(\.rawValue).sorted())
        // Two drawings of each of five people (scripts/make-shipped-strokes).
        for template in templates { XCTAssertEqual(template.examples.count, 10, template.name) }
        // The 16 shapes of the $1 logs, one drawing of each of the five people.
        let shapes = try Self.commonShapes()
        XCTAssertEqual(shapes.map(\.name), ["arrow", "caret", "check", "circle", "delete-mark", "left-curly-brace", "left-sq-bracket",
                                             "pigtail", "question-mark", "rectangle", "right-curly-brace", "right-sq-bracket",
                                             "star", "triangle", "v", "x"])
        for shape in shapes { XCTAssertEqual(shape.examples.count, 5, shape.name) }
    }

    /// One-finger swipes stay swipes: straight strokes in eight directions, three lengths,
    /// with a little wobble, match no shipped stroke.
    func testSwipesStaySwipes() throws {
        var settings = GestureSettings()
        settings.strokes.templates = try Self.shippedTemplates()
        for degrees in stride(from: 0.0, to: 360, by: 45) {
            for length in [120.0, 300, 600] {
                let dx = cosineOfDegrees(degrees), dy = cosineOfDegrees(degrees - 90)
                let samples = (0...30).map { i in
                    let t = Double(i) / 30, wobble = 2 * Double(i % 3 - 1)  // within the swipe's 5 px
                    return HumanStrokes.Sample(time: t * length / 800,
                                               point: Point(x: 500 + dx * t * length - dy * wobble, y: 400 + dy * t * length + dx * wobble))
                }
                let found = HumanStrokeTests.gestures(of: samples, detector: GestureDetector(settings: settings))
                XCTAssertFalse(found.contains { if case .template = $0 { true } else { false } }, "\(degrees) degrees, \(length) px: \(found)")
                if degrees.truncatingRemainder(dividingBy: 90) == 0 {
                    XCTAssertTrue(found.contains { if case .swipe = $0 { true } else { false } }, "\(degrees) degrees, \(length) px: \(found)")
                }
            }
        }
    }

    func testShippedStrokesOnPeople() throws {
        var settings = GestureSettings()
        settings.strokes.templates = try Self.shippedTemplates()
        settings.strokes.commonShapes = try Self.commonShapes()
        /// shape -> what its strokes were reported as ("v", "checkmark", "swipe", "nothing", ...).
        var reported: [HumanStrokes.Shape: [String: Int]] = [:]
        var recallByPace: [HumanStrokes.Pace: PeopleStrokeTests.Rate] = [:]
        var checksWithout = PeopleStrokeTests.Rate(), checksWith = PeopleStrokeTests.Rate()
        for person in Person.all {
            for shape in HumanStrokes.Shape.allCases {
                for (p, pace) in HumanStrokes.Pace.allCases.enumerated() {
                    for seed in 0..<UInt64(Self.strokesPerPace) {
                        let samples = HumanStrokes.stroke(shape, pace: pace, seed: seed &+ UInt64(p) << 20 &+ 70_000,
                                                          style: person.style)
                        let found = HumanStrokeTests.gestures(of: samples, detector: GestureDetector(settings: settings))
                        let names = found.map { gesture -> String in
                            if case .template(let name, _) = gesture { return name }
                            return LogGestureName.of(gesture)
                        }
                        let outcome = names.isEmpty ? "nothing" : names.joined(separator: "+")
                        reported[shape, default: [:]][outcome, default: 0] += 1
                        if Self.shipped.contains(shape) { recallByPace[pace, default: .init()].add(outcome == shape.rawValue) }
                        if shape == .check {
                            checksWith.add(found.contains(.checkmark))
                            checksWithout.add(HumanStrokeTests.gestures(of: samples, detector: GestureDetector()).contains(.checkmark))
                        }
                    }
                }
            }
        }
        func rate(_ shape: HumanStrokes.Shape, _ outcome: (String) -> Bool) -> PeopleStrokeTests.Rate {
            let counts = reported[shape]!
            return PeopleStrokeTests.Rate(hits: counts.filter { outcome($0.key) }.values.reduce(0, +),
                                          strokes: counts.values.reduce(0, +))
        }
        let shippedNames = Set(Self.shipped.map(\.rawValue))
        var table = "| shape | reported as its shipped stroke | reported as another shipped stroke | most often otherwise |\n|---|---|---|---|\n"
        for shape in HumanStrokes.Shape.allCases {
            let own = rate(shape) { $0 == shape.rawValue }
            let other = rate(shape) { shippedNames.contains($0) && $0 != shape.rawValue }
            let otherwise = reported[shape]!.filter { $0.key != shape.rawValue }.max { $0.value < $1.value }
            table += "| \(shape.rawValue) | \(Self.shipped.contains(shape) ? "\(own)" : "-") | \(other) | \(otherwise.map { "\($0.key) (\($0.value))" } ?? "-") |\n"
        }
        print(table)
        print("shipped strokes: recall per pace: " + HumanStrokes.Pace.allCases.map { "\($0.rawValue) \(recallByPace[$0]!)" }.joined(separator: ", "))
        print("shipped strokes: check recall with them \(checksWith), without \(checksWithout)")
        XCTAssertEqual(checksWith.hits, checksWithout.hits, "shipped strokes never take a check away")
        // The shipped strokes are people's drawings (RealStrokeTests measures them on the
        // five people they came from). The generated shapes are ideal polylines drawn by
        // hand models: where they differ from how people draw the shape (the generated
        // arrow, pigtail, delete mark), these rates say how far, and are held where they
        // are (docs/design/gestures.md, "Shipped strokes"): v, caret and x at >= 90 %; the
        // generated circle, less round than people's, at 73 % under the circle's own limit
        // (its ten examples agree closely: StrokeTemplate.minimumScore); the generated
        // arrow at 0 %; shapes taken for a shipped one as measured. The generated V at 88 %:
        // 7 of its 288 lopsided V's lie nearer to people's checks (the common shape
        // `check`, which no shipped stroke claims) than to the shipped V and are not named
        // (91.0 % without the common shapes; people's own V's are named as often with them
        // as without, 98.0 %, RealStrokeTests).
        let recallHeldAt: [HumanStrokes.Shape: Double] = [.v: 0.88, .circle: 0.73, .arrow: 0]
        for shape in Self.shipped {
            XCTAssertGreaterThanOrEqual(rate(shape) { $0 == shape.rawValue }.value, recallHeldAt[shape] ?? 0.90,
                                        "\(shape.rawValue) recognized")
        }
        // The generated delete mark is an X whose top-right corner is cut by a short
        // stroke (HumanStrokes: five corners against the X's four); since strokes are
        // paired elastically (StrokeTemplate.warpBand) it is taken for the shipped x 98 %
        // of the time (27 % before). People's delete marks, whose loop is as long as a leg,
        // are taken for no shipped stroke (0 of 150, RealStrokeTests).
        let heldAt: [HumanStrokes.Shape: Double] = [.pigtail: 0.79, .deleteMark: 0.99]
        for shape in HumanStrokes.Shape.allCases where !Self.shipped.contains(shape) {
            XCTAssertLessThanOrEqual(rate(shape) { shippedNames.contains($0) }.value, heldAt[shape] ?? 0.05,
                                     "\(shape.rawValue) taken for a shipped stroke")
        }
    }
}

/// What a person would call the gesture: a taught stroke's own name, else the name its
/// `gesture` line writes.
enum LogGestureName {
    static func of(_ gesture: Gesture) -> String {
        if case .template(let name, _) = gesture { name } else { gesture.kind.rawValue }
    }
}
