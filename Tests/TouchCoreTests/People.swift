import Foundation
import TouchCore

/// Generated "people": each draws every shape in a style of their own (how long the
/// check's second leg is against the first, how steep each leg is, how round the corners,
/// how often a hook, how big, which hand), with each stroke varying around it
/// (docs/design/gestures.md, "People"). Among them are the strokes the first rule missed on
/// people's own drawings: V's whose second leg is 1.3-1.8 times the first with both legs
/// steep (Chen, Dara, Jo, Lu), and checks with a flat first leg and a wide turn (Ben, Eli).
struct Person: Sendable {
    let name: String
    let style: HumanStrokes.Style

    /// A person whose checks and V's follow these habits, each stroke varying by 10 % in
    /// the ratio and 6 degrees in each angle, on top of the drawing's own variation
/// (HumanStrokes: size, turn, rounding, bowing, hooks, jitter, timing).
    static func person(_ name: String, check: (ratio: Double, first: Double, second: Double),
                       v: (ratio: Double, first: Double, second: Double),
                       adjust: (inout HumanStrokes.Style) -> Void = { _ in }) -> Person {
        // One person draws their own shapes more alike than a crowd does: the box's
        // proportions within 10 %, turned by up to 5 degrees, the corners within about
        // 1.5 % of it.
        // Which way round a shape goes is a habit too: a person draws their arrows, brackets
        // and braces one way (the crowd's set mirrors 30 % of them).
        var style = HumanStrokes.Style()
        style.aspect = 0.9...1.1
        style.rotation = 5
        style.mirrorChance = 0
        style.cornerJitter = 0.015
        func varied(_ habit: (ratio: Double, first: Double, second: Double)) -> @Sendable (inout HumanStrokes.Random) -> [Point] {
            { r in
                HumanStrokes.legs(ratio: habit.ratio * r.uniform(0.9...1.1), firstAngle: habit.first + r.uniform(-6...6),
                     secondAngle: habit.second + r.uniform(-6...6))
            }
        }
        style.shapes[.check] = varied(check)
        style.shapes[.v] = varied(v)
        adjust(&style)
        return Person(name: name, style: style)
    }

    static let all: [Person] = [
        person("Ana", check: (2.4, 48, 55), v: (1.0, 65, 65)),
        person("Ben", check: (2.3, 25, 65), v: (1.1, 62, 60)),
        person("Chen", check: (2.2, 45, 55), v: (1.45, 64, 54)),
        person("Dara", check: (2.8, 52, 45), v: (1.7, 70, 48)),
        person("Eli", check: (2.0, 20, 75), v: (1.2, 68, 62)),
        person("Fay", check: (2.6, 58, 42), v: (1.0, 72, 72)),
        person("Gus", check: (2.4, 45, 60), v: (1.3, 60, 58)) { style in
            style.checkMirrorChance = 1  // left-handed: the check goes the other way
        },
        person("Hana", check: (2.2, 40, 55), v: (1.35, 66, 56)) { style in
            style.landingHookChance = 0.9
            style.liftingHookChance = 0.9
        },
        person("Ivo", check: (2.5, 38, 50), v: (1.0, 64, 64)) { style in style.cornerRounding = 0.08...0.14 },
        person("Jo", check: (1.9, 35, 60), v: (1.5, 58, 52)) { style in style.size = 60...160 },
        person("Kai", check: (3.0, 45, 40), v: (1.2, 66, 60)) { style in
            style.size = 400...700
            style.bow = 0.12
        },
        person("Lu", check: (2.1, 30, 45), v: (1.6, 62, 46)),
    ]
}
