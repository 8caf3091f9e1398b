public import ImageCodec
public import Networking

extension ImagePipeline {
    /// Limits and deadlines of an ``ImagePipeline``.
    public struct Configuration: Sendable, Hashable {
        /// Most body bytes downloaded per image (default 20 MB); more is ``ImageLoadError/tooLarge``.
        public var maxBytes: Int
        /// Most pixels decoded per image (default 50 MP), checked from the header before decoding.
        public var maxPixels: Int
        /// Connect, stall and total deadlines of each request (default 10 s, 15 s, 30 s).
        public var timeouts: RequestTimeouts
        /// Most network transfers at once (default 6, the per-host limit); the waiting ones
        /// start visible first, then in the order they were asked for.
        public var maxConcurrentTransfers: Int
        /// On glibc (Linux), give the memory of freed images and bodies back to the system
        /// (default false, opt-in, because it changes malloc for the whole process): the first
        /// pipeline with it on pins malloc's mmap threshold at 1 MB for the process
        /// (`mallopt(M_MMAP_THRESHOLD)`; glibc otherwise raises it to the largest block freed,
        /// after which freed multi-megabyte pixel buffers stay in its heaps), and malloc's heaps
        /// are trimmed after each megabyte freed. Turn it on where the app is put together, if
        /// nothing else in the process tunes malloc. Elsewhere it does nothing.
        public var returnsFreedMemory: Bool
        /// Which failed transfers are tried again, how often and after how long (default two
        /// retries of a 5xx or a lost connection, after 0.5 s and 1 s, within the total deadline).
        public var retry: RetryPolicy
        /// How long a disk copy stays fresh when its response had no `Cache-Control: max-age`
        /// (default 1 hour). A fresh copy is delivered without asking the server; a stale one
        /// is revalidated with its `ETag`/`Last-Modified` (a 304 keeps it, a 200 replaces it, a
        /// failed revalidation still delivers it). `.zero` revalidates every disk copy.
        public var defaultFreshness: Duration

        /// Creates a configuration; the defaults are the design's rules.
        public init(
            maxBytes: Int = HTTPRequest.defaultMaxBytes, maxPixels: Int = ImageCodec.defaultMaxPixels,
            timeouts: RequestTimeouts = .default, maxConcurrentTransfers: Int = 6, returnsFreedMemory: Bool = false,
            retry: RetryPolicy = .default, defaultFreshness: Duration = .seconds(3600)
        ) {
            self.maxBytes = maxBytes
            self.maxPixels = maxPixels
            self.timeouts = timeouts
            self.maxConcurrentTransfers = maxConcurrentTransfers
            self.returnsFreedMemory = returnsFreedMemory
            self.retry = retry
            self.defaultFreshness = max(.zero, defaultFreshness)
        }
    }
}
