/// An image file format that ``ImageCodec`` reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Network Graphics: lossless, 8-bit RGB or RGBA as written by ``ImageCodec``.
    case png
    /// JPEG (JFIF): lossy, no alpha channel.
    case jpeg

    /// The media type for HTTP `Content-Type` headers: `image/png` or `image/jpeg`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The conventional file name extension, without the dot: `png` or `jpg`.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        }
    }
}
