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

        /// Creates a configuration; the defaults are the design's rules.
        public init(
            maxBytes: Int = HTTPRequest.defaultMaxBytes, maxPixels: Int = ImageCodec.defaultMaxPixels,
            timeouts: RequestTimeouts = .default, maxConcurrentTransfers: Int = 6
        ) {
            self.maxBytes = maxBytes
            self.maxPixels = maxPixels
            self.timeouts = timeouts
            self.maxConcurrentTransfers = maxConcurrentTransfers
        }
    }
}
