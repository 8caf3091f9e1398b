public import Foundation

// Entries with their freshness and validators, in a header of the entry's file (DiskEntryFormat).
extension DiskCache {
    /// The bytes for `key` and the metadata stored with them, marking them most recently used;
    /// `nil` when absent, unreadable or with a damaged header.
    public func entry(for key: String) async -> CachedData? {
        readEntry(for: key)
    }

    /// Stores `data` with `metadata` in front, in one file written atomically.
    public func store(_ data: Data, metadata: CacheEntryMetadata, for key: String) async {
        storeFile(DiskEntryFormat.encode(data, metadata: metadata), for: key)
    }

    /// Rewrites the entry for `key` with `metadata`, its bytes unchanged (read, then written
    /// atomically); nothing when there is no readable entry.
    public func updateMetadata(_ metadata: CacheEntryMetadata, for key: String) async {
        guard let entry = readEntry(for: key) else { return }
        storeFile(DiskEntryFormat.encode(entry.data, metadata: metadata), for: key)
    }
}
