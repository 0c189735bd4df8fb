import Foundation

/// A small seeded generator (SplitMix64): the touch-to-pixel schedule and the digitizer's
/// faults, and the tests' generated people and random cases, are the same on every run with
/// the same seed. A `RandomNumberGenerator`, so the standard library's `random(in:using:)`
/// draws from it too: a test that prints its seed can be replayed.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in low..<high.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Standard normal (Box-Muller).
    public mutating func gaussian() -> Double {
        let u = max(uniform(0, 1), 1e-12), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
