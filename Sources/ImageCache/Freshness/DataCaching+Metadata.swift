public import Foundation

/// Defaults for caches that keep no metadata: every entry reads as stored without, so
/// ``ImagePipeline`` counts it as fresh and never revalidates it.
extension DataCaching {
    /// ``data(for:)`` with no metadata.
    public func entry(for key: String) async -> CachedData? {
        await data(for: key).map { CachedData(data: $0, metadata: nil) }
    }

    /// ``store(_:for:)``; the metadata is dropped.
    public func store(_ data: Data, metadata: CacheEntryMetadata, for key: String) async {
        await store(data, for: key)
    }

    /// Nothing: there is no metadata to update.
    public func updateMetadata(_ metadata: CacheEntryMetadata, for key: String) async {}
}
