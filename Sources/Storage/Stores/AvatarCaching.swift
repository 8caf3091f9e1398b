public import Foundation

/// Avatar image bytes keyed by their URL, bounded in bytes, least recently used first out.
///
/// ``AvatarStore`` is the implementation. Reading an avatar counts as a use.
public protocol AvatarCaching: Sendable {
    /// The bytes stored for `url`, or `nil`; a hit marks the entry as just used.
    func avatar(for url: String) async throws(StorageError) -> Data?
    /// Stores `data` for `url` (replacing an older value), then drops least recently used
    /// entries until the total is within the limit. An entry larger than the whole limit is
    /// not stored.
    func store(_ data: Data, for url: String) async throws(StorageError)
    /// Bytes of avatar data stored.
    func totalSize() async throws(StorageError) -> Int
}
