public import Foundation
public import Networking

/// Loads images: memory → disk → network, with one shared transfer per URL.
///
/// - Order: a memory hit is returned as is; a disk hit is decoded and put in memory; otherwise
///   the network: the `Content-Type` must be `image/*`, the pixel count is read from the header
///   (``ImageCodec/probe(_:)``) before any decode, and only bytes that decoded are stored on
///   disk, then the image goes to memory. A ``ImageLoadOptions/reload`` skips both caches.
/// - Coalescing: concurrent loads of one URL wait on one transfer (download, decode, store).
///   Cancelling a load ends that load at once with ``ImageLoadError/cancelled``; the transfer
///   is cancelled only when its last waiter leaves, which closes the connection.
/// - Offline fallback: when the network fails with offline, timedOut or connectionLost and the
///   disk holds a copy, that copy is delivered (``LoadedImage/Source/disk``), reload included.
/// - Decoding runs on the global concurrent executor, never on the caller's actor.
/// - Priority is passed through, not reordered: the client's per-host queue starts requests in
///   arrival order, and a visible cell asks first because it becomes visible first.
/// - A failed disk write never fails a load: ``DataCaching`` reports it on its own.
///
/// Sendable: every stored property is an immutable `let` of a `Sendable` type; the mutable
/// state (transfers in flight) lives in an actor.
public final class ImagePipeline: ImageLoading {
    /// The limits and deadlines in use.
    public let configuration: Configuration
    private let stages: PipelineStages
    private let coalescer: TransferCoalescer

    /// Creates a pipeline over `client` with the two caches.
    public init(
        client: any HTTPClient, memory: any ImageCaching, disk: any DataCaching,
        configuration: Configuration = Configuration()
    ) {
        self.configuration = configuration
        if configuration.returnsFreedMemory { HeapTrimmer.enable() }
        self.stages = PipelineStages(client: client, memory: memory, disk: disk, configuration: configuration)
        self.coalescer = TransferCoalescer(gate: TransferGate(limit: configuration.maxConcurrentTransfers))
    }

    public func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        let key = url.absoluteString
        if !options.reload {
            if let image = stages.memory.image(for: key) { return LoadedImage(image: image, source: .memory) }
            if let loaded = await stages.fromDisk(key: key) { return loaded }
        }
        if Task.isCancelled { throw .cancelled }
        let stages = self.stages
        return try await coalescer.join(key: key, priority: options.priority) {
            await stages.fromNetwork(url: url, key: key)
        }.get()
    }

    /// Forgets the decoded image for `url` (its cell left the screen); the disk copy stays.
    public func dropDecodedImage(for url: URL) {
        stages.memory.removeImage(for: url.absoluteString)
    }
}
