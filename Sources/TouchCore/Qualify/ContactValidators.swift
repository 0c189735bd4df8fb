/// Judges of contacts at rest and of the contacts' count, which the validators' rules call
/// (`QualifyValidator.rule`, docs/qualify.md).
public enum ContactValidators {
    /// Stationary jitter, as ChromiumOS's touch firmware test defines it: the largest
    /// distance between any two of the hold's reports, from its landing to its lift, at
    /// most 1 mm. A finger at rest on Wayland reports only its down and its up (a panel
    /// sends no unchanged position), which is a distance of 0, not "held too briefly".
    public static func stationaryJitter(_ hold: Contact, limit: Double = QualifyLimit.stationaryJitter.defaultValue) -> Verdict {
        let points = hold.samples.map(\.point)
        guard let (a, b) = PointSetGeometry.farthestPair(points) else {
            return Verdict(.stationaryJitter, figure: .infinity, .atMost, limit, unit: "mm", detail: "no report")
        }
        return Verdict(.stationaryJitter, figure: a.distance(to: b), .atMost, limit, unit: "mm",
                       detail: "\(points.count) reports over \(fixed(hold.ended - hold.began, decimals: 1)) s")
    }

    /// Tap accuracy, as ChromiumOS's touch firmware test defines it for its repeated taps
    /// (20 taps on one spot): every report of every tap, landing, wobble and lift alike,
    /// must fit one circle of 0.5 mm radius; the figure is the radius of the smallest circle
    /// enclosing them all. Not each landing's distance from the landings' centroid (the
    /// first definition): one tap off by 0.6 mm among 19 on the spot is 0.57 mm from their
    /// centroid but within a circle of 0.3 mm, and a tap that rolls 1.2 mm after landing on
    /// the spot moved no landing (docs/design/qualify.md, "Agreement with ChromiumOS"). ChromiumOS
    /// also holds each tap to a wobble of 1 mm; the circle implies it (a wobble over 1 mm
    /// needs a radius over 0.5 mm).
    public static func tapAccuracy(_ taps: [Contact], limit: Double = QualifyLimit.tapAccuracy.defaultValue) -> Verdict {
        let points = taps.flatMap { $0.samples.map(\.point) }
        guard taps.count >= 2 else {
            return Verdict(.tapAccuracy, figure: .infinity, .atMost, limit, unit: "mm", detail: "fewer than two taps")
        }
        return Verdict(.tapAccuracy, figure: PointSetGeometry.enclosingRadius(points), .atMost, limit, unit: "mm",
                       detail: "\(taps.count) taps")
    }

    /// Tap offset: the centroid of the taps' landings from the target asked for, at most
    /// 1 mm (the project's figure and threshold: ChromiumOS's recordings do not say where
    /// its robot was sent, so its test has none: docs/qualify.md).
    public static func tapOffset(_ taps: [Contact], target: Point, limit: Double = QualifyLimit.tapOffset.defaultValue) -> Verdict {
        guard let centre = landingsCentroid(taps) else {
            return Verdict(.tapOffset, figure: .infinity, .atMost, limit, unit: "mm", detail: "no tap")
        }
        return Verdict(.tapOffset, figure: centre.distance(to: target), .atMost, limit, unit: "mm",
                       detail: "centroid \(fixed(centre.x, decimals: 1)), \(fixed(centre.y, decimals: 1)) mm")
    }

    /// The centroid of the taps' landings, which tap offset measures from the target; nil
    /// for no tap. Public for the report, which draws the offset.
    public static func landingsCentroid(_ taps: [Contact]) -> Point? {
        let points = taps.compactMap { $0.samples.first?.point }
        return points.isEmpty ? nil : centroid(points)
    }

    /// Tracking ids: a step that asks for `expected` contacts gets exactly that many, none
    /// split (an up and a down again within 10 ms and 5 mm), none a ghost (one report: `Contact.isGhost`), none
    /// merged or missed. The figure counts the faults.
    public static func trackingIDs(_ contacts: [Contact], expected: Int) -> Verdict {
        let ghosts = contacts.filter(\.isGhost).count
        let real = contacts.filter { !$0.isGhost }.sorted { $0.began < $1.began }
        let splits = splitCount(real)
        let missing = max(0, expected - (real.count - splits))
        let faults = ghosts + splits + missing
        var found: [String] = []
        if ghosts > 0 { found.append("\(ghosts) ghost") }
        if splits > 0 { found.append("\(splits) split") }
        if missing > 0 { found.append("\(missing) merged or missed") }
        if real.count - splits > expected { found.append("\(real.count - splits - expected) more than asked") }
        return Verdict(.trackingIDs, figure: Double(faults + max(0, real.count - splits - expected)), .atMost, 0,
                       unit: "faults", detail: found.isEmpty ? "\(contacts.count) contacts as asked" : found.joined(separator: ", "))
    }

    /// The contacts that began within 10 ms and 5 mm of another's end. The ends are sorted
    /// by time, and each contact looks only at those that ended in the 10 ms before it
    /// began (binary search): n log n, where a search of every other contact made a taps
    /// step of 50,000 contacts take 11 s. A person's step has a handful of ends in any
    /// 10 ms; a log with more than `splitCandidates` there (not a person's) has the rest
    /// unlooked at.
    static func splitCount(_ real: [Contact]) -> Int {
        let ends = real.map { (time: $0.ended, point: $0.samples.last!.point) }.sorted { $0.time < $1.time }
        var splits = 0
        for contact in real {
            let began = contact.began, landed = contact.samples.first!.point
            // The first end at or after `began - 0.010`.
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle].time < began - 0.010 { low = middle + 1 } else { high = middle }
            }
            var looked = 0
            var index = low
            while index < ends.count, ends[index].time <= began, looked < splitCandidates {
                if began - ends[index].time <= 0.010 && ends[index].point.distance(to: landed) <= 5 {
                    splits += 1
                    break
                }
                index += 1
                looked += 1
            }
        }
        return splits
    }

    static let splitCandidates = 256

    /// The most contacts down at once, at least `minimum` (5).
    public static func maximumContacts(_ contacts: [Contact], minimum: Int = Int(QualifyLimit.maximumContacts.defaultValue)) -> Verdict {
        var events: [(time: Double, change: Int)] = []
        for contact in contacts {
            events.append((contact.began, 1))
            events.append((contact.ended, -1))
        }
        events.sort { $0.time < $1.time || ($0.time == $1.time && $0.change > $1.change) }
        var down = 0, most = 0
        for event in events {
            down += event.change
            most = max(most, down)
        }
        return Verdict(.maximumContacts, figure: Double(most), .atLeast, Double(minimum), unit: "contacts")
    }

    /// Drumroll, as ChromiumOS's touch firmware test defines it: two fingers tapping in
    /// turn must stay two fingers. Each contact's reports are split in two by its two
    /// points farthest apart (each report to the nearer), and each part must fit a circle
    /// of 2 mm radius: the figure is the largest such circle's radius over all contacts. A
    /// panel that merges the fingers into one contact and reports points between them
    /// (interpolating the move it thinks it missed) fails; a contact merged across both
    /// places without points between, or a hand that drifts while drumming, does not.
    public static func drumroll(_ taps: [Contact], limit: Double = QualifyLimit.drumroll.defaultValue) -> Verdict {
        guard !taps.isEmpty else {
            return Verdict(.drumroll, figure: .infinity, .atMost, limit, unit: "mm", detail: "no tap")
        }
        var worst = 0.0
        for tap in taps {
            let points = tap.samples.map(\.point)
            guard let (a, b) = PointSetGeometry.farthestPair(points) else { continue }
            var near: [Point] = [], far: [Point] = []
            for p in points { if p.distance(to: a) <= p.distance(to: b) { near.append(p) } else { far.append(p) } }
            worst = max(worst, PointSetGeometry.enclosingRadius(near), PointSetGeometry.enclosingRadius(far))
        }
        return Verdict(.drumroll, figure: worst, .atMost, limit, unit: "mm", detail: "\(taps.count) taps")
    }

    /// Pinch: two fingers' distance changes by at least 15 mm.
    public static func pinch(_ contacts: [Contact], minimum: Double = QualifyLimit.pinch.defaultValue) -> Verdict {
        let pair = contacts.filter { !$0.isGhost }.sorted { $0.samples.count > $1.samples.count }.prefix(2)
        guard pair.count == 2 else {
            return Verdict(.pinch, figure: 0, .atLeast, minimum, unit: "mm", detail: "fewer than two fingers")
        }
        let (a, b) = (pair[pair.startIndex], pair[pair.startIndex + 1])
        var distances: [Double] = []
        let nearest = NearestInTime(b.samples)
        for sample in a.samples {
            guard let other = nearest.sample(nearest: sample.time), abs(other.time - sample.time) <= 0.05 else { continue }
            distances.append(sample.point.distance(to: other.point))
        }
        guard let low = distances.min(), let high = distances.max() else {
            return Verdict(.pinch, figure: 0, .atLeast, minimum, unit: "mm", detail: "the fingers were never down together")
        }
        return Verdict(.pinch, figure: high - low, .atLeast, minimum, unit: "mm",
                       detail: "from \(fixed(distances.first!, decimals: 1)) to \(fixed(distances.last!, decimals: 1)) mm apart")
    }
}

/// A contact's samples by time, for the one nearest a moment: the first in the contact's
/// order of those nearest, as a search of them all would find it, in log n (a pinch of
/// 100,000 samples took 20 s searched).
struct NearestInTime {
    private let sorted: [(time: Double, index: Int)]
    private let samples: [ContactSample]
    /// Where each entry's group of equal times begins in `sorted`.
    private let groupStart: [Int]

    init(_ samples: [ContactSample]) {
        self.samples = samples
        sorted = samples.indices.map { (samples[$0].time, $0) }.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
        var starts: [Int] = []
        starts.reserveCapacity(sorted.count)
        for position in sorted.indices {
            starts.append(position > 0 && sorted[position - 1].time == sorted[position].time ? starts[position - 1] : position)
        }
        groupStart = starts
    }

    func sample(nearest time: Double) -> ContactSample? {
        guard !sorted.isEmpty else { return nil }
        // The first entry at or after `time`.
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].time < time { low = middle + 1 } else { high = middle }
        }
        var best: (distance: Double, index: Int)?
        func consider(_ position: Int) {
            let entry = sorted[position]
            let distance = abs(entry.time - time)
            if best == nil || distance < best!.distance || (distance == best!.distance && entry.index < best!.index) {
                best = (distance, entry.index)
            }
        }
        if low < sorted.count { consider(low) }  // the first of the group of the nearest later time
        if low > 0 { consider(groupStart[low - 1]) }  // the first of the group of the nearest earlier time
        return best.map { samples[$0.index] }
    }
}

func centroid(_ points: [Point]) -> Point { PointSetGeometry.centroid(points) }
