public import Foundation

/// What a disk entry knows about its freshness, kept with its bytes: when it was fetched (or
/// last revalidated), how long the server said it stays fresh, and the validators to ask the
/// server with once it is stale.
///
/// ``ImagePipeline`` reads it through ``DataCaching/entry(for:)`` and writes it with
/// ``DataCaching/store(_:metadata:for:)``; ``DiskCache`` keeps it in a small header of the
/// entry's file.
public struct CacheEntryMetadata: Sendable, Hashable, Codable {
    /// The response's `ETag`, as sent (sent back as `If-None-Match`).
    public var etag: String?
    /// The response's `Last-Modified`, as sent (sent back as `If-Modified-Since`).
    public var lastModified: String?
    /// When the bytes were fetched or last confirmed by a 304, on the wall clock.
    public var validatedAt: Date
    /// How many seconds the copy stays fresh after ``validatedAt``, from the response's
    /// `Cache-Control` (`max-age=N`; `no-cache` is 0); `nil` when the response said nothing,
    /// and then ``ImagePipeline/Configuration/defaultFreshness`` decides.
    public var maxAge: Int?

    /// Creates metadata.
    public init(etag: String?, lastModified: String?, validatedAt: Date, maxAge: Int?) {
        self.etag = etag
        self.lastModified = lastModified
        self.validatedAt = validatedAt
        self.maxAge = maxAge
    }

    /// Whether the server can be asked "changed since?": an `ETag` or a `Last-Modified` is known.
    public var hasValidators: Bool { etag != nil || lastModified != nil }

    /// Whether the copy is past its freshness lifetime at `now`: ``maxAge`` when known, else
    /// `defaultLifetime`. Age counts from ``validatedAt``; a clock that stepped back counts as 0.
    public func isStale(at now: Date, defaultLifetime: Duration) -> Bool {
        let (seconds, attoseconds) = defaultLifetime.components
        let lifetime = maxAge.map(Double.init) ?? (Double(seconds) + Double(attoseconds) / 1e18)
        let age = max(0, now.timeIntervalSince(validatedAt))
        return age >= lifetime
    }
}
