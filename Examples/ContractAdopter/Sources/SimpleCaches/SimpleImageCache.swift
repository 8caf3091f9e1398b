public import ImageCache
public import ImageCodec
import Synchronization

/// An in-memory, least-recently-used cache of decoded images: a dictionary and a recency list
/// behind one `Mutex`. An entry costs its decoded bytes (width × height × 4); an image over 10%
/// of the limit is refused.
public final class SimpleImageCache: ImageCaching {
    /// Most total cost kept, in decoded bytes.
    public let costLimit: Int
    private let state = Mutex(State())

    /// The entries and their order, least recently used first.
    private struct State {
        var entries: [String: DecodedImage] = [:]
        var order: [String] = []
        var totalCost = 0

        mutating func touch(_ key: String) {
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
        }

        mutating func remove(_ key: String) {
            guard let removed = entries.removeValue(forKey: key) else { return }
            totalCost -= removed.cost
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
        }

        mutating func trim(toCost cost: Int) {
            while totalCost > cost, let oldest = order.first { remove(oldest) }
        }
    }

    /// Creates an empty cache holding at most `costLimit` decoded bytes.
    public init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// The image for `key`, marking it most recently used; `nil` when absent.
    public func image(for key: String) -> DecodedImage? {
        state.withLock { state in
            guard let image = state.entries[key] else { return nil }
            state.touch(key)
            return image
        }
    }

    /// Stores `image` for `key`, evicting least recently used entries; `false` (nothing
    /// changed) when the image alone is over 10% of the limit.
    @discardableResult
    public func insert(_ image: DecodedImage, for key: String) -> Bool {
        guard image.cost <= costLimit / 10 else { return false }
        state.withLock { state in
            state.remove(key)
            state.trim(toCost: costLimit - image.cost)
            state.entries[key] = image
            state.order.append(key)
            state.totalCost += image.cost
        }
        return true
    }

    /// Removes the entry for `key`, if any.
    public func removeImage(for key: String) {
        state.withLock { $0.remove(key) }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// Evicts least recently used entries until the total cost is at most `cost`.
    public func trim(toCost cost: Int) {
        state.withLock { $0.trim(toCost: cost) }
    }

    /// Sum of the costs of the entries.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// Number of entries.
    public var count: Int { state.withLock { $0.entries.count } }
}
