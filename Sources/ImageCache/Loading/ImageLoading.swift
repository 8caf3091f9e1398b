public import Foundation

/// Loads images for URLs through the caches and the network. Implementation: ``ImagePipeline``.
///
/// Rules (each a contract in `Contracts`, suite ImageLoading): memory first, then disk, then
/// the network; concurrent loads of one URL share one transfer; cancelling a load cancels the
/// transfer only when every load waiting on it has left; a transient network failure
/// (offline, timedOut, connectionLost) delivers the disk copy when there is one; every failure
/// is an ``ImageLoadError``; a 5xx or a lost connection is retried a bounded number of times
/// with backoff; ``trimMemory(toCost:)`` gives memory back under pressure; a load with a
/// ``ImageLoadOptions/targetSize`` decodes at the smallest size covering it.
public protocol ImageLoading: Sendable {
    /// The image at `url`, decoded, and where it came from.
    func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage

    /// Forgets the decoded image for `url`, at every size it was loaded at (its cell left the
    /// screen); copies on disk stay.
    /// Loaders without a memory cache need not do anything.
    func dropDecodedImage(for url: URL)

    /// Memory pressure: forgets decoded images, least recently used first, until those kept in
    /// memory cost at most `cost` bytes (width × height × 4 each); `0` forgets them all. Disk
    /// copies stay, so a forgotten image loads again from disk. Call it from the platform's
    /// memory warning. Loaders without a memory cache need not do anything.
    func trimMemory(toCost cost: Int)
}

extension ImageLoading {
    /// Does nothing: a loader without a memory cache has nothing to drop.
    public func dropDecodedImage(for url: URL) {}

    /// Does nothing: a loader without a memory cache has nothing to trim.
    public func trimMemory(toCost cost: Int) {}

    /// The image at `url` with the default options (visible, no reload).
    public func image(for url: URL) async throws(ImageLoadError) -> LoadedImage {
        try await image(for: url, options: ImageLoadOptions())
    }
}
