/// Validators of contacts at rest and of the contacts' count (docs/qualify.md).
public enum ContactValidators {
    /// Stationary jitter: a finger held still, judged without its first and last 0.3 s;
    /// the largest distance of a report from their centroid, at most 1 mm.
    public static func stationaryJitter(_ hold: Contact, limit: Double = 1) -> Verdict {
        let kept = hold.samples.filter { $0.time >= hold.began + 0.3 && $0.time <= hold.ended - 0.3 }
        guard kept.count >= 2 else {
            return Verdict("stationary jitter", figure: .infinity, .atMost, limit, unit: "mm", detail: "held too briefly")
        }
        let centre = centroid(kept.map(\.point))
        let worst = kept.map { $0.point.distance(to: centre) }.max()!
        return Verdict("stationary jitter", figure: worst, .atMost, limit, unit: "mm", detail: "\(kept.count) reports")
    }

    /// Tap accuracy: taps on one target land within a circle of 0.5 mm radius (the
    /// largest distance of a tap's landing point from the taps' centroid).
    public static func tapAccuracy(_ taps: [Contact], limit: Double = 0.5) -> Verdict {
        let points = taps.compactMap { $0.samples.first?.point }
        guard points.count >= 2 else {
            return Verdict("tap accuracy", figure: .infinity, .atMost, limit, unit: "mm", detail: "fewer than two taps")
        }
        let centre = centroid(points)
        return Verdict("tap accuracy", figure: points.map { $0.distance(to: centre) }.max()!, .atMost, limit, unit: "mm",
                       detail: "\(points.count) taps")
    }

    /// Tap offset: the taps' centroid from the target asked for, at most 1 mm (the
    /// project's threshold: docs/qualify.md).
    public static func tapOffset(_ taps: [Contact], target: Point, limit: Double = 1) -> Verdict {
        let points = taps.compactMap { $0.samples.first?.point }
        guard !points.isEmpty else {
            return Verdict("tap offset", figure: .infinity, .atMost, limit, unit: "mm", detail: "no tap")
        }
        let centre = centroid(points)
        return Verdict("tap offset", figure: centre.distance(to: target), .atMost, limit, unit: "mm",
                       detail: "centroid \(fixed(centre.x, decimals: 1)), \(fixed(centre.y, decimals: 1)) mm")
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
        return Verdict("tracking ids", figure: Double(faults + max(0, real.count - splits - expected)), .atMost, 0,
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
    public static func maximumContacts(_ contacts: [Contact], minimum: Int = 5) -> Verdict {
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
        return Verdict("maximum contacts", figure: Double(most), .atLeast, Double(minimum), unit: "contacts")
    }

    /// Drumroll: two fingers tapping in turn stay two fingers at two places: every tap is a
    /// contact of its own whose mean position is within 2 mm of its place (the first tap
    /// near it). A merged contact, dragged from one place to the other, lands far off.
    public static func drumroll(_ taps: [Contact], limit: Double = 2) -> Verdict {
        let means = taps.compactMap { tap -> Point? in tap.samples.isEmpty ? nil : centroid(tap.samples.map(\.point)) }
        guard let a = means.first, let b = means.first(where: { $0.distance(to: a) > 4 * limit }) else {
            return Verdict("drumroll", figure: .infinity, .atMost, limit, unit: "mm", detail: "no two places")
        }
        var groups: [[Point]] = [[], []]
        for mean in means { groups[mean.distance(to: a) <= mean.distance(to: b) ? 0 : 1].append(mean) }
        var worst = 0.0
        for group in groups where !group.isEmpty {
            let centre = centroid(group)
            worst = max(worst, group.map { $0.distance(to: centre) }.max()!)
        }
        let dragged = taps.map { $0.samples.count > 1 ? $0.samples.first!.point.distance(to: $0.samples.last!.point) : 0 }.max() ?? 0
        worst = max(worst, dragged > 4 * limit ? dragged : 0)
        return Verdict("drumroll", figure: worst, .atMost, limit, unit: "mm", detail: "\(taps.count) taps")
    }

    /// Pinch: two fingers' distance changes by at least 15 mm.
    public static func pinch(_ contacts: [Contact], minimum: Double = 15) -> Verdict {
        let pair = contacts.filter { !$0.isGhost }.sorted { $0.samples.count > $1.samples.count }.prefix(2)
        guard pair.count == 2 else {
            return Verdict("pinch", figure: 0, .atLeast, minimum, unit: "mm", detail: "fewer than two fingers")
        }
        let (a, b) = (pair[pair.startIndex], pair[pair.startIndex + 1])
        var distances: [Double] = []
        let nearest = NearestInTime(b.samples)
        for sample in a.samples {
            guard let other = nearest.sample(nearest: sample.time), abs(other.time - sample.time) <= 0.05 else { continue }
            distances.append(sample.point.distance(to: other.point))
        }
        guard let low = distances.min(), let high = distances.max() else {
            return Verdict("pinch", figure: 0, .atLeast, minimum, unit: "mm", detail: "the fingers were never down together")
        }
        return Verdict("pinch", figure: high - low, .atLeast, minimum, unit: "mm",
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

func centroid(_ points: [Point]) -> Point {
    var x = 0.0, y = 0.0
    for p in points { x += p.x; y += p.y }
    return Point(x: x / Double(points.count), y: y / Double(points.count))
}
