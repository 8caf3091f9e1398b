public import Foundation

/// A disk entry as read: its bytes and, when it was stored with them, its freshness and validators.
public struct CachedData: Sendable, Hashable {
    /// The stored bytes (the encoded image).
    public var data: Data
    /// When the bytes were fetched and how to revalidate them; `nil` for an entry stored without
    /// (by ``DataCaching/store(_:for:)`` or an older version), which ``ImagePipeline`` counts as fresh.
    public var metadata: CacheEntryMetadata?

    /// Creates an entry.
    public init(data: Data, metadata: CacheEntryMetadata?) {
        self.data = data
        self.metadata = metadata
    }
}
