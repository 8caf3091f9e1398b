public import Foundation
public import Networking

/// Loads images: memory → disk → network, with one shared job per URL (and target size) after a
/// memory miss.
///
/// - Order: a memory hit is returned as is; a disk hit is decoded and put in memory; otherwise
///   the network: the `Content-Type` must be `image/*`, the pixel count is read from the header
///   before any pixel memory is allocated, and only bytes that decoded are stored on disk, then
///   the image goes to memory. A ``ImageLoadOptions/reload`` skips both caches.
/// - Coalescing: everything after a memory miss is one job per URL, shared by every concurrent
///   load of it: one disk read, at most one transfer, one decode (which reads the header once).
///   Cancelling a load ends that load at once with ``ImageLoadError/cancelled``; the job is
///   cancelled only when its last waiter leaves, which closes the connection.
/// - Offline fallback: when the network fails with offline, timedOut or connectionLost and the
///   disk holds a copy, that copy is delivered (``LoadedImage/Source/disk``), reload included;
///   a job that has read the disk already does not read it again.
/// - Freshness: a disk copy is fresh for its response's `Cache-Control: max-age` (0 for
///   `no-cache`; `no-store` is ignored, the copy is what offline needs), else for
///   ``Configuration/defaultFreshness``. A stale copy is asked for again with its `ETag` and
///   `Last-Modified` (`If-None-Match`, `If-Modified-Since`): a 304 delivers it (no body
///   transferred) and refreshes its date, a 200 replaces it, and a failed revalidation
///   (offline, a timeout, a lost connection, a 5xx) still delivers it. An image in memory is
///   delivered as is.
/// - Decoding runs on the global concurrent executor, never on the caller's actor.
/// - Sizes: a load with ``ImageLoadOptions/targetSize`` decodes at the smallest size covering
///   it (TurboJPEG's scaled decode, a PNG shrunk once). Memory entries and jobs are per URL and
///   size; the disk keeps the downloaded bytes once per URL, so one download serves every size
///   (two sizes of one URL loaded at the same moment are two jobs, each with its transfer).
/// - Priority reorders: at most ``Configuration/maxConcurrentTransfers`` transfers run at once,
///   and the waiting ones start visible first, then in the order they were asked for; a
///   visible load joining a waiting prefetch moves it up. The client's own per-host queue,
///   which is FIFO, only ever sees the transfers this gate let through.
/// - Retries: a 5xx answer or a lost connection (a cut body) is tried again as
///   ``Configuration/retry`` says (by default twice, after 0.5 s and 1 s), its slot given back
///   while it waits, and only within the total deadline; never a 4xx, a timeout, offline, the
///   byte limit or a cancelled load.
/// - A failed disk write never fails a load: ``DataCaching`` reports it on its own.
///
/// Sendable: every stored property is an immutable `let` of a `Sendable` type; the mutable
/// state (jobs in flight, the transfer gate) lives in an actor.
public final class ImagePipeline: ImageLoading {
    /// The limits and deadlines in use.
    public let configuration: Configuration
    private let stages: PipelineStages
    private let coalescer: LoadCoalescer
    private let sizes = DecodedSizes()

    /// Creates a pipeline over `client` with the two caches.
    public convenience init(
        client: any HTTPClient, memory: any ImageCaching, disk: any DataCaching,
        configuration: Configuration = Configuration()
    ) {
        self.init(client: client, memory: memory, disk: disk, decoder: CodecDecoder(), configuration: configuration)
    }

    /// As the public `init`, decoding with `decoder` (tests count decodes).
    init(
        client: any HTTPClient, memory: any ImageCaching, disk: any DataCaching, decoder: any ImageDecoding,
        configuration: Configuration
    ) {
        self.configuration = configuration
        if configuration.returnsFreedMemory { HeapTrimmer.enable() }
        self.stages = PipelineStages(
            client: client, memory: memory, disk: disk, decoder: decoder, configuration: configuration)
        self.coalescer = LoadCoalescer(maxConcurrentTransfers: configuration.maxConcurrentTransfers)
    }

    public func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        let key = LoadKey(url: url.absoluteString, target: options.targetSize)
        if !options.reload, let image = stages.memory.image(for: key.memory) { return LoadedImage(image: image, source: .memory) }
        if Task.isCancelled { throw .cancelled }
        if let target = options.targetSize { sizes.note(target, for: key.url) }
        let stages = self.stages
        return try await coalescer.join(key: key.memory, reload: options.reload, priority: options.priority) { job in
            await stages.load(url: url, key: key, job: job)
        }.get()
    }

    /// Forgets the decoded images for `url`, at every size it was loaded at (its cell left the
    /// screen); the disk copy stays.
    public func dropDecodedImage(for url: URL) {
        for key in sizes.removeKeys(for: url.absoluteString) { stages.memory.removeImage(for: key) }
    }

    /// Memory pressure: evicts decoded images, least recently used first, until the memory
    /// cache holds at most `cost` bytes; disk copies stay.
    public func trimMemory(toCost cost: Int) {
        stages.memory.trim(toCost: max(0, cost))
    }
}
