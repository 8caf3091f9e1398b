/// The failure sequence behind `fail_rate=P&seed=S`: whether the k-th request for a URL fails is
/// a pure function of (seed, URL, k), so the same requests fail in every run with the same seed.
///
/// Each URL gets its own stream: SplitMix64 over a start mixed from the seed and the URL's FNV-1a
/// digest, read at position k. Request k fails when its draw, a uniform number in [0, 1),
/// is below P: P = 0 never fails, P = 1 always does, and over many requests about P of them fail.
enum SeededFailures {
    /// Whether request number `attempt` (1 for the first) for `url` fails at `rate`.
    static func fails(url: String, attempt: Int, rate: Double, seed: UInt64) -> Bool {
        draw(url: url, attempt: attempt, seed: seed) < rate
    }

    /// The uniform number in [0, 1) drawn for request `attempt` of `url`.
    static func draw(url: String, attempt: Int, seed: UInt64) -> Double {
        var digest = FNV1a()
        digest.add(url)
        let stream = mix(seed ^ mix(digest.value))
        let value = mix(stream &+ UInt64(truncatingIfNeeded: attempt) &* 0x9E37_79B9_7F4A_7C15)
        return Double(value >> 11) * 0x1.0p-53
    }

    /// SplitMix64's output function: a bijection that spreads every input bit.
    private static func mix(_ input: UInt64) -> UInt64 {
        var z = input &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
