import Benchmark
import TouchCore

/// The core, measured through its front door as the client drives it: ten fingers, each
/// frame moving all of them. Every iteration is 1,000 frames, so the malloc counts are
/// allocations per 1,000 frames and throughput times 1,000 is frames per second.
///
/// Run: swift package --disable-sandbox benchmark (scripts/bench runs it, docs/benchmark.md
/// has the numbers).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .instructions],
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 200)

    let fingers = 10
    let framesPerIteration = 1_000

    /// Finger `f` at step `step` of a stroke: a zig-zag per finger, so swipes, pinches and
    /// turns are all judged (ten fingers fit no gesture, so none is ever reported).
    func location(_ f: Int, _ step: Int) -> Point {
        Point(x: 100 + Double(f) * 80 + Double((step * (f + 1)) % 60),
              y: 300 + 20 * Double(f % 3) + Double(step % 500) / 4)
    }

    /// What the framework itself allocates per iteration, to subtract from the others.
    Benchmark("Empty iteration (the benchmark framework's own cost)") { benchmark in
        var sum = 0
        benchmark.startMeasurement()
        do {
            for i in 0..<framesPerIteration { sum &+= i }
        }
        blackHole(sum)
    }

    Benchmark("Gesture module, 10 fingers moving") { benchmark in
        let detector = GestureDetector()
        var frame = TouchFrame(time: 0, touches: (0..<fingers).map {
            Touch(id: Int32($0), finger: FingerID($0), phase: .began, location: location($0, 0), time: 0)
        }, activeTouches: [])
        _ = detector.handle(&frame, at: 0)
        for f in 0..<fingers { frame.touches[f].phase = .moved }
        var step = 0
        benchmark.startMeasurement()
        do {
            for _ in 0..<framesPerIteration {
                step += 1
                for f in 0..<fingers { frame.touches[f].location = location(f, step) }
                blackHole(detector.handle(&frame, at: Double(step) * 0.008))
            }
        }
    }

    /// Steady state: ten fingers down, every frame moves them all. The sink does nothing,
    /// so what is counted is the core's own cost.
    Benchmark("TouchSession, 10 fingers moving") { benchmark in
        let clock = ManualClock()
        let session = TouchSession(sceneName: .playground, size: Size(width: 1920, height: 1080),
                                   clock: clock, sink: { _ in })!
        let device = session.touchscreens.add()
        for f in 0..<fingers { session.touchscreens.down(device, id: Int32(f), at: location(f, 0), time: 0) }
        session.touchscreens.frame(device)
        var step = 0
        // Let the spots finish growing and the panel settle before measuring.
        for _ in 0..<100 {
            step += 1
            clock.advance(by: 0.008)
            for f in 0..<fingers { session.touchscreens.motion(device, id: Int32(f), to: location(f, step), time: UInt32(step)) }
            session.touchscreens.frame(device)
            session.flush()
            blackHole(session.window.takeDamage())
        }
        benchmark.startMeasurement()
        do {
            for _ in 0..<framesPerIteration {
                step += 1
                clock.advance(by: 0.008)
                for f in 0..<fingers {
                    session.touchscreens.motion(device, id: Int32(f), to: location(f, step), time: UInt32(step))
                }
                session.touchscreens.frame(device)
                session.flush()
                blackHole(session.window.takeDamage())
            }
        }
    }

    /// Fingers landing and lifting every 500 frames, as in real use: new spots, gestures
    /// starting and ending.
    Benchmark("TouchSession, 10 fingers landing, moving, lifting") { benchmark in
        let clock = ManualClock()
        let session = TouchSession(sceneName: .playground, size: Size(width: 1920, height: 1080),
                                   clock: clock, sink: { _ in })!
        let device = session.touchscreens.add()
        var step = 0
        benchmark.startMeasurement()
        do {
            for _ in 0..<framesPerIteration {
                clock.advance(by: 0.008)
                let phase = step % 500
                for f in 0..<fingers {
                    switch phase {
                    case 0: session.touchscreens.down(device, id: Int32(f), at: location(f, 0), time: UInt32(step))
                    case 499: session.touchscreens.up(device, id: Int32(f), time: UInt32(step))
                    default: session.touchscreens.motion(device, id: Int32(f), to: location(f, step), time: UInt32(step))
                    }
                }
                session.touchscreens.frame(device)
                session.flush()
                blackHole(session.window.takeDamage())
                step += 1
            }
        }
    }

    /// One-finger strokes lifting with 20 taught strokes, and with none for comparison: each
    /// iteration is one stroke of 60 frames (a wavy line, matching no template well) and
    /// its lift, so time and allocations per iteration are per lift, the stroke's frames
    /// included; the difference between the two is the matching's. The p99 of the wall
    /// clock is the number docs/benchmark.md gives.
    ///
    /// With the 16 common shapes the executable loads (`StrokeTemplates.commonShapes`, five
    /// drawings each), as the same polygons and spirals: ten of them (k 10-19) are near
    /// copies of taught ones, which claim them and borrow their five drawings, and six
    /// stand for untaught shapes, matched at every lift.
    for (taught, common) in [(20, 16), (20, 0), (0, 0)] {
        func shape(_ k: Int, size: Double = 1) -> [Point] {
            // Polygons and spirals of different sizes and turns.
            let sides = 3 + k % 6, turns = 1 + Double(k / 6) * 0.5
            return (0...48).map { i -> Point in
                let a = Double(i) / 48 * 2 * Double.pi * turns
                let r = size * 100 * (1 + 0.2 * Double(k % 3)) * (1 + 0.3 * sinApprox(Double(sides) * a))
                return Point(x: 400 + r * cosApprox(a), y: 400 + r * sinApprox(a) * (2 - size))
            }
        }
        let name = "TouchSession, one-finger stroke and its lift, \(taught) taught strokes" + (common > 0 ? " and \(common) common shapes" : "")
        Benchmark(name, configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 2_000)) { benchmark in
            var settings = GestureSettings()
            settings.strokes = StrokeTemplates((0..<taught).map { k in StrokeTemplate(name: "t\(k)", examples: [shape(k)])! })
            settings.strokes.commonShapes = (10..<(10 + common)).map { k in
                StrokeTemplate(name: "c\(k)", examples: (0..<5).map { d in shape(k, size: 0.9 + 0.05 * Double(d)) })!
            }
            let clock = ManualClock()
            let session = TouchSession(sceneName: .playground, size: Size(width: 1920, height: 1080), settings: settings,
                                       clock: clock, sink: { _ in })!
            let device = session.touchscreens.add()
            var time: UInt32 = 0
            func stroke() {
                session.touchscreens.down(device, id: 1, at: Point(x: 200, y: 400), time: time)
                session.touchscreens.frame(device)
                for step in 1...60 {
                    clock.advance(by: 0.008)
                    time &+= 8
                    let x = 200 + Double(step) * 8, y = 400 + 40 * sinApprox(Double(step) / 6)
                    session.touchscreens.motion(device, id: 1, to: Point(x: x, y: y), time: time)
                    session.touchscreens.frame(device)
                    session.flush()
                }
                session.touchscreens.up(device, id: 1, time: time)
                session.touchscreens.frame(device)
                clock.advance(by: 1)  // past the tap interval and the labels
                session.flush()
                blackHole(session.window.takeDamage())
            }
            for _ in 0..<5 { stroke() }
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                stroke()
                benchmark.stopMeasurement()
            }
        }
    }

    /// Claiming the common shapes (StrokeTemplates.commonShapes), which runs when strokes
    /// are set (files loaded, a lesson learnt), never at the lift: the most the core keeps,
    /// 32 strokes of ten drawings against 16 shapes of five, and what the executable
    /// loads, five shipped strokes of ten drawings against the 16.
    for strokes in [32, 5] {
        Benchmark("StrokeTemplates, claiming 16 common shapes for \(strokes) strokes of ten drawings",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 200)) { benchmark in
            func shape(_ k: Int, _ d: Int) -> [Point] {
                let sides = 3 + k % 6, turns = 1 + Double(k / 6 % 3) * 0.5
                return (0...48).map { i -> Point in
                    let a = Double(i) / 48 * 2 * Double.pi * turns
                    let r = (1 + 0.04 * Double(d)) * 100 * (1 + 0.3 * sinApprox(Double(sides) * a))
                    return Point(x: 400 + r * cosApprox(a), y: 400 + r * sinApprox(a))
                }
            }
            let templates = (0..<strokes).map { k in StrokeTemplate(name: "t\(k)", examples: (0..<10).map { shape(k, $0) })! }
            let common = (0..<16).map { k in StrokeTemplate(name: "c\(k)", examples: (0..<5).map { shape(k + 7, $0) })! }
            for _ in benchmark.scaledIterations {
                var set = StrokeTemplates(templates)
                benchmark.startMeasurement()
                set.commonShapes = common
                benchmark.stopMeasurement()
                blackHole(set)
            }
        }
    }
}

/// sin and cos of radians through the core's own cosine (the benchmark, like the core,
/// imports no C).
func sinApprox(_ x: Double) -> Double { cosineOfDegrees(x * 180 / Double.pi - 90) }
func cosApprox(_ x: Double) -> Double { cosineOfDegrees(x * 180 / Double.pi) }
