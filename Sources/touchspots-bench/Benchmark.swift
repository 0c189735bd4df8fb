import TouchCore

/// Measures touch frames per second through the gesture module with ten fingers moving,
/// and through the whole playground scene (spots, hit-testing, panel, gestures).
/// Run: swift run -c release touchspots-bench [frames]
@main
struct Benchmark {
    static func main() {
        let arguments = CommandLine.arguments
        let frames = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000
        let fingers = 10

        /// Ten fingers circling, each frame moving all of them, lifting and landing again
        /// every 500 frames so sessions start and end as in real use.
        func makeFrames(_ count: Int) -> [TouchFrame] {
            var result: [TouchFrame] = []
            result.reserveCapacity(count)
            var sequence = 0
            var active: [Touch] = []
            for i in 0..<count {
                let phase: TouchPhase
                if i % 500 == 0 { phase = .began } else if i % 500 == 499 { phase = .ended } else { phase = .moved }
                if phase == .began {
                    active = (0..<fingers).map { f in
                        defer { sequence += 1 }
                        return Touch(id: Int32(f), sequence: sequence, phase: .began,
                                     location: Point(x: 100 + Double(f) * 80, y: 300), time: UInt32(i))
                    }
                } else {
                    let step = i % 500
                    active = active.enumerated().map { f, touch in
                        var next = touch
                        next.phase = phase
                        next.previousLocation = touch.location
                        // a zig-zag per finger, so swipes, pinches and turns all get judged
                        next.location = Point(x: 100 + Double(f) * 80 + Double((step * (f + 1)) % 60),
                                              y: 300 + 20 * Double(f % 3) + Double(step) / 4)
                        next.time = UInt32(i)
                        return next
                    }
                }
                result.append(TouchFrame(time: UInt32(i), touches: active,
                                         activeTouches: phase == .ended ? [] : active))
            }
            return result
        }

        let input = makeFrames(frames)
        let clock = ManualClock()
        let detector = GestureDetector()
        var gestures = 0
        let detectorTime = measure {
            for frame in input {
                clock.advance(by: 0.008)
                gestures += detector.handle(frame, at: clock.now).count
                gestures += detector.expire(at: clock.now).count
            }
        }

        let sceneClock = ManualClock()
        let window = Window(size: Size(width: 1920, height: 1080), clock: sceneClock)
        let scene = PlaygroundScene()
        scene.install(in: window)
        let sceneFrames = min(frames, 50_000)
        let sceneTime = measure {
            for frame in input.prefix(sceneFrames) {
                sceneClock.advance(by: 0.008)
                window.send(frame)
                scene.didReceive(frame)
                window.timers.fireDue()
                _ = window.takeDamage()
            }
        }

        print("touchspots-bench: \(fingers) fingers, \(frames) frames")
        // Ten fingers fit no gesture (swipes take 1-5, a pinch 2, a checkmark 1): every frame
        // is judged in full and none is reported.
        print("gesture module:   \(Int(Double(frames) / detectorTime)) frames/s (\(gestures) gestures reported)")
        print("playground scene: \(Int(Double(sceneFrames) / sceneTime)) frames/s (spots, panel, gestures, damage)")
    }

    static func measure(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
