import TouchCore

/// Measures touch frames per second with ten fingers moving: through the gesture module
/// alone, and through the whole core by its front door (TouchSession: frame assembly, tap
/// counts, binding, spots, panel, gestures, damage) exactly as the client drives it.
/// Run: swift run -c release touchspots-bench [frames]
@main
struct Benchmark {
    static let fingers = 10

    /// Where finger `f` is at step `step` of a stroke: a zig-zag per finger, so swipes,
    /// pinches and turns are all judged.
    static func location(finger f: Int, step: Int) -> Point {
        Point(x: 100 + Double(f) * 80 + Double((step * (f + 1)) % 60),
              y: 300 + 20 * Double(f % 3) + Double(step) / 4)
    }

    /// Ten fingers, each frame moving all of them, lifting and landing again every 500
    /// frames so gestures start and end as in real use.
    static func phase(ofFrame i: Int) -> TouchPhase {
        i % 500 == 0 ? .began : (i % 500 == 499 ? .ended : .moved)
    }

    static func main() {
        let arguments = CommandLine.arguments
        let frames = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000

        // The gesture module alone, on prepared frames.
        var input: [TouchFrame] = []
        input.reserveCapacity(frames)
        var active: [Touch] = []
        var next = 0
        for i in 0..<frames {
            let phase = phase(ofFrame: i)
            if phase == .began {
                active = (0..<fingers).map { f in
                    defer { next += 1 }
                    return Touch(id: Int32(f), finger: FingerID(next), phase: .began,
                                 location: location(finger: f, step: 0), time: UInt32(i))
                }
            } else {
                for f in active.indices {
                    active[f].phase = phase
                    active[f].previousLocation = active[f].location
                    active[f].location = location(finger: f, step: i % 500)
                    active[f].time = UInt32(i)
                }
            }
            input.append(TouchFrame(time: UInt32(i), touches: active,
                                    activeTouches: phase == .ended ? [] : active))
        }
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

        // The whole core, through its front door, from wl_touch-shaped events.
        let sessionClock = ManualClock()
        var events = 0
        let session = TouchSession(sceneName: "playground", size: Size(width: 1920, height: 1080),
                                   clock: sessionClock, sink: { _ in events += 1 })!
        let device = session.addTouchDevice()
        let sessionFrames = min(frames, 50_000)
        let sessionTime = measure {
            for i in 0..<sessionFrames {
                sessionClock.advance(by: 0.008)
                let phase = phase(ofFrame: i)
                for f in 0..<fingers {
                    switch phase {
                    case .began:
                        session.touchDown(device, id: Int32(f), at: location(finger: f, step: 0), time: UInt32(i))
                    case .moved:
                        session.touchMotion(device, id: Int32(f), to: location(finger: f, step: i % 500),
                                            time: UInt32(i))
                    default:
                        session.touchUp(device, id: Int32(f), time: UInt32(i))
                    }
                }
                session.touchFrame(device)
                session.flush()
                _ = session.window.takeDamage()
            }
        }

        print("touchspots-bench: \(fingers) fingers, \(frames) frames")
        // Ten fingers fit no gesture (swipes take 1-5, a pinch 2, a checkmark 1): every frame
        // is judged in full and none is reported.
        print("gesture module:   \(Int(Double(frames) / detectorTime)) frames/s (\(gestures) gestures reported)")
        print("touch session:    \(Int(Double(sessionFrames) / sessionTime)) frames/s (assembly, spots, panel, gestures, damage; \(events) events)")
    }

    static func measure(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
