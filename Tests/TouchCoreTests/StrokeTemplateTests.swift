import Foundation
import TouchCore
import XCTest

/// Taught strokes on the generated people: each person teaches eight shapes by drawing
/// each three times; then every person's strokes are matched against one teacher's
/// templates. Rates are printed and written in docs/gestures.md ("Taught strokes").
final class StrokeTemplateTests: XCTestCase {
    static let taught: [HumanStrokes.Shape] = [.v, .caret, .x, .circle, .arrow, .triangle, .star, .pigtail]
    static let strokesPerPace = 3

    static func points(_ shape: HumanStrokes.Shape, _ person: Person, pace: HumanStrokes.Pace, seed: UInt64) -> [Point] {
        HumanStrokes.stroke(shape, pace: pace, seed: seed, style: person.style).map(\.point)
    }

    /// What `teacher` taught: three medium strokes of every shape.
    static func templates(taughtBy teacher: Person) -> StrokeTemplates {
        StrokeTemplates(taught.map { shape in
            StrokeTemplate(name: shape.rawValue,
                           examples: (0..<3).map { points(shape, teacher, pace: .medium, seed: 500 + $0) })!
        })
    }

    func testTaughtStrokesAreRecognized() {
        var own = PeopleStrokeTests.Rate(), across = PeopleStrokeTests.Rate()
        var byShape: [HumanStrokes.Shape: PeopleStrokeTests.Rate] = [:]
        var byTeacher: [String: (own: PeopleStrokeTests.Rate, across: PeopleStrokeTests.Rate)] = [:]
        var byPace: [HumanStrokes.Pace: (own: PeopleStrokeTests.Rate, across: PeopleStrokeTests.Rate)] = [:]
        for teacher in Person.all {
            let templates = Self.templates(taughtBy: teacher)
            for drawer in Person.all {
                for shape in Self.taught {
                    for (p, pace) in HumanStrokes.Pace.allCases.enumerated() {
                        for seed in 0..<UInt64(Self.strokesPerPace) {
                            let stroke = Self.points(shape, drawer, pace: pace, seed: 700 + seed + UInt64(p) << 20)
                            let hit = templates.match(stroke)?.name == shape.rawValue
                            if drawer.name == teacher.name {
                                byPace[pace, default: (.init(), .init())].own.add(hit)
                                own.add(hit)
                                byTeacher[teacher.name, default: (.init(), .init())].own.add(hit)
                            } else {
                                byPace[pace, default: (.init(), .init())].across.add(hit)
                                across.add(hit)
                                byTeacher[teacher.name, default: (.init(), .init())].across.add(hit)
                                byShape[shape, default: .init()].add(hit)
                            }
                        }
                    }
                }
            }
        }
        // Shapes nobody taught, matched to some taught one all the same.
        var untaught = PeopleStrokeTests.Rate()
        for teacher in Person.all {
            let templates = Self.templates(taughtBy: teacher)
            for shape in HumanStrokes.Shape.allCases where !Self.taught.contains(shape) && shape != .check {
                for seed in 0..<UInt64(2) {
                    untaught.add(templates.match(Self.points(shape, Person.all[Int(seed) % Person.all.count], pace: .medium,
                                                             seed: 800 + seed)) != nil)
                }
            }
        }
        print("templates: own strokes \(own), other people's \(across), untaught shapes matched \(untaught)")
        print("templates: across people per shape: " + Self.taught.map { "\($0.rawValue) \(byShape[$0]!)" }.joined(separator: ", "))
        print("templates: per pace (own / across): " + HumanStrokes.Pace.allCases.map { "\($0.rawValue) \(byPace[$0]!.own) / \(byPace[$0]!.across)" }.joined(separator: ", "))
        print("templates: per teacher (own / across): " + Person.all.map { "\($0.name) \(byTeacher[$0.name]!.own) / \(byTeacher[$0.name]!.across)" }.joined(separator: ", "))
        XCTAssertGreaterThanOrEqual(own.value, 0.95, "a person's own taught strokes")
        XCTAssertGreaterThanOrEqual(across.value, 0.85, "strokes taught by another person")
    }

    /// The detector reports a taught stroke when it lifts, and a check stays a check
    /// whatever was taught (the rule comes first: docs/gestures.md).
    func testATaughtStrokeIsReportedWhenItLiftsAndACheckStaysACheck() {
        var settings = GestureSettings()
        settings.strokes = Self.templates(taughtBy: Person.all[0])
        let circle = HumanStrokes.stroke(.circle, pace: .medium, seed: 900, style: Person.all[0].style)
        let found = HumanStrokeTests.gestures(of: circle, detector: GestureDetector(settings: settings))
        XCTAssertEqual(found.count, 1, "\(found)")
        guard case .template(let name, let score)? = found.first else { return XCTFail("\(found)") }
        XCTAssertEqual(name, "circle")
        XCTAssertGreaterThanOrEqual(score, settings.strokes.minimumScore)
        var checks = 0
        for person in Person.all {
            for seed in 0..<UInt64(5) {
                let check = HumanStrokes.stroke(.check, pace: .medium, seed: 950 + seed, style: person.style)
                let gestures = HumanStrokeTests.gestures(of: check, detector: GestureDetector(settings: settings))
                if gestures == [.checkmark] { checks += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(checks, 58, "of 60 checks with eight shapes taught")
    }

    func testNothingTaughtMatchesNothing() {
        let stroke = HumanStrokes.stroke(.circle, pace: .medium, seed: 1).map(\.point)
        XCTAssertNil(StrokeTemplates().match(stroke))
        XCTAssertNil(StrokeTemplate(name: "dot", examples: [[Point(x: 1, y: 1), Point(x: 1, y: 1)]]))
    }
}
