/// What a step's completion asks of its contacts (`QualifyStep.isComplete`): how many
/// there are, how many are real (not ghosts), whether one was cancelled, when the first
/// began and the latest report came.
///
/// Why a tally and not the contacts: a step is asked whether it is complete on every frame
/// once its fingers are up, and rebuilding its contacts from its frames each time made a
/// step quadratic in its reports (a recording of 20,000 landings in one step took 88 s to
/// judge, 5,000 took 2.7 s). `StepTouches` keeps this tally as reports arrive, a constant
/// cost a report; `init(_:)` makes the same tally from whole contacts, so that the two
/// ways cannot disagree (`ContactTallyTests` checks they are equal on random steps).
public struct ContactTally: Equatable, Sendable {
    /// Contacts begun.
    public private(set) var count = 0
    /// Contacts that are not ghosts (`Contact.isGhost`).
    public private(set) var real = 0
    /// A contact was cancelled by the compositor.
    public private(set) var cancelled = false
    /// When the first contact began, seconds.
    public private(set) var firstBegan: Double?
    /// The latest time of any report of any contact, seconds.
    public private(set) var latest: Double?

    /// The open contacts' fingers, and for every contact what its ghostness needs.
    private var open: [FingerID: Int] = [:]
    private var shapes: [Shape] = []

    /// A contact's reports as far as `Contact.isGhost` looks: their number, first and last time.
    private struct Shape: Equatable, Sendable {
        var began: Double
        var ended: Double
        var reports: Int
        var isGhost: Bool { reports < 2 || ended - began <= Contact.ghostDuration }
    }

    public init() {}

    /// The tally of whole contacts.
    public init(_ contacts: [Contact]) {
        count = contacts.count
        real = contacts.count { !$0.isGhost }
        cancelled = contacts.contains(where: \.cancelled)
        firstBegan = contacts.first.map(\.began)
        for contact in contacts {
            for sample in contact.samples { latest = max(latest ?? sample.time, sample.time) }
        }
    }

    /// Counts `touch`, one report of a step's touches in the order `Contact.from` reads them.
    public mutating func count(_ touch: Touch) {
        let time = Contact.seconds(of: touch)
        switch touch.phase {
        case .began:
            open[touch.finger] = shapes.count
            shapes.append(Shape(began: time, ended: time, reports: 1))
            count += 1
            if firstBegan == nil { firstBegan = time }
            if !shapes[shapes.count - 1].isGhost { real += 1 }
        case .moved, .ended:
            guard let index = open[touch.finger] else { return }
            let wasGhost = shapes[index].isGhost
            shapes[index].ended = time
            shapes[index].reports += 1
            if wasGhost != shapes[index].isGhost { real += wasGhost ? 1 : -1 }
            if touch.phase == .ended { open[touch.finger] = nil }
        case .cancelled:
            if open[touch.finger] != nil { cancelled = true }
            open[touch.finger] = nil
            return
        }
        latest = max(latest ?? time, time)
    }

    /// Equal when the tallies are (the bookkeeping of open contacts aside).
    public static func == (a: ContactTally, b: ContactTally) -> Bool {
        a.count == b.count && a.real == b.real && a.cancelled == b.cancelled
            && a.firstBegan == b.firstBegan && a.latest == b.latest
    }
}
