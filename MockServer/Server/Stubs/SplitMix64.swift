/// SplitMix64 (Steele, Lea & Flood 2014): a tiny seeded random number generator. The same seed
/// gives the same sequence on every run and platform, so seeded stub delays repeat, and a
/// contract suite's random operations name a step that can be replayed.
///
/// The one copy in the package: MockServer uses it for its stubs' delays, and the contract
/// suites and the benchmarks (which both depend on MockServer) use it from here.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0; 0 when it is not), by modulo like the suites
    /// always did, so their seeded sequences stay the same.
    public mutating func next(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next() % UInt64(bound))
    }
}
