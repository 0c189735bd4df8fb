/// A multi-touch device's contacts as its kernel's events tell them, one `SYN_REPORT` at a
/// time (docs/replay.md, "Kernel semantics"), turned into touches that begin, move and end.
///
/// Protocol B, as the kernel sends it: `ABS_MT_SLOT` selects a slot and stays selected
/// across reports (the kernel drops an unchanged one, so slot 0 until the first is said);
/// a slot keeps its X and Y across touches, and a new touch (`ABS_MT_TRACKING_ID` >= 0)
/// that lands where the last one left off sends no position at all; a new tracking id in
/// a slot still down ends the old touch; -1 ends it. A recording may begin mid-touch:
/// positions for a slot whose state the recording never said begin a touch once both
/// coordinates are known (libinput record and evemu write no initial state). After
/// `SYN_DROPPED` every event up to the next `SYN_REPORT` is discarded, as the kernel's
/// documentation asks; touches then continue from the values known.
///
/// Protocol A (no slots): each `SYN_MT_REPORT` closes one contact of the report, every
/// contact resent each report, none sent means none down. Contacts are tracked into
/// slots as mtdev tracks them for libinput: by tracking id where the device gives one,
/// else each contact to the nearest of the last report's (the closest pairs first), the
/// unmatched ones beginning in the lowest free slot or ending.
struct SlotModel {
    /// Slots a device may have; a file saying more is refused.
    static let maximumSlots = 256
    /// Contacts in one protocol A report; a file sending more is refused.
    static let maximumContacts = 64
    /// Touch reports (began, moved, ended) a recording may hold, all its devices together:
    /// the judge keeps about 250 bytes for each (the reports, a step's samples twice: the
    /// scene's and the judge's), so 499,000 in one step took 123 MB (`touchspots-report
    /// recording`, a debug build, 2026-11-28; 622 MB when the steps kept their frames and
    /// the judge every line the scene logged), while a qualify run makes a few thousand
    /// (the weston run: 2,377 reports) and 500,000 are 35 minutes of one finger at 240 Hz.
    static let maximumTouches = 500_000

    private enum Contact: Equatable {
        /// The recording has not said (its start, before any event of the slot).
        case unknown
        case up
        /// Down with `id` (nil: the touch began before the recording); `shown` once its
        /// began was reported.
        case down(id: Int?, shown: Bool)
    }

    private struct Slot {
        var contact = Contact.unknown
        var x: Int?
        var y: Int?
        /// Where its touch was last reported (an end is reported there).
        var shownX = 0, shownY = 0
        var moved = false
        var ended = false
        /// A new touch replaced one that was shown, in this report: end the old one first.
        var replaced = false
    }

    let protocolA: Bool
    private var slots: [Slot]
    /// The slots an event changed since the last report, so that a report costs what
    /// changed, not every slot (10 million empty reports on 256 slots took 107 s).
    private var changed: [Int] = []
    private var isChanged: [Bool]
    private var current = 0
    /// The touches reported so far.
    private(set) var touchCount = 0
    private var discarding = false
    private(set) var dropped = 0
    private var reports: [LibinputRecord.Report] = []
    private var lastTime: Int64 = 0
    /// The time of the last SYN_REPORT, to refuse one earlier than it.
    private var reportTime: Int64?

    /// Microseconds as seconds with six decimals ("12.000345").
    static func seconds(_ microseconds: Int64) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
    /// Protocol A: the report's contacts so far, the one being described, and the last
    /// report's tracked contacts (slot, x, y, tracking id).
    private var pending: [(x: Int, y: Int, id: Int?)] = []
    private var partial: (x: Int?, y: Int?, id: Int?) = (nil, nil, nil)
    private var tracked: [(slot: Int, x: Int, y: Int, id: Int?)] = []

    init(protocolA: Bool, slotCount: Int) {
        self.protocolA = protocolA
        slots = Array(repeating: Slot(), count: protocolA ? 0 : slotCount)
        isChanged = Array(repeating: false, count: slots.count)
    }

    private mutating func markChanged() {
        guard !isChanged[current] else { return }
        isChanged[current] = true
        changed.append(current)
    }

    /// Takes one evdev event; a value out of range is refused with what was wrong.
    mutating func event(time: Int64, type: Int, code: Int, value: Int) throws(SlotModelError) {
        if discarding {
            if type == 0 && code == 0 { discarding = false }
            return
        }
        switch (type, code) {
        case (0, 0):
            // The kernel stamps reports from a monotonic clock: a report earlier than the one
            // before is no recording of a device, and played it once skipped every step of a
            // qualify plan without a word.
            if let previous = reportTime, time < previous {
                throw SlotModelError("the recording's time goes backwards: a report at \(Self.seconds(time)) s after one at \(Self.seconds(previous)) s")
            }
            reportTime = time
            protocolA ? reportA(time: time) : report(time: time)
        case (0, 3):  // SYN_DROPPED
            dropped += 1
            discarding = true
            partial = (nil, nil, nil)
            pending.removeAll()
        case (0, 2):  // SYN_MT_REPORT
            guard protocolA else { return }
            if let x = partial.x, let y = partial.y {
                guard pending.count < Self.maximumContacts else {
                    throw SlotModelError("more than \(Self.maximumContacts) contacts in one report")
                }
                pending.append((x, y, partial.id))
            }
            partial = (nil, nil, nil)
        case (3, 47):
            guard !protocolA else { return }
            guard value >= 0 && value < slots.count else {
                throw SlotModelError("ABS_MT_SLOT \(value) is outside the device's slots 0 to \(slots.count - 1)")
            }
            current = value
        case (3, 57):
            if protocolA { partial.id = value >= 0 ? value : nil; return }
            trackingID(value)
        case (3, 53):
            if protocolA { partial.x = value; return }
            position(x: value, y: nil)
        case (3, 54):
            if protocolA { partial.y = value; return }
            position(x: nil, y: value)
        default: break
        }
    }

    private mutating func trackingID(_ value: Int) {
        markChanged()
        var slot = slots[current]
        if value >= 0 {
            if case .down(let id, let shown) = slot.contact, id == value {
                _ = shown  // the same touch: nothing changes
            } else {
                if case .down(_, true) = slot.contact { slot.replaced = true }
                slot.contact = .down(id: value, shown: false)
                slot.moved = false
            }
        } else {
            if case .down(_, true) = slot.contact { slot.ended = true }
            slot.contact = .up
        }
        slots[current] = slot
    }

    private mutating func position(x: Int?, y: Int?) {
        markChanged()
        var slot = slots[current]
        if let x { slot.x = x }
        if let y { slot.y = y }
        switch slot.contact {
        case .unknown: slot.contact = .down(id: nil, shown: false)  // down before the recording began
        case .down(_, true): slot.moved = true
        default: break
        }
        slots[current] = slot
    }

    private mutating func report(time: Int64) {
        lastTime = time
        guard !changed.isEmpty else { return }
        var touches: [LibinputRecord.Touch] = []
        changed.sort()
        for index in changed {
            isChanged[index] = false
            var slot = slots[index]
            if slot.replaced {
                touches.append(.init(slot: index, phase: .ended, x: slot.shownX, y: slot.shownY))
                slot.replaced = false
            }
            if slot.ended {
                touches.append(.init(slot: index, phase: .ended, x: slot.shownX, y: slot.shownY))
                slot.ended = false
            }
            if case .down(let id, false) = slot.contact, let x = slot.x, let y = slot.y {
                slot.contact = .down(id: id, shown: true)
                (slot.shownX, slot.shownY) = (x, y)
                touches.append(.init(slot: index, phase: .began, x: x, y: y))
            } else if slot.moved, let x = slot.x, let y = slot.y {
                // A position sent again unchanged is still a report of the touch, as
                // libinput takes it (the kernel filters those; some writers do not).
                (slot.shownX, slot.shownY) = (x, y)
                touches.append(.init(slot: index, phase: .moved, x: x, y: y))
            }
            slot.moved = false
            slots[index] = slot
        }
        changed.removeAll(keepingCapacity: true)
        touchCount += touches.count
        if !touches.isEmpty { reports.append(.init(microseconds: time, touches: touches)) }
    }

    private mutating func reportA(time: Int64) {
        lastTime = time
        if let x = partial.x, let y = partial.y, pending.count < Self.maximumContacts { pending.append((x, y, partial.id)) }
        partial = (nil, nil, nil)
        let now = pending
        pending.removeAll(keepingCapacity: true)
        var match = [Int?](repeating: nil, count: now.count)  // contact -> index into tracked
        var taken = [Bool](repeating: false, count: tracked.count)
        // By tracking id first, then the closest remaining pairs.
        for (i, contact) in now.enumerated() {
            if let id = contact.id, let j = tracked.indices.first(where: { !taken[$0] && tracked[$0].id == id }) {
                match[i] = j
                taken[j] = true
            }
        }
        var pairs: [(distance: Double, i: Int, j: Int)] = []
        for (i, contact) in now.enumerated() where match[i] == nil && contact.id == nil {
            for j in tracked.indices where !taken[j] && tracked[j].id == nil {
                let dx = Double(contact.x) - Double(tracked[j].x), dy = Double(contact.y) - Double(tracked[j].y)
                pairs.append((dx * dx + dy * dy, i, j))
            }
        }
        pairs.sort { $0.distance < $1.distance || ($0.distance == $1.distance && ($0.i, $0.j) < ($1.i, $1.j)) }
        for pair in pairs where match[pair.i] == nil && !taken[pair.j] {
            match[pair.i] = pair.j
            taken[pair.j] = true
        }
        var touches: [LibinputRecord.Touch] = []
        var next: [(slot: Int, x: Int, y: Int, id: Int?)] = []
        for j in tracked.indices where !taken[j] {
            touches.append(.init(slot: tracked[j].slot, phase: .ended, x: tracked[j].x, y: tracked[j].y))
        }
        var used = Set(tracked.indices.filter { taken[$0] }.map { tracked[$0].slot })
        for (i, contact) in now.enumerated() {
            if let j = match[i] {
                let old = tracked[j]
                if (old.x, old.y) != (contact.x, contact.y) {
                    touches.append(.init(slot: old.slot, phase: .moved, x: contact.x, y: contact.y))
                }
                next.append((old.slot, contact.x, contact.y, contact.id))
            } else {
                let slot = (0...).first { !used.contains($0) }!
                used.insert(slot)
                touches.append(.init(slot: slot, phase: .began, x: contact.x, y: contact.y))
                next.append((slot, contact.x, contact.y, contact.id))
            }
        }
        tracked = next
        // Ends first (a slot freed may be taken again in the same report), then by slot.
        let ends = touches.prefix { $0.phase == .ended }
        touches = Array(ends) + touches.dropFirst(ends.count).sorted { $0.slot < $1.slot }
        touchCount += touches.count
        if !touches.isEmpty { reports.append(.init(microseconds: time, touches: touches)) }
    }

    /// The reports, with the touches still down at the end lifted at the last report's time.
    mutating func finish() -> [LibinputRecord.Report] {
        var touches: [LibinputRecord.Touch] = []
        if protocolA {
            touches = tracked.map { .init(slot: $0.slot, phase: .ended, x: $0.x, y: $0.y) }
            tracked.removeAll()
        } else {
            for index in slots.indices {
                if case .down(_, true) = slots[index].contact {
                    touches.append(.init(slot: index, phase: .ended, x: slots[index].shownX, y: slots[index].shownY))
                    slots[index].contact = .up
                }
            }
        }
        if !touches.isEmpty { reports.append(.init(microseconds: lastTime, touches: touches)) }
        return reports
    }
}

struct SlotModelError: Error {
    let what: String
    init(_ what: String) { self.what = what }
}
