public import ImageCodec

/// How one load should behave.
public struct ImageLoadOptions: Sendable, Hashable {
    /// How urgently an image is needed.
    public enum Priority: Sendable, Hashable {
        /// A cell on screen is waiting for it.
        case visible
        /// It may be needed soon (a cell about to scroll in).
        case prefetch
    }

    /// How urgently the image is needed: when ``ImagePipeline`` has more transfers than it runs
    /// at once, waiting visible loads start before waiting prefetches (a prefetch that a visible
    /// load joins is moved up).
    public var priority: Priority
    /// Pull-to-refresh: skip the memory and disk copies and go to the network, falling back to
    /// the disk copy when the network fails with offline, timedOut or connectionLost.
    public var reload: Bool
    /// The size the image is shown at, in pixels (a cell's side in points times the screen's
    /// scale), or `nil` for the full size.
    ///
    /// With a size the image is decoded at the smallest size that covers it (both sides at
    /// least as large, aspect ratio kept, never enlarged; see
    /// ``ImageCodec/decode(_:covering:maxPixels:)``): a 370×370 cell holds about 0.5 MB of
    /// pixels instead of the full image's megabytes. Each size is its own entry in the memory
    /// cache and its own shared load (a 370×370 and a full-size load of one URL are two
    /// decoded images); the disk keeps the downloaded bytes once per URL, so one download
    /// serves every size. The pixel limit still applies to the size the image declares.
    public var targetSize: PixelSize?

    /// Creates options; by default a visible load of the full-size image that may use cached copies.
    public init(priority: Priority = .visible, reload: Bool = false, targetSize: PixelSize? = nil) {
        self.priority = priority
        self.reload = reload
        self.targetSize = targetSize
    }
}
