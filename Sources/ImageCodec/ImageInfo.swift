/// What an image header declares, read by ``ImageCodec/probe(_:)`` without decoding pixels.
public struct ImageInfo: Sendable, Hashable {
    /// The file format the data's signature identifies.
    public let format: ImageFormat
    /// The width in pixels declared by the header; always positive.
    public let width: Int
    /// The height in pixels declared by the header; always positive.
    public let height: Int

    /// The number of pixels the header declares, `width * height`.
    ///
    /// Cannot overflow: libpng limits each side to 1,000,000 pixels and JPEG to 65,535.
    public var pixelCount: Int { width * height }
}
