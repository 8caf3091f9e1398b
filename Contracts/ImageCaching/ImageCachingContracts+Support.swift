import ContractsCore
import ImageCache
import ImageCodec

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
