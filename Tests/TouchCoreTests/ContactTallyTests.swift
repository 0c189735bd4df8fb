import PropertyBased
import Testing
import TouchCore

/// The tally a qualify step keeps as reports arrive (`StepTouches.tally`) is the tally of
/// the contacts its frames make (`ContactTally(Contact.from(...))`), and the contacts it
/// builds as they arrive are those its frames make, on random steps with
/// everything a hostile compositor or recording can do: ids reused while down, moves and
/// ups of fingers never down, cancels, fingers that begin on a button, times that go
/// backwards, nanosecond timestamps or none. Had the two ways differed, live and offline
/// judging would finish steps at different moments than the contacts they judge.
@Suite struct ContactTallyTests {
    @Test func theKeptTallyIsTheTallyOfTheContacts() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int(Int32.max)).array(of: 300)) { codes in
            let button = Rect(x: 0, y: 0, width: 100, height: 50)
            var touches = StepTouches(buttons: [button])
            var unbuttoned = StepTouches()  // no button: every frame is the step's
            var frames: [TouchFrame] = []
            var time: UInt32 = 1_000
            for (index, code) in codes.enumerated() {
                let finger = FingerID(code % 5)
                let phases: [TouchPhase] = [.began, .moved, .moved, .moved, .ended, .cancelled]
                let phase = phases[(code >> 3) % phases.count]
                let location = (code >> 6) % 9 == 0 ? Point(x: 10, y: 10) : Point(x: 200 + Double(code % 300), y: 300)
                time = (code >> 10) % 17 == 0 ? time &- 30 : time &+ UInt32((code >> 12) % 25)
                var touch = Touch(id: Int32(code % 5), finger: finger, phase: phase, location: location, time: time)
                if (code >> 20) % 3 == 0 { touch.timeNanoseconds = UInt64(time) * 1_000_000 + UInt64(code % 999) }
                let frame = TouchFrame(time: time, touches: [touch], activeTouches: [])
                touches.take(frame)
                unbuttoned.take(frame)
                frames.append(frame)
                if index == 150 && (code >> 25) % 2 == 0 { touches.restart(buttons: [button]) }
                #expect(touches.tally == ContactTally(touches.contacts(millimetresPerPixel: 0.2)), "after report \(index)")
                #expect(unbuttoned.contacts(millimetresPerPixel: 0.2) == Contact.from(frames, millimetresPerPixel: 0.2),
                        "the contacts built as reports come are those of the frames")
            }
        }
    }

    @Test func aStepIsCompleteAsItsContactsSay() {
        func tap(_ id: Int32, at time: UInt32, lasting: UInt32 = 80) -> [TouchFrame] {
            let down = Touch(id: id, finger: FingerID(Int(id)), phase: .began, location: Point(x: 300, y: 300), time: time)
            var up = down
            up.phase = .ended
            up.time = time + lasting
            return [TouchFrame(time: time, touches: [down], activeTouches: []),
                    TouchFrame(time: up.time, touches: [up], activeTouches: [])]
        }
        var touches = StepTouches()
        let taps = QualifyStep.taps(at: Point(x: 50, y: 50), count: 3)
        let hold = QualifyStep.hold(at: Point(x: 50, y: 50), seconds: 2)
        let drumroll = QualifyStep.drumroll(seconds: 1)
        for frame in tap(1, at: 1_000, lasting: 10) { touches.take(frame) }  // a ghost: counted, not real
        #expect(touches.tally.count == 1 && touches.tally.real == 0)
        #expect(!hold.isComplete(touches.tally))
        for frame in tap(2, at: 1_200) + tap(3, at: 1_500) { touches.take(frame) }
        #expect(hold.isComplete(touches.tally))
        #expect(taps.isComplete(touches.tally))
        #expect(!drumroll.isComplete(touches.tally), "0.58 s of 1 s")
        for frame in tap(4, at: 1_850) { touches.take(frame) }
        #expect(drumroll.isComplete(touches.tally), "0.93 s: about the time asked")
        touches.restart(buttons: [])
        #expect(!taps.isComplete(touches.tally), "a new step starts from nothing")
    }
}
