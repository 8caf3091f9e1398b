import ImageCache
import ImageCodec

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny deterministic generator, so a random sequence
/// is the same on every run and platform, and a violation names a step that can be replayed.
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
}

extension ImageCachingContracts {
    /// A `width` × `height` image (cost `width * height * 4`) whose bytes are all `fill`.
    static func image(_ width: Int, _ height: Int, fill: UInt8 = 0) -> DecodedImage {
        do {
            return try DecodedImage(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height * 4))
        } catch {
            preconditionFailure("a \(width)×\(height) test image: \(error)")  // sides are positive; cannot happen
        }
    }

    /// The keys among `keys` the cache holds. Reading marks them used, so callers check
    /// membership only where recency no longer matters, or list keys in the order to refresh.
    static func present(_ keys: some Sequence<String>, in cache: any ImageCaching) -> [String] {
        keys.filter { cache.image(for: $0) != nil }
    }
}
