import Foundation
import Networking

// Freshness and revalidation of disk copies (HTTP caching, RFC 9111, as far as an image
// loader needs it): a copy is fresh for the response's `Cache-Control: max-age` (0 for
// `no-cache`), else for `Configuration.defaultFreshness`; a stale one is asked for again with
// its validators, and a 304 keeps it.
extension PipelineStages {
    /// `metadata` when the copy it describes must be revalidated before it is delivered; `nil`
    /// when it is fresh, or has no metadata (stored without, by an older version or by a
    /// ``DataCaching`` that keeps none: nothing to revalidate with, so it counts as fresh).
    func staleMetadata(_ metadata: CacheEntryMetadata?) -> CacheEntryMetadata? {
        guard let metadata, metadata.isStale(at: Date(), defaultLifetime: configuration.defaultFreshness) else { return nil }
        return metadata
    }

    /// Adds the validators of a stale copy to `request` (`If-None-Match` with its `ETag`,
    /// `If-Modified-Since` with its `Last-Modified`) and accepts a 304. Without validators the
    /// request stays plain: the whole image is fetched again.
    static func makeConditional(_ request: inout HTTPRequest, with metadata: CacheEntryMetadata) {
        guard metadata.hasValidators else { return }
        if let etag = metadata.etag { request.headers["If-None-Match"] = etag }
        if let lastModified = metadata.lastModified { request.headers["If-Modified-Since"] = lastModified }
        request.acceptableStatus = 200...304
    }

    /// Whether a failed transfer delivers the disk copy: after a transient failure (offline,
    /// timed out, connection lost) always; while revalidating a stale copy also after a 5xx,
    /// because an old image is better than none while the server has trouble.
    static func deliversCopy(after error: NetworkError, revalidating: Bool) -> Bool {
        if error.isTransient { return true }
        if revalidating, case .httpStatus(let status) = error, (500...599).contains(status) { return true }
        return false
    }

    /// A 304 to a revalidation: the stale copy is current. Its metadata is refreshed (validated
    /// now; the 304's own `ETag`, `Last-Modified` and `max-age` replace the old ones it names)
    /// and the copy delivered, from disk.
    func notModified(_ response: HTTPResponse, key: LoadKey, previous: CacheEntryMetadata, copy: LoadedImage?) async -> Outcome {
        guard let copy else { return .failure(.unavailable) }
        var metadata = previous
        metadata.validatedAt = Date()
        if let etag = response.header("etag") { metadata.etag = etag }
        if let lastModified = response.header("last-modified") { metadata.lastModified = lastModified }
        if let maxAge = CacheControl.maxAge(response.header("cache-control")) { metadata.maxAge = maxAge }
        await disk.updateMetadata(metadata, for: key.url)
        return .success(LoadedImage(image: copy.image, source: .disk))
    }

    /// The metadata to keep with the body of a 200: its validators and freshness, validated now.
    static func metadata(of response: HTTPResponse) -> CacheEntryMetadata {
        CacheEntryMetadata(
            etag: response.header("etag"), lastModified: response.header("last-modified"), validatedAt: Date(),
            maxAge: CacheControl.maxAge(response.header("cache-control")))
    }
}
