import PropertyBased
import Testing
import TouchCore

/// Random sequences of input through the front door, checking after every step what must
/// always hold, whatever a compositor sends: every finger that began ends exactly once
/// (ended or cancelled) and never moves after; no spot without a live finger; nothing
/// crashes. 100 sequences of 1,000 steps: 100,000 events a
/// run. A failure names the seed that replays it (PropertyBased prints it).
@Suite struct SessionInvariantTests {
    /// One random input step, decoded from a random number: touch events for ids 0...5 on
    /// two seats (so duplicates, unknown ids and frameless stretches all happen), frames,
    /// cancels, dispatch ends, time passing, the mouse, a seat going away.
    enum Step {
        case down(Int, Int32, Point), motion(Int, Int32, Point), up(Int, Int32), frame(Int), cancel(Int)
        case flush, wait(Double), pointerMove(Point), pointerButton(Bool), removeSeat

        init(_ code: Int) {
            let seat = (code >> 8) & 1
            let id = Int32((code >> 9) % 6)
            let point = Point(x: Double((code >> 12) % 900) - 50, y: Double((code >> 20) % 700) - 50)
            switch code % 100 {
            case 0..<18: self = .down(seat, id, point)
            case 18..<55: self = .motion(seat, id, point)
            case 55..<70: self = .up(seat, id)
            case 70..<85: self = .frame(seat)
            case 85..<87: self = .cancel(seat)
            case 87..<92: self = .flush
            case 92..<95: self = .wait(Double(code % 700) / 1000)
            case 95..<97: self = .pointerMove(point)
            case 97..<99: self = .pointerButton(code & 1 == 0)
            default: self = .removeSeat
            }
        }
    }

    /// What the sink told, checked as it comes.
    final class Checker {
        var live: Set<FingerID> = []
        var ended: Set<FingerID> = []
        var problems: [String] = []

        func receive(_ event: TouchSessionEvent) {
            guard case .frame(let frame, let spots) = event else { return }
            for touch in frame.touches {
                switch touch.phase {
                case .began:
                    if live.contains(touch.finger) || ended.contains(touch.finger) {
                        problems.append("\(touch.finger) began twice")
                    }
                    live.insert(touch.finger)
                case .moved:
                    if !live.contains(touch.finger) { problems.append("\(touch.finger) moved while not live") }
                case .ended, .cancelled:
                    if live.remove(touch.finger) == nil { problems.append("\(touch.finger) ended while not live") }
                    ended.insert(touch.finger)
                }
            }
            // A finger that lands outside the window or on the scene bar has no spot; a
            // spot never outlives its finger.
            if spots > live.count { problems.append("\(spots) spots for \(live.count) live fingers") }
        }
    }

    @Test func everyFingerEndsOnceAndNoSpotOutlivesItsFinger() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1_000)) { codes in
            let checker = Checker()
            let clock = ManualClock(now: 10)
            let session = TouchSession(sceneName: .playground, size: Size(width: 800, height: 600),
                                       clock: clock, sink: { checker.receive($0) })!
            var seats = [session.touchscreens.add(), session.touchscreens.add()]
            for code in codes {
                switch Step(code) {
                case .down(let s, let id, let p): session.touchscreens.down(seats[s], id: id, at: p, time: 1)
                case .motion(let s, let id, let p): session.touchscreens.motion(seats[s], id: id, to: p, time: 1)
                case .up(let s, let id): session.touchscreens.up(seats[s], id: id, time: 1)
                case .frame(let s): session.touchscreens.frame(seats[s])
                case .cancel(let s): session.touchscreens.cancel(seats[s])
                case .flush: session.flush()
                case .wait(let seconds):
                    clock.advance(by: seconds)
                    session.flush()
                    _ = session.window.takeDamage()
                case .pointerMove(let p): session.pointerMoved(to: p, time: 1)
                case .pointerButton(let pressed): session.pointerButton(pressed: pressed, time: 1)
                case .removeSeat:
                    session.touchscreens.remove(seats[1])
                    seats[1] = session.touchscreens.add()
                }
            }
            // Every seat goes away, the mouse leaves: nothing may stay live.
            for seat in seats { session.touchscreens.remove(seat) }
            session.pointerLeft(time: 1)
            session.flush()
            #expect(checker.problems.isEmpty, "\(checker.problems.prefix(5))")
            #expect(checker.live.isEmpty, "fingers never ended: \(checker.live)")
            #expect(session.stage.scene.spotCount == 0)
        }
    }
}

/// Every event the session hands on is copied per frame (queued for the log, given to the
/// sink): a rare event's payload must not make them all larger than the per-frame ones.
@Test func aRareEventDoesNotEnlargeTheFrequentOnes() {
    let perFrame = max(MemoryLayout<(Touch, String?, [String], Bool)>.size, MemoryLayout<(TouchFrame, Int)>.size)
    #expect(MemoryLayout<TouchSessionEvent>.size <= perFrame + 8,
            "TouchSessionEvent is \(MemoryLayout<TouchSessionEvent>.size) bytes; box (indirect) the case that grew")
}
