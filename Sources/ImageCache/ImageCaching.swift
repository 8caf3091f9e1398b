public import ImageCodec

/// A memory cache of decoded images, keyed by URL string. Implementation: ``MemoryImageCache``.
///
/// Rules (each a contract in `Contracts`): an entry costs its decoded bytes
/// (``DecodedImage/cost``, width × height × 4); the total cost never exceeds ``costLimit`` once
/// any call returns; one entry larger than 10% of the limit is refused; eviction is least
/// recently used (a read counts as a use). Reads are synchronous: a hit costs no actor hop.
public protocol ImageCaching: Sendable {
    /// The image for `key`, marking it most recently used; `nil` when absent.
    func image(for key: String) -> DecodedImage?
    /// Stores `image` for `key` (replacing any), evicting least recently used entries to stay
    /// within the limit. Returns `false`, storing nothing, when the image alone is over 10% of it.
    @discardableResult
    func insert(_ image: DecodedImage, for key: String) -> Bool
    /// Removes the entry for `key`, if any.
    func removeImage(for key: String)
    /// Removes every entry (memory pressure).
    func removeAll()
    /// Evicts least recently used entries until the total cost is at most `cost`.
    func trim(toCost cost: Int)
    /// Sum of the costs of the entries.
    var totalCost: Int { get }
    /// Most total cost kept.
    var costLimit: Int { get }
    /// Number of entries.
    var count: Int { get }
}
