import Foundation
import TouchCore
import XCTest

/// The stroke recognizers on people's strokes (RealStrokes: five people of the $1 logs,
/// Wobbrock, Wilson and Li, UIST 2007), through the session's front door on the injected
/// clock, judged as the outside measurement judges them: the first gesture after the lift
/// names the stroke. Rates per shape, pace and person are printed and written in
/// docs/gestures.md ("People's strokes"); the targets are issue 38's.
final class RealStrokeTests: XCTestCase {
    /// The checkmark and the shipped strokes on every stroke, the shipped strokes loaded as
    /// the executable loads them, with the common shapes (drawn by the other four people).
    func testCheckmarkAndShippedStrokesOnPeople() throws {
        let strokes = try RealStroke.all()
        let shipped = try ShippedStrokeTests.shippedTemplates()
        let shippedNames = Set(shipped.map(\.name))
        var players: [Int: StrokePlayer] = [:]
        for subject in Set(strokes.map(\.subject)) {
            players[subject] = StrokePlayer(templates: shipped, commonShapes: RealStroke.commonShapes(without: subject, in: strokes))
        }
        var checks = Tallies(), falseChecks = Tallies(), own = Tallies(), other = Tallies()
        var reported: [String: [String: Int]] = [:]
        for stroke in strokes {
            let verdict = StrokePlayer.verdict(players[stroke.subject]!.play(stroke.placed))
            reported[stroke.label, default: [:]][verdict, default: 0] += 1
            let person = "person s\(stroke.subject)", pace = "pace \(stroke.speed)"
            if stroke.label == "check" {
                checks.add(verdict == "checkmark", "all", person, pace)
            } else {
                falseChecks.add(verdict == "checkmark", "all", "shape \(stroke.label)", person, pace)
            }
            if shippedNames.contains(stroke.label) {
                own.add(verdict == stroke.label, "shape \(stroke.label)", "all", pace, person)
            }
            other.add(shippedNames.contains(verdict) && verdict != stroke.label, "shape \(stroke.label)")
        }
        print("people's strokes (Wobbrock, Wilson and Li 2007), checkmark recall: \(checks["all"]); \(checks.line("pace ")); \(checks.line("person "))")
        print("people's strokes, false checkmarks: \(falseChecks["all"]); per shape: \(falseChecks.line("shape "))")
        print("people's strokes, shipped shapes reported as themselves: \(own["all"]); \(own.line("shape ")); \(own.line("pace ")); \(own.line("person "))")
        print("people's strokes, taken for another shipped shape: \(other.line("shape "))")
        for (label, counts) in reported.sorted(by: { $0.key < $1.key }) {
            print("  \(label): " + counts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        XCTAssertGreaterThanOrEqual(checks["all"].value, 0.95, "checkmark recall on people")
        XCTAssertLessThanOrEqual(falseChecks["all"].value, 0.01, "false checkmarks on people")
        for (key, tally) in falseChecks.groups where key.hasPrefix("shape ") {
            XCTAssertLessThanOrEqual(tally.value, 0.03, "false checkmarks, \(key)")
        }
        for name in shippedNames {
            XCTAssertGreaterThanOrEqual(own["shape \(name)"].value, 0.90, "\(name) reported as itself")
        }
        for (key, tally) in other.groups {
            XCTAssertLessThanOrEqual(tally.value, 0.02, "taken for another shipped shape, \(key)")
        }
    }

    /// The $1 paper's user-dependent test: each person teaches all 16 shapes with their
    /// first three medium drawings, then draws their other 27 of each. A drawing counts when
    /// the first gesture names its shape (`checkmark` for a check).
    func testTaughtStrokesOnPeople() throws {
        let strokes = try RealStroke.all()
        var named = Tallies()
        var confusions: [String: Int] = [:], stopped: [String: Int] = [:]
        for subject in Set(strokes.map(\.subject)).sorted() {
            let mine = strokes.filter { $0.subject == subject }
            let player = StrokePlayer(templates: Self.teach(RealStroke.shapes, from: mine),
                                      commonShapes: RealStroke.commonShapes(without: subject, in: strokes))
            for stroke in mine where !Self.isLesson(stroke) {
                let verdict = StrokePlayer.verdict(player.play(stroke.placed))
                let right = verdict == (stroke.label == "check" ? "checkmark" : stroke.label)
                named.add(right, "all", "shape \(stroke.label)", "person s\(subject)", "pace \(stroke.speed)",
                          "cell s\(subject) \(stroke.label)")
                if !right {
                    confusions["\(stroke.label) as \(verdict)", default: 0] += 1
                    stopped[Self.stoppedBy(verdict, player.driver.events), default: 0] += 1
                }
            }
        }
        let cells = named.groups.filter { $0.key.hasPrefix("cell ") }
        let worst = cells.min { $0.value.value < $1.value.value }!
        print("people's strokes (Wobbrock, Wilson and Li 2007), taught and named right: \(named["all"]); \(named.line("pace ")); \(named.line("person "))")
        print("people's strokes, taught, per shape: \(named.line("shape "))")
        print("people's strokes, taught, worst person and shape: \(worst.key) \(worst.value); cells under 95 %: "
              + cells.filter { $0.value.value < 0.95 }.sorted { $0.key < $1.key }.map { "\($0.key.dropFirst(5)) \($0.value)" }.joined(separator: ", "))
        print("people's strokes, taught, misses by what stopped them: " + stopped.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("people's strokes, taught, misses: " + confusions.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        // Issue 38's targets are >= 99 % overall and >= 95 % for every shape and every
        // person; what falls short is printed as UNMET, and the levels reached are held, so
        // a change that loses ground fails. Each person's shape (27 drawings: one miss is
        // 3.7 points) is held too and printed when under 95 %, the strictest reading of
        // the issue's line, still not met by four cells (docs/design/gestures.md, "Elastic pairing").
        // Reached (2026-11-29, points and steps paired elastically, with the common shapes
        // drawn by the other four people): 99.2 % (2,142; 99 % is 2,139), shapes from
        // 97.0 %, people from 98.6 %, cells from 92.6 %; 98.6 % with $1's pairing, 97.0 %
        // before the common shapes (docs/design/gestures.md, "Elastic pairing").
        Self.hold(named["all"].value, atLeast: 0.99, reached: 0.99, "taught strokes named right")
        for (key, tally) in named.groups {
            if key.hasPrefix("shape ") { Self.hold(tally.value, atLeast: 0.95, reached: 0.97, "taught strokes named right, \(key)") }
            if key.hasPrefix("person ") { Self.hold(tally.value, atLeast: 0.95, reached: 0.98, "taught strokes named right, \(key)") }
            // Cells held at 88 % since 2026-12-06 (92 % before): the direction limit the
            // tuner chooses on all five people (StrokeLimitsTuner, 0.725 against 0.5 chosen
            // by hand) turns away 3 of s11's 27 fast arrows, whose heads come early; on a
            // person left out every goal of issue 62 is met with it (StrokeLimitsTunerTests).
            if key.hasPrefix("cell ") { Self.hold(tally.value, atLeast: 0.95, reached: 0.88, "taught strokes named right, \(key)", issueLine: false) }
        }
    }

    /// Eight shapes taught (the first eight by name, then the other eight), the other
    /// eight's strokes drawn: they must match nothing taught.
    func testUntaughtShapesMatchNothingTaught() throws {
        let strokes = try RealStroke.all()
        let halves = [Array(RealStroke.shapes.prefix(8)), Array(RealStroke.shapes.suffix(8))]
        var matched = Tallies()
        var confusions: [String: Int] = [:]
        for subject in Set(strokes.map(\.subject)).sorted() {
            let mine = strokes.filter { $0.subject == subject }
            for taught in halves {
                let player = StrokePlayer(templates: Self.teach(taught, from: mine),
                                          commonShapes: RealStroke.commonShapes(without: subject, in: strokes))
                for stroke in mine where !taught.contains(stroke.label) {
                    let gestures = player.play(stroke.placed)
                    let match = gestures.lazy.compactMap { gesture -> String? in
                        if case .template(let name, _) = gesture { return name } else { return nil }
                    }.first
                    matched.add(match != nil, "all", "shape \(stroke.label)", "person s\(subject)", "pace \(stroke.speed)")
                    if let match { confusions["\(stroke.label) as \(match)", default: 0] += 1 }
                }
            }
        }
        print("people's strokes (Wobbrock, Wilson and Li 2007), untaught matched to a taught stroke: \(matched["all"]); \(matched.line("shape "))")
        print("people's strokes, untaught: \(matched.line("pace ")); \(matched.line("person ")); " +
              confusions.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertLessThanOrEqual(matched["all"].value, 0.02, "untaught strokes matched")
        // Issue 38 asks <= 5 % for every shape: met since a stroke must also have a corner
        // nearly as sharp as the template's (circles were taken for taught rectangles and
        // triangles 11.3 % of the time before; docs/design/gestures.md, "Matching taught strokes").
        for (key, tally) in matched.groups where key.hasPrefix("shape ") {
            XCTAssertLessThanOrEqual(tally.value, 0.05, "untaught strokes matched, \(key)")
        }
    }

    /// Scribbles (generated: Scribbles) against each person's 16 taught shapes, with the
    /// common shapes and without: how many are named after a taught stroke. The common
    /// shapes lend a lesson other people's drawings, which widens what it matches; this
    /// holds what that costs on strokes that are no shape.
    func testScribblesMatchLittleTaught() throws {
        let strokes = try RealStroke.all()
        var with = Tallies(), without = Tallies()
        for subject in Set(strokes.map(\.subject)).sorted() {
            let taught = Self.teach(RealStroke.shapes, from: strokes.filter { $0.subject == subject })
            let players = [StrokePlayer(templates: taught, commonShapes: RealStroke.commonShapes(without: subject, in: strokes)),
                           StrokePlayer(templates: taught)]
            for scribble in Scribbles.make(200, seed: UInt64(subject)) {
                for (player, index) in zip(players, 0...) {
                    let named = player.play(scribble.samples).contains { if case .template = $0 { true } else { false } }
                    if index == 0 { with.add(named, "all", scribble.kind) } else { without.add(named, "all", scribble.kind) }
                }
            }
        }
        print("scribbles named after a taught stroke (16 taught, each of five people): with the common shapes \(with["all"]) "
              + "(walks \(with["walk"]), polylines \(with["polyline"])); without \(without["all"]) (walks \(without["walk"]), polylines \(without["polyline"]))")
        // Measured 2026-11-29: 6.5 % with, 3.9 % without (2026-11-27, with $1's pairing: 6.3
        // and 3.7 %; docs/design/gestures.md, "Elastic pairing").
        XCTAssertLessThanOrEqual(with["all"].value, 0.07, "scribbles named after a taught stroke")
        XCTAssertLessThanOrEqual(with["all"].value - without["all"].value, 0.03, "what the common shapes cost on scribbles")
    }

    /// A rate held to the level reached (`reached`, a failure below it) and measured against
    /// issue 38's target (`atLeast`), printed as UNMET while below it (`issueLine`; else as
    /// under the target): the target is the issue's and stays until met, never lowered to
    /// what the code does.
    static func hold(_ value: Double, atLeast target: Double, reached: Double, _ what: String, issueLine: Bool = true) {
        if value < target {
            print((issueLine ? "UNMET (issue 38): " : "under \(Int(target * 100)) % (each person's shape, the strictest reading): ")
                  + "\(what): \(String(format: "%.1f", value * 100)) %, the target is \(Int(target * 100)) %")
        }
        XCTAssertGreaterThanOrEqual(value, min(target, reached), "\(what): below the level already reached")
    }

    /// What kept a taught drawing from being named right: "a wrong shape" when another
    /// shape (or the checkmark) fired, a swipe when the template rejected it and the swipe
    /// took it; else the rule its template near-miss names (the score's limit, whether
    /// `stroke-min-score` or a failed margin, the direction, the corner), or "score far
    /// under" when no template came within 0.1 of its limit.
    static func stoppedBy(_ verdict: String, _ events: [TouchSessionEvent]) -> String {
        if verdict == "swipe" { return "rejected, then a swipe" }
        guard verdict == "nothing" else { return "a wrong shape" }
        for case .nearMiss(let misses) in events {
            if let miss = misses.first(where: { if case .template = $0.recognizer { true } else { false } }) {
                return "rejected: " + (miss.setting?.rawValue ?? "the template's own limit")
            }
        }
        return "rejected: score far under"
    }

    /// A person's lesson: their first three medium drawings of a shape.
    static func isLesson(_ stroke: RealStroke) -> Bool { stroke.speed == "medium" && stroke.rep <= 3 }

    /// One template per shape, from the person's lesson drawings, as drawn in the window.
    static func teach(_ shapes: [String], from strokes: [RealStroke]) -> [StrokeTemplate] {
        shapes.compactMap { shape in
            StrokeTemplate(name: shape, examples: strokes.filter { $0.label == shape && isLesson($0) }.map(\.points))
        }
    }
}
