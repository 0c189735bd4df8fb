/// The search both tuners run (`CheckmarkTuner`, `StrokeLimitsTuner`): from `start`, each
/// limit in turn swept over its values with the others held, for at most `rounds` rounds
/// or until a round moves nothing. Of the values that score best, the middle of their
/// longest run is taken: a limit at the edge of what the people at hand drew is chosen for
/// them, the middle leaves the next person room on both sides. With `keepsBest`, a limit
/// that already scores best stays where it is (no move without evidence). A sweep whose
/// every value scores -infinity (over a budget) moves nothing.
enum CoordinateDescent {
    struct Sweep<Limits> {
        let limit: WritableKeyPath<Limits, Double>
        let values: [Double]
    }

    static func choose<Limits: Equatable>(from start: Limits, sweeping sweeps: [Sweep<Limits>], rounds: Int,
                                          keepsBest: Bool = false, score: (Limits) -> Double) -> Limits {
        var limits = start
        for _ in 0..<rounds {
            let before = limits
            for sweep in sweeps {
                let scores = sweep.values.map { value -> Double in
                    var trial = limits
                    trial[keyPath: sweep.limit] = value
                    return score(trial)
                }
                guard let best = scores.max(), best > -.infinity else { continue }
                if keepsBest, let current = sweep.values.firstIndex(of: limits[keyPath: sweep.limit]), scores[current] == best {
                    continue
                }
                var runStart = 0, bestRun = (start: 0, length: 0)
                for i in scores.indices {
                    if scores[i] != best { runStart = i + 1; continue }
                    if i - runStart + 1 > bestRun.length { bestRun = (runStart, i - runStart + 1) }
                }
                limits[keyPath: sweep.limit] = sweep.values[bestRun.start + (bestRun.length - 1) / 2]
            }
            if limits == before { break }
        }
        return limits
    }
}
