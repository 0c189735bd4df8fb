// A lift matched against the most strokes touchspots loads (StrokeTemplates.maximumCount
// strokes of StrokeTemplate.maximumExamples examples each): docs/gestures.md, "Stroke
// files". Not a target: built with the core's sources into one optimized program,
//
//     swiftc -O -wmo -module-name StrokeLift $(find Sources/TouchCore -name '*.swift') \
//         Benchmarks/StrokeLift/main.swift -o /tmp/stroke-lift && /tmp/stroke-lift
//
// so that the figure is a release build's (the tests' debug builds are some 300 times slower).
import Foundation

var examples: [[Point]] = []
for e in 0..<StrokeTemplate.maximumExamples {
    var points: [Point] = []
    for i in 0..<40 { points.append(Point(x: Double(i * 3 + e), y: Double((i * i + e) % 17))) }
    examples.append(points)
}
let strokes = StrokeTemplates((0..<StrokeTemplates.maximumCount).map { StrokeTemplate(name: "s\($0)", examples: examples)! })
var stroke: [Point] = []
for i in 0..<60 { stroke.append(Point(x: Double(i * 2), y: Double(i % 7))) }
var times: [Double] = []
for _ in 0..<21 {
    let start = Date()
    for _ in 0..<10 { _ = strokes.match(stroke) }
    times.append(Date().timeIntervalSince(start) / 10)
}
times.sort()
print("\(StrokeTemplates.maximumCount * StrokeTemplate.maximumExamples) examples: median \(times[10] * 1000) ms per lift, min \(times[0] * 1000), max \(times[20] * 1000)")
