import ImageCache
import ImageCodec
import Synchronization

/// A ``MemoryImageCache`` counting lookups that missed: a load that missed memory is on its way
/// to the disk.
final class CountingMemoryCache: ImageCaching {
    private let cache = MemoryImageCache()
    private let missCount = Mutex(0)

    /// Lookups that found nothing so far.
    var misses: Int { missCount.withLock { $0 } }

    func image(for key: String) -> DecodedImage? {
        let image = cache.image(for: key)
        if image == nil { missCount.withLock { $0 += 1 } }
        return image
    }
    @discardableResult
    func insert(_ image: DecodedImage, for key: String) -> Bool { cache.insert(image, for: key) }
    func removeImage(for key: String) { cache.removeImage(for: key) }
    func removeAll() { cache.removeAll() }
    func trim(toCost cost: Int) { cache.trim(toCost: cost) }
    var totalCost: Int { cache.totalCost }
    var costLimit: Int { cache.costLimit }
    var count: Int { cache.count }
}
