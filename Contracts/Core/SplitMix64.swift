/// SplitMix64 (Steele, Lea & Flood 2014): a tiny deterministic generator, so a seeded random
/// sequence is the same on every run and platform, and a violation names a step that can be
/// replayed. Shared by every suite that drives an implementation with random operations.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0).
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
