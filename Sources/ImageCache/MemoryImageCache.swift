public import ImageCodec
import Synchronization

/// An ``ImageCaching`` kept in memory: strict least-recently-used eviction under a cost limit
/// (decoded bytes) and an optional count limit.
///
/// All state sits in one `Mutex`, so a hit is a lock, a dictionary lookup and two link updates:
/// no actor hop, no allocation. Every operation is O(1) (amortised; an eviction is O(1) per entry
/// evicted). Images that leave the cache are released after the lock is dropped, so freeing
/// large pixel buffers never holds up other callers.
///
/// Policies:
/// - An image costing more than 10% of ``costLimit`` is refused (`insert` returns `false`) and
///   changes nothing: an entry already stored for that key stays, with its old image and place
///   in the recency order. A refusal is "this image is not worth caching", not "forget the key".
/// - Negative limits are clamped to 0. A cache with a cost limit of 0 (or a count limit of 0)
///   refuses every image.
/// - `trim(toCost:)` with a negative cost empties the cache.
public final class MemoryImageCache: ImageCaching {
    public let costLimit: Int
    /// Most entries kept.
    public let countLimit: Int
    private let storage: Mutex<LRUStorage>

    /// Creates an empty cache holding at most `costLimit` decoded bytes (64 MB by default) and at
    /// most `countLimit` images. Negative limits are treated as 0.
    public init(costLimit: Int = 64 * 1024 * 1024, countLimit: Int = Int.max) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
        storage = Mutex(LRUStorage())
    }

    public func image(for key: String) -> DecodedImage? {
        storage.withLock { $0.touch(key) }
    }

    @discardableResult
    public func insert(_ image: DecodedImage, for key: String) -> Bool {
        guard accepts(cost: image.cost) else { return false }
        let (costLimit, countLimit) = (self.costLimit, self.countLimit)
        let evicted = storage.withLock { storage in
            storage.insert(image, for: key)
            return storage.evict(whileCostAbove: costLimit, orCountAbove: countLimit)
        }
        release(evicted)
        return true
    }

    public func removeImage(for key: String) {
        let removed = storage.withLock { $0.remove(key) }
        _ = removed
    }

    public func removeAll() {
        let old = storage.withLock { storage in
            let old = storage
            storage = LRUStorage()
            return old
        }
        _ = old
    }

    public func trim(toCost cost: Int) {
        let evicted = storage.withLock { $0.evict(whileCostAbove: max(0, cost), orCountAbove: Int.max) }
        release(evicted)
    }

    /// Drops the evicted images (after the lock), then lets ``HeapTrimmer`` give their memory
    /// back to the system once enough has been freed.
    private func release(_ evicted: consuming [DecodedImage]) {
        let bytes = evicted.reduce(0) { $0 + $1.cost }
        _ = consume evicted
        HeapTrimmer.released(bytes: bytes)
    }

    public var totalCost: Int { storage.withLock { $0.totalCost } }

    public var count: Int { storage.withLock { $0.count } }

    /// Whether an image of `cost` bytes may be stored: at most 10% of the cost limit, and the
    /// count limit leaves room for at least one entry.
    private func accepts(cost: Int) -> Bool {
        let (tenfold, overflow) = cost.multipliedReportingOverflow(by: 10)
        return !overflow && tenfold <= costLimit && countLimit > 0
    }

    /// Test hook: `nil` when the list, the index and the running totals agree, else what is wrong.
    func consistencyProblem() -> String? {
        storage.withLock { $0.consistencyProblem() }
    }
}
