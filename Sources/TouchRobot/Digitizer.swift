import Foundation
import TouchCore

/// A finger as the robot moves it: down and up times (seconds) and where it is meanwhile
/// (millimetres on the panel).
public struct IdealFinger: Sendable {
    public var down: Double
    public var up: Double
    public var position: @Sendable (Double) -> Point

    public init(down: Double, up: Double, position: @escaping @Sendable (Double) -> Point) {
        self.down = down
        self.up = up
        self.position = position
    }
}

/// The panel between the robot's ideal fingers and the contacts a compositor would report
/// (docs/design/qualify.md, "The robot"): it samples the fingers at its report rate, maps them
/// through its calibration and can add the faults the validators must catch (`PanelFault`,
/// declared in TouchCore with the validators: here is only how each gets into the contacts).
public struct Digitizer: Sendable {
    public var panel: Size
    public var millimetresPerPixel: Double
    public var rate = 100.0
    /// The faults the panel has, each with its size (`PanelFault.defaultSize` unless told):
    /// `touchspots-harness qualify --fault NAME[=SIZE]` sets them, several at once.
    public var faults: [PanelFault: Double] = [:]
    public var seed: UInt64 = 1

    /// The one fault, for the fault table's single-fault runs (of several, the first by
    /// name, so that it is the same on every run).
    public var fault: PanelFault {
        get { faults.keys.min { $0.name < $1.name } ?? .none }
        set { faults = newValue == .none ? [:] : [newValue: newValue.defaultSize?.value ?? 0] }
    }

    public init(panel: Size, millimetresPerPixel: Double, fault: PanelFault = .none, seed: UInt64 = 1) {
        self.panel = panel
        self.millimetresPerPixel = millimetresPerPixel
        self.seed = seed
        self.fault = fault
    }

    public init(panel: Size, millimetresPerPixel: Double, faults: [PanelFault: Double], seed: UInt64 = 1) {
        self.panel = panel
        self.millimetresPerPixel = millimetresPerPixel
        self.faults = faults.filter { $0.key != .none }
        self.seed = seed
    }

    /// Where the panel reports a finger touching `p` (both mm): the mapping faults, in
    /// normalized coordinates as libinput's calibration applies.
    public func mapped(_ p: Point) -> Point {
        var u = p.x / panel.width, v = p.y / panel.height
        // In one order whatever the set's: rotated, mirrored, scaled, then moved.
        if faults[.rotation] != nil { (u, v) = (1 - v, u) }
        if faults[.mirror] != nil { u = 1 - u }
        if let k = faults[.scale] { u = 0.5 + k * (u - 0.5); v = 0.5 + k * (v - 0.5) }
        if let pixels = faults[.offset] { u += pixels * millimetresPerPixel / panel.width }
        return Point(x: u * panel.width, y: v * panel.height)
    }

    /// The contacts the panel reports for `fingers`. The line faults (dropped samples, a
    /// step back, a split, a ghost) happen in the middle of the longest contact when
    /// `eventful` (the plan's line step).
    /// Reports a second: `rate`, or the low report rate's.
    public var reportRate: Double { faults[.lowReportRate] ?? rate }

    public func contacts(_ fingers: [IdealFinger], eventful: Bool = false) -> [Contact] {
        let rate = reportRate
        guard let start = fingers.map(\.down).min(), let end = fingers.map(\.up).max() else { return [] }
        var random = SplitMix(seed: seed)
        var contacts: [Contact] = []
        var open: [Int: Int] = [:]  // finger -> contact
        var nextID: Int32 = 0
        let band = faults[.deadBand] ?? 0
        var tick = (start * rate).rounded(.up)
        while tick / rate <= end {
            let t = tick / rate
            tick += 1
            for (index, finger) in fingers.enumerated() {
                let p = finger.position(t)
                let sensed = t >= finger.down && t <= finger.up && p.x >= band && p.x <= panel.width - band
                    && p.y >= band && p.y <= panel.height - band
                guard sensed else { open[index] = nil; continue }
                if open[index] == nil {
                    if let limit = faults[.contactLimit], Double(open.count) >= limit { continue }
                    open[index] = contacts.count
                    contacts.append(Contact(id: nextID, samples: []))
                    nextID += 1
                }
                var q = mapped(p)
                if let sigma = faults[.noise] {
                    q.x += sigma * random.gaussian()
                    q.y += sigma * random.gaussian()
                }
                contacts[open[index]!].samples.append(ContactSample(time: t, point: q))
            }
        }
        contacts.removeAll { $0.samples.isEmpty }
        if faults[.mergedDrumroll] != nil { contacts = Self.merged(contacts) }
        guard eventful, let line = contacts.indices.max(by: { contacts[$0].samples.count < contacts[$1].samples.count }),
              contacts[line].samples.count >= 10 else { return contacts }
        // The middle of the line's length, where the finger moves (not the middle report:
        // a person may have paused there).
        let middle = Self.middleByLength(contacts[line].samples)
        // Reports lost first, so that the faults that move a report (a stall, a step back)
        // move one that is still there when several are asked at once.
        if let dropped = faults[.droppedSamples] {
            // Kept clear of the line's last report (`middleByLength` leaves three after it).
            let count = min(max(1, Int(dropped)), contacts[line].samples.count - middle - 1)
            if count > 0 { contacts[line].samples.removeSubrange(middle..<middle + count) }
        }
        let s = contacts[line].samples
        if faults[.stallThenJump] != nil, middle + 2 < s.count {
            let from = s[middle - 1].point, step = Point(x: s[middle].point.x - from.x, y: s[middle].point.y - from.y)
            for k in 0..<3 {
                let f = 0.1 * Double(k + 1)
                contacts[line].samples[middle + k].point = Point(x: from.x + step.x * f, y: from.y + step.y * f)
            }
        }
        if let back = faults[.backwardStep], middle + 1 < s.count {
            let dx = s[middle + 1].point.x - s[middle - 1].point.x, dy = s[middle + 1].point.y - s[middle - 1].point.y
            let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
            // `back` mm behind the report before it: a step of that size against the travel.
            contacts[line].samples[middle].point.x = s[middle - 1].point.x - back * dx / length
            contacts[line].samples[middle].point.y = s[middle - 1].point.y - back * dy / length
        }
        if let ghost = faults[.ghost] {
            let at = s[min(middle, s.count - 1)]
            for _ in 0..<max(1, Int(ghost)) {
                contacts.append(Contact(id: nextID, samples: [ContactSample(time: at.time,
                    point: Point(x: random.uniform(0, panel.width), y: random.uniform(0, panel.height)))]))
                nextID += 1
            }
        }
        if faults[.split] != nil, middle + 1 < contacts[line].samples.count {
            let tail = Array(contacts[line].samples[(middle + 1)...])
            contacts[line].samples.removeSubrange((middle + 1)...)
            contacts.insert(Contact(id: nextID, samples: tail), at: line + 1)
        }
        return contacts
    }

    /// Contacts landing within 50 ms of another's lift and over 10 mm from it, joined to it
    /// with three reports interpolated between: a panel that takes alternating fingers for
    /// one that moved.
    static func merged(_ contacts: [Contact]) -> [Contact] {
        var out: [Contact] = []
        for contact in contacts.sorted(by: { $0.began < $1.began }) {
            if let last = out.last, let end = last.samples.last, let start = contact.samples.first,
               start.time > end.time, start.time - end.time <= 0.05, end.point.distance(to: start.point) > 10 {
                for k in 1...3 {
                    let f = Double(k) / 4
                    out[out.count - 1].samples.append(ContactSample(time: end.time + (start.time - end.time) * f,
                        point: Point(x: end.point.x + (start.point.x - end.point.x) * f, y: end.point.y + (start.point.y - end.point.y) * f)))
                }
                out[out.count - 1].samples += contact.samples
            } else {
                out.append(contact)
            }
        }
        return out
    }

    /// The report halfway along the path, kept clear of the ends.
    static func middleByLength(_ samples: [ContactSample]) -> Int {
        var total = 0.0
        for i in samples.indices.dropFirst() { total += samples[i - 1].point.distance(to: samples[i].point) }
        var travelled = 0.0
        for i in samples.indices.dropFirst() {
            travelled += samples[i - 1].point.distance(to: samples[i].point)
            if travelled >= total / 2 { return min(max(i, 2), samples.count - 4) }
        }
        return samples.count / 2
    }
}
