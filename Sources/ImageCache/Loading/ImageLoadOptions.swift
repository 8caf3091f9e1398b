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

    /// Creates options; by default a visible load that may use cached copies.
    public init(priority: Priority = .visible, reload: Bool = false) {
        self.priority = priority
        self.reload = reload
    }
}
