public import ImageCodec

/// A decoded image and where it came from.
public struct LoadedImage: Sendable, Hashable {
    /// Where a loaded image came from.
    public enum Source: Sendable, Hashable {
        /// The memory cache: already decoded.
        case memory
        /// The disk cache: decoded from stored bytes.
        case disk
        /// The network: downloaded and decoded.
        case network
    }

    /// The pixels.
    public let image: DecodedImage
    /// Where they came from.
    public let source: Source

    /// Creates a loaded image.
    public init(image: DecodedImage, source: Source) {
        self.image = image
        self.source = source
    }
}
