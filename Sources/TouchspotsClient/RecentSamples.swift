/// The latest samples of a latency (ms), for the panel's p50 and p99: a ring of fixed
/// size, so recording one is a store, and the percentiles are selected from a copy only
/// when the panel's line is made (at most twice a second).
///
/// It replaced two HdrHistograms per latency (the previous 256 commits and the current
/// ones, merged for every line): a merge and two `valueAtPercentile` walks cost about
/// 750,000 instructions a line, 10 % of the whole client's over a 10-finger stream
/// (docs/design/performance.md, "The panel's latency line and the layer walk"). The ring
/// holds the last 512 samples, as many as the two
/// histograms held at most, and gives the exact nearest-rank percentile where the
/// histograms were within 1 %: selecting two ranks out of 512 is a few tens of
/// thousands of instructions, and nothing is allocated after the first sample.
struct RecentSamples {
    static let capacity = 512
    private var ring: [Double] = []
    private var next = 0
    /// Reused by `percentiles`: the selection reorders it.
    private var scratch: [Double] = []

    var isEmpty: Bool { ring.isEmpty }

    mutating func record(_ value: Double) {
        if ring.count < Self.capacity {
            if ring.isEmpty {
                ring.reserveCapacity(Self.capacity)
                scratch.reserveCapacity(Self.capacity)
            }
            ring.append(value)
        } else {
            ring[next] = value
            next = next + 1 == Self.capacity ? 0 : next + 1
        }
    }

    /// The nearest-rank p50 and p99 of the samples held, nil when there are none.
    mutating func percentiles() -> (p50: Double, p99: Double)? {
        guard !ring.isEmpty else { return nil }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: ring)
        let p99 = Self.select(rank(99), in: &scratch, from: 0, to: scratch.count - 1)
        // Everything below the p99's rank is now left of it: the median is selected there.
        let p50 = Self.select(rank(50), in: &scratch, from: 0, to: rank(99))
        return (p50, p99)
    }

    /// The 0-based index of the nearest-rank `percent`th percentile: the smallest value
    /// with at least `percent` % of the samples at or below it.
    private func rank(_ percent: Int) -> Int {
        max(0, (percent * ring.count + 99) / 100 - 1)
    }

    /// The value that sorting `values[low...high]` would put at `k` (Hoare's selection,
    /// median-of-three pivots); values left of `k` end up no larger, right of it no smaller.
    static func select(_ k: Int, in values: inout [Double], from low: Int, to high: Int) -> Double {
        var low = low, high = high
        while low < high {
            let middle = low + (high - low) / 2
            if values[middle] < values[low] { values.swapAt(middle, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[middle] { values.swapAt(high, middle) }
            let pivot = values[middle]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while pivot < values[j] { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return values[k]
            }
        }
        return values[k]
    }
}
