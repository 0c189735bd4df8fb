/// Which touches are a qualify step's: the one boundary that live judging (`QualifyScene`)
/// and offline judging (`touchspots-report`'s `OfflineJudge`, from a run's event log) both
/// draw, so that a log judged again gets the verdicts the run showed (docs/qualify.md, "The
/// report").
///
/// A touch is the step's unless its finger began on one of the buttons shown while the step
/// is under way (Skip; Redo is hidden until the step is judged), whatever the finger does
/// afterwards: a finger that starts on Skip and slides off lifts without Skip firing (a
/// button fires on touch-up-inside), and it is still no part of the step. A finger that
/// began on a button stays out until it lifts, even into the next step; a finger of the
/// step still down when the next step is asked is no longer down for the new step (its
/// later reports have no `began` there, so no contact is made of them: `ContactBuilder`).
public struct StepTouches: Sendable {
    /// The buttons shown while the step is under way, window pixels: the `started` line of
    /// the qualify log gives them (`buttons`), so that a reader of the log knows them too.
    public private(set) var buttons: [Rect]
    /// The step's contacts in pixels, without the touches of fingers that began on a
    /// button: built as reports come, not kept as frames (a frame carries every active
    /// touch beside its own, some 500 bytes a report where a sample is 24; a recording of
    /// 100,000 reports in one step took 148 MB to judge).
    private var pixelContacts = ContactBuilder(millimetresPerPixel: 1)
    /// The step's fingers down now (not those that began on a button).
    public private(set) var down: Set<FingerID> = []
    /// Fingers that began on a button and have not lifted.
    private var onButtons: Set<FingerID> = []
    /// The touch reports of the step's frames, for a reader that bounds what it keeps.
    public private(set) var reportCount = 0
    /// The step's contacts as far as its completion asks, kept as frames are taken.
    public private(set) var tally = ContactTally()

    public init(buttons: [Rect] = []) { self.buttons = buttons }

    /// A new step with `buttons` shown: no frames, no finger of the step down; fingers
    /// still down that began on a button stay out.
    public mutating func restart(buttons: [Rect]) {
        self.buttons = buttons
        pixelContacts = ContactBuilder(millimetresPerPixel: 1)
        reportCount = 0
        tally = ContactTally()
        down = []
    }

    /// Takes `frame`: its touches that are the step's are kept, as a frame of their own.
    public mutating func take(_ frame: TouchFrame) {
        for touch in frame.touches {
            switch touch.phase {
            case .began:
                if buttons.contains(where: { $0.contains(touch.location) }) {
                    onButtons.insert(touch.finger)
                } else {
                    down.insert(touch.finger)
                }
            case .moved: break
            case .ended, .cancelled: down.remove(touch.finger)
            }
            if !onButtons.contains(touch.finger) {
                pixelContacts.add(touch)
                tally.count(touch)
                reportCount += 1
            }
        }
        for touch in frame.touches where touch.phase == .ended || touch.phase == .cancelled { onButtons.remove(touch.finger) }
    }

    /// The step's contacts so far, in millimetres.
    public func contacts(millimetresPerPixel scale: Double) -> [Contact] {
        pixelContacts.contacts.map { contact in
            var scaled = contact
            for i in scaled.samples.indices {
                scaled.samples[i].point = Point(x: contact.samples[i].point.x * scale, y: contact.samples[i].point.y * scale)
            }
            return scaled
        }
    }
}
