import Foundation
import TouchCore
import XCTest

/// Strokes drawn by people: five of the ten people of the $1 recognizer's gesture logs
/// (Wobbrock, Wilson and Li, UIST 2007; New BSD licence), in the tree at
/// `Tests/Fixtures/people-strokes/` with their source and licence (docs/design/gestures.md,
/// "People's strokes"), so that a clone on anyone's machine has them. Every figure
/// measured on them cites the paper.
///
/// Each stroke is replayed as the outside measurement plays it on weston: one finger down
/// at the first point, one motion and one frame per recorded point at its recorded time
/// (on the injected clock, so 2,400 strokes take seconds, not the 47 minutes they take at
/// 1:1), the lift 8 ms after the last point. It is scaled, aspect kept, so its longest side
/// is 250-400 px (fixed per stroke) and centred in a 1024 x 768 window.
struct RealStroke: Sendable {
    let key: String
    let label: String
    let subject: Int
    let speed: String
    let rep: Int
    /// (seconds from the first point, point in the stroke's recorded pixels).
    let samples: [(time: Double, point: Point)]

    static let shapes = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "left_sq_bracket",
                         "pigtail", "question_mark", "rectangle", "right_curly_brace", "right_sq_bracket", "star",
                         "triangle", "v", "x"]
    static let speeds = ["slow", "medium", "fast"]

    /// Where the strokes are: `Tests/Fixtures/people-strokes/`.
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/people-strokes/dollar1-strokes-five-people.json").standardized

    /// The strokes, read once; nil when the file is not there.
    nonisolated(unsafe) private static var cache: [RealStroke]??

    /// The strokes, or a skip saying where they were looked for; in CI (CI=true) a missing
    /// file is a failure, so a run without them never passes silently.
    static func all(file: StaticString = #filePath, line: UInt = #line) throws -> [RealStroke] {
        if cache == nil { cache = .some(try? load()) }
        if let strokes = cache!, !strokes.isEmpty { return strokes }
        let message = "people's strokes not found at \(Self.file.path) (they are in the tree: a partial checkout?)"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail(message, file: file, line: line)
        }
        throw XCTSkip(message)
    }

    private static func load() throws -> [RealStroke] {
        let data = try Data(contentsOf: Self.file)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let strokes = root["strokes"] as? [[String: Any]] else { return [] }
        return strokes.compactMap { s in
            guard let key = s["key"] as? String, let label = s["label"] as? String, let subject = s["subject"] as? Int,
                  let speed = s["speed"] as? String, let rep = s["rep"] as? Int, let points = s["points"] as? [[Double]]
            else { return nil }
            let samples = points.compactMap { p in p.count == 3 ? (time: p[0] / 1000, point: Point(x: p[1], y: p[2])) : nil }
            guard samples.count >= 2 else { return nil }
            return RealStroke(key: key, label: label, subject: subject, speed: speed, rep: rep, samples: samples)
        }
    }

    /// The stroke as drawn in the window: longest side 250-400 px (by the key, so fixed per
    /// stroke), centred in 1024 x 768.
    var placed: [(time: Double, point: Point)] {
        var hash: UInt64 = 1469598103934665603
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 1099511628211 }
        let side = 250 + Double(hash % 151)
        let xs = samples.map(\.point.x), ys = samples.map(\.point.y)
        let width = xs.max()! - xs.min()!, height = ys.max()! - ys.min()!
        let scale = side / max(width, height, 1)
        let dx = 512 - (xs.min()! + width / 2) * scale, dy = 384 - (ys.min()! + height / 2) * scale
        return samples.map { (time: $0.time, point: Point(x: $0.point.x * scale + dx, y: $0.point.y * scale + dy)) }
    }

    /// The drawing as points only, for teaching.
    var points: [Point] { placed.map(\.point) }

    /// The common shapes as the executable ships them (data/shapes: each shape's first
    /// medium drawing by each person), but drawn by the other people only: a person is
    /// measured as one the shipped shapes were not drawn by (the five kept apart are).
    static func commonShapes(without subject: Int, in strokes: [RealStroke]) -> [StrokeTemplate] {
        commonShapes(of: Set(strokes.map(\.subject)).subtracting([subject]), in: strokes)
    }

    /// The common shapes as drawn by `people` only (each one's first medium drawing).
    static func commonShapes(of people: Set<Int>, in strokes: [RealStroke]) -> [StrokeTemplate] {
        shapes.compactMap { shape in
            StrokeTemplate(name: shape, examples: strokes.filter {
                people.contains($0.subject) && $0.label == shape && $0.speed == "medium" && $0.rep == 1
            }.map(\.points))
        }
    }
}

/// Plays strokes through one session's front door (SessionDriver), a stroke at a time.
final class StrokePlayer {
    let driver: SessionDriver

    init(templates: [StrokeTemplate] = [], commonShapes: [StrokeTemplate] = [], settings: GestureSettings = GestureSettings()) {
        driver = SessionDriver(size: Size(width: 1024, height: 768), settings: settings, now: 100)
        driver.session.reportsRouting = false
        driver.session.strokes.templates = templates
        driver.session.strokes.commonShapes = commonShapes
    }

    /// The gestures one stroke gave, in order, and the session's near-miss lines after it.
    func play(_ samples: [(time: Double, point: Point)]) -> [Gesture] {
        driver.clearEvents()
        let start = driver.clock.now
        driver.down(id: 1, at: samples[0].point)
        driver.frame()
        driver.flush()
        for sample in samples.dropFirst() {
            driver.clock.now = start + sample.time
            driver.motion(id: 1, to: sample.point)
            driver.frame()
            driver.flush()
        }
        driver.clock.now = start + samples[samples.count - 1].time + 0.008
        driver.up(id: 1)
        driver.frame()
        driver.flush()
        // Taps resolve and labels clear before the next stroke.
        driver.run(3)
        return driver.gestures
    }

    /// What the first gesture line names: "checkmark", a stroke's name, "swipe", ... or
    /// "nothing".
    static func verdict(_ gestures: [Gesture]) -> String {
        gestures.first.map(LogGestureName.of) ?? "nothing"
    }
}

/// A hit rate, printed as a percentage with its counts.
struct Tally: CustomStringConvertible {
    var hits = 0, total = 0
    var value: Double { total == 0 ? 0 : Double(hits) / Double(total) }
    var description: String { String(format: "%.1f %% (%d/%d)", 100 * value, hits, total) }
    mutating func add(_ hit: Bool) { total += 1; if hit { hits += 1 } }
}

/// Tallies by named group ("shape check", "person 3", "pace fast", ...).
struct Tallies {
    var groups: [String: Tally] = [:]
    mutating func add(_ hit: Bool, _ keys: String...) { for key in keys { groups[key, default: Tally()].add(hit) } }
    subscript(_ key: String) -> Tally { groups[key] ?? Tally() }
    func line(_ prefix: String) -> String {
        groups.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }
            .map { "\($0.key.dropFirst(prefix.count)) \($0.value)" }.joined(separator: ", ")
    }
}
