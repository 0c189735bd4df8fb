import Foundation
import TouchCore
import XCTest

/// The stroke recognizers on the generated people (People.swift): every person draws every
/// shape at every pace; the rates per shape, pace and person are printed and written in
/// docs/gestures.md ("People").
final class PeopleStrokeTests: XCTestCase {
    static let strokesPerPace = 40

    struct Rate: CustomStringConvertible {
        var hits = 0, strokes = 0
        var value: Double { strokes == 0 ? 0 : Double(hits) / Double(strokes) }
        var description: String { String(format: "%.1f %%", 100 * value) }
        mutating func add(_ hit: Bool) { strokes += 1; if hit { hits += 1 } }
    }

    func testCheckmarksOnPeople() {
        var byShape: [HumanStrokes.Shape: Rate] = [:]
        var checksByPerson: [String: Rate] = [:], vByPerson: [String: Rate] = [:]
        var checksByPace: [HumanStrokes.Pace: Rate] = [:]
        /// (person, pace, shape) -> checkmark rate, for the table in docs/gestures.md.
        var cells: [String: Rate] = [:]
        for person in Person.all {
            for shape in HumanStrokes.Shape.allCases {
                for (p, pace) in HumanStrokes.Pace.allCases.enumerated() {
                    // The check and its neighbours get most strokes; the rest, far from it, fewer.
                    let strokes = [.check, .v, .caret, .arrow, .x].contains(shape) ? Self.strokesPerPace : 10
                    for seed in 0..<UInt64(strokes) {
                        let samples = HumanStrokes.stroke(shape, pace: pace, seed: seed &+ UInt64(p) << 20 &+ 90_000,
                                                          style: person.style)
                        let check = HumanStrokeTests.gestures(of: samples, detector: GestureDetector()).contains(.checkmark)
                        byShape[shape, default: Rate()].add(check)
                        cells["\(person.name) \(pace.rawValue) \(shape == .check || shape == .v ? shape.rawValue : "other")", default: Rate()].add(check)
                        if shape == .check {
                            checksByPerson[person.name, default: Rate()].add(check)
                            checksByPace[pace, default: Rate()].add(check)
                        }
                        if shape == .v { vByPerson[person.name, default: Rate()].add(check) }
                    }
                }
            }
        }
        var table = "| person | check recall slow / medium / fast | V taken for a check slow / medium / fast | other shapes taken for a check |\n|---|---|---|---|\n"
        for person in Person.all {
            func row(_ kind: String) -> String {
                HumanStrokes.Pace.allCases.map { "\(cells["\(person.name) \($0.rawValue) \(kind)"]!)" }.joined(separator: " / ")
            }
            var others = Rate()
            for pace in HumanStrokes.Pace.allCases {
                let cell = cells["\(person.name) \(pace.rawValue) other"]!
                others.hits += cell.hits
                others.strokes += cell.strokes
            }
            table += "| \(person.name) | \(row("check")) | \(row("v")) | \(others) |\n"
        }
        print(table)
        print("people: checkmark rate per shape: " + HumanStrokes.Shape.allCases.map { "\($0.rawValue) \(byShape[$0]!)" }.joined(separator: ", "))
        print("people: check recall per person: " + Person.all.map { "\($0.name) \(checksByPerson[$0.name]!)" }.joined(separator: ", "))
        print("people: V taken for a check per person: " + Person.all.map { "\($0.name) \(vByPerson[$0.name]!)" }.joined(separator: ", "))
        print("people: check recall per pace: " + HumanStrokes.Pace.allCases.map { "\($0.rawValue) \(checksByPace[$0]!)" }.joined(separator: ", "))
        XCTAssertGreaterThanOrEqual(byShape[.check]!.value, 0.98, "checkmark recall")
        // The V line (CheckmarkShape rule 9) follows people's strokes (RealStrokeTests: five
        // people of the $1 logs, whose checks have second legs 1.5-2.5 times the first at
        // 46-80 degrees). Four generated people (Chen, Dara, Jo, Lu) were made to draw V's
        // at ratios 1.45-1.7 and 58-70 degrees, where those people draw checks: their V's
        // are taken for checks 3-30 % of the time, 6.6 % of all generated V's (was <= 2 %
        // under the line tuned on them, which missed 12 % of people's checks). Held here at
        // what it is, so it cannot grow unseen; docs/design/gestures.md, "Checkmark against V".
        XCTAssertLessThanOrEqual(byShape[.v]!.value, 0.07, "V taken for a check")
        for shape in HumanStrokes.Shape.allCases where shape != .check && shape != .v {
            XCTAssertLessThanOrEqual(byShape[shape]!.value, 0.01, "false checkmarks on \(shape.rawValue)")
        }
    }
}
